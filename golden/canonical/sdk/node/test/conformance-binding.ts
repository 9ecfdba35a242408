// Scaffolded by bqgen for the BabelQueue conformance suite, CONFORMANCE_VERSION 1.7.0.
//
// This file is yours: bqgen writes it only when it is absent and never
// overwrites it. It tells the generated conformance tests how to reach this
// SDK, mapping each subject operation onto @babelqueue/core. An operation the
// core has no API for throws NotProvided, and its tests skip with the reason
// instead of passing. An operation the class leaves out (a broker's, which
// belongs to that broker's transport target, generated into its adapter
// package, or one a later bqgen adds) answers with its generated default in
// conformance-subject.gen.ts, which reports it not provided. In an adapter
// package, import the core from "@babelqueue/core" below instead of the
// core's source.

import * as core from "../src/index.js";
import { EnvelopeCodec, InMemoryStore, Wrap, annotate, schema as payloadSchemas } from "../src/index.js";
import type { Envelope, IncomingEnvelope, Store } from "../src/index.js";
import { NotProvided } from "./conformance-subject.gen.js";
import type {
  ConformanceSubject,
  DecodeResult,
  Delivery,
  JsonObject,
  JsonValue,
  PayloadVerdict,
  View,
} from "./conformance-subject.gen.js";

/** Returns the subject the generated tests run against: this SDK. */
export function openSubject(): ConformanceSubject {
  return new SdkSubject();
}

/**
 * Whether this core has decode's warnings hook, the onWarning option through
 * which EnvelopeCodec.decode reports each non-canonical key it drops. An
 * option is invisible at run time, so the hook is detected by the constant
 * the core exports with it (FORBIDDEN_KEY_WARNING_CODE); without it, decode
 * answers and its warnings are not provided.
 */
const hasWarningsHook = "FORBIDDEN_KEY_WARNING_CODE" in core;

/**
 * EnvelopeCodec.decode as a core with the warnings hook declares it; the
 * assignment is type-checked, and a core whose decode takes no options still
 * compiles (and ignores them).
 */
const codec: {
  decode(raw: string, options?: { onWarning?: (message: string) => void }): IncomingEnvelope;
} = EnvelopeCodec;

/** The URN of the messages the idempotency replay builds; the helper reads only meta.id. */
const replayUrn = "urn:bqgen:conformance:idempotency";

/** The operations @babelqueue/core itself provides. */
const coreOperations = [
  "decode",
  "reencode",
  "make",
  "idempotency_key",
  "idempotency_replay",
  "validate_payload",
  "new_message",
  "dead_letter",
  "idempotency_raised",
];

/** The subject over @babelqueue/core. */
class SdkSubject implements ConformanceSubject {
  capabilities(): string[] {
    return [...coreOperations];
  }

  /**
   * Decodes envelope with the consumer API and reports whether it is accepted; rejection is a
   * result, not an error.
   * @param envelope the envelope, exactly as the suite file holds it
   */
  decode(envelope: string): DecodeResult {
    const warnings: string[] = [];
    const env = codec.decode(envelope, { onWarning: (message) => warnings.push(message) });
    const accepted = EnvelopeCodec.accepts(env);
    return {
      accepted,
      reason: accepted ? "" : "EnvelopeCodec.accepts() returned false",
      warnings: hasWarningsHook
        ? warnings
        : new NotProvided("decode warnings", "this @babelqueue/core has no decode warnings hook (EnvelopeCodec.decode's onWarning option)"),
      view: viewOf(env),
    };
  }

  /**
   * Decodes an accepted envelope, adds attemptsIncrement to its attempts and encodes it again, as
   * retry, DLQ and outbox relay do.
   * @param envelope the envelope, exactly as the suite file holds it
   */
  reencode(envelope: string, attemptsIncrement: number): string {
    const env = acceptedEnvelope(envelope);
    env.attempts += attemptsIncrement;
    return EnvelopeCodec.encode(env);
  }

  /**
   * Builds a new envelope with the producer API from a URN, a queue and data (a JSON object) and
   * encodes it.
   */
  make(urn: string, queue: string, data: JsonObject): string {
    return EnvelopeCodec.encode(EnvelopeCodec.make(urn, data, { queue }));
  }

  /**
   * Reports the key the idempotency helper's seen-set uses for the message.
   * @param envelope the envelope, exactly as the suite file holds it
   */
  async idempotencyKey(envelope: string): Promise<string> {
    const used: string[] = []; // every key Wrap hands the store, in order
    const remembered: string[] = [];
    const recording: Store = {
      seen: (id) => {
        used.push(id);
        return false;
      },
      remember: (id) => {
        used.push(id);
        remembered.push(id);
      },
      forget: (id) => {
        used.push(id);
      },
    };
    await Wrap(recording, () => {})(acceptedEnvelope(envelope));
    const key = remembered[0];
    if (key === undefined) {
      throw new Error("Wrap remembered no key for a delivery its handler completed");
    }
    const keys = [...new Set(used)];
    if (keys.length > 1) {
      throw new Error(`Wrap used different keys for one delivery: ${keys.map((k) => JSON.stringify(k)).join(", ")}`);
    }
    return key;
  }

  /**
   * Drives one handler, wrapped once by the idempotency helper over one fresh store, through the
   * deliveries in order; invoked[i] reports whether the handler ran for delivery i.
   */
  async idempotencyReplay(deliveries: readonly Delivery[]): Promise<boolean[]> {
    return (await replay(new InMemoryStore(), deliveries)).map(({ ran }) => ran);
  }

  /**
   * Validates data (any JSON value) against a draft-07 payload schema and reports whether it is
   * valid.
   * @param schema the payload schema
   */
  validatePayload(schema: JsonObject, data: JsonValue): PayloadVerdict {
    const violation = payloadSchemas.validateSchema(schema, data);
    return violation === null ? { valid: true, errors: [] } : { valid: false, errors: [violation] };
  }

  /**
   * Receives one message from broker (with a dead-letter queue or not) and drives it, or its
   * WithBody copy (a call prefixed "copy."), through calls (acknowledge, requeue, reject); reports
   * what each call returned, the broker actions taken, what delivers the message again and the
   * messages_settled counts.
   * @param broker rabbitmq, servicebus, sqs or kafka
   * @param deadLetterQueue whether the queue has a dead-letter queue
   * @param calls the settle calls, in order
   */
  settle(): never {
    throw new NotProvided(
      "settle",
      "neither @babelqueue/core nor the adapter packages have a received-message handle that " +
        "settles once: no acknowledge, requeue and reject where the first call wins, no WithBody copy " +
        "and no messages_settled counter (each adapter's consumer settles its deliveries itself); " +
        "once the SDK has the message-queue connectors' shared messaging layer, map the operation here " +
        "onto it",
    );
  }

  /**
   * Receives one message whose body may not be a valid T from a source with the given
   * RowErrorHandler action (absent: no handler) and reports whether it was handed on, the read
   * error, how it was settled, what reached the dead-letter sink and the row_errors counts.
   * @param type the JSON schema of T
   * @param source the queue or topic
   * @param position the message's position: the broker's number for it (Kafka's offset, RabbitMQ's
   * delivery tag, Service Bus's sequence number), in decimal
   * @param metadata the broker's metadata
   * @param action fail, skip or dead_letter; absent: no handler
   * @param rawExcerptLength RawExcerptLength; absent: the default
   */
  readMessage(): never {
    throw new NotProvided(
      "read_message",
      "neither @babelqueue/core nor the adapter packages have a RowErrorHandler: their " +
        "consumers decode BabelQueue envelopes, never a message body into a type T, so there is no " +
        "fail, skip or dead_letter action for a body that does not deserialize, no MessageFailure " +
        "dead-letter sink and no row_errors counter; " +
        "once the SDK has the message-queue connectors' shared messaging layer, map the operation here " +
        "onto it",
    );
  }

  /**
   * Writes the messages of batches (by id) through a sink of the given kind with the given
   * FailedMessageAction, the broker refusing the refused ones, and reports whether the write
   * failed, how each source message was settled, which bodies reached the dead-letter sink and the
   * event after which each was acknowledged.
   * @param sink message_queue, sql, sql_whole_run, http or other
   * @param action fail, requeue or dead_letter (http: skip or dead_letter for a failed request)
   * @param batches the batches, each a list of message ids
   * @param refused the ids the broker (or the HTTP endpoint) refuses
   */
  writeMessages(): never {
    throw new NotProvided(
      "write_messages",
      "neither @babelqueue/core nor the adapter packages have a sink: their publishers " +
        "publish messages, but nothing writes a stream of received messages in batches and settles " +
        "them afterwards, so there is no FailedMessageAction (fail, requeue, dead_letter), no " +
        "dead-letter sink and no acknowledgement after a batch, commit or request; " +
        "once the SDK has the message-queue connectors' shared messaging layer, map the operation here " +
        "onto it",
    );
  }

  /**
   * Builds a new envelope with the producer API from a URN, a queue, data (a JSON object) and, when
   * traceID is present, that trace id, and encodes it.
   * @param traceID the trace id given to the producer; absent: none given
   */
  newMessage(urn: string, queue: string, data: JsonObject, traceID: string | null): string {
    return EnvelopeCodec.encode(EnvelopeCodec.make(urn, data, traceID === null ? { queue } : { queue, traceId: traceID }));
  }

  /**
   * Decodes envelope and dead-letters it with the SDK's dead-letter API (the reason, the queue it
   * was consumed from and, when present, the error text), and encodes the result.
   * @param envelope the envelope, exactly as the suite file holds it
   * @param reason failed, unknown_urn or poison
   * @param originalQueue the queue the message was consumed from
   * @param error the handler's error text; absent: none
   */
  deadLetter(envelope: string, reason: string, originalQueue: string, error: string | null): string {
    return EnvelopeCodec.encode(annotate(acceptedEnvelope(envelope), reason, originalQueue, { error }));
  }

  /**
   * Drives one handler, wrapped once by the idempotency helper over one fresh store, through the
   * deliveries in order; raised[i] reports whether the call into the wrapped handler gave an error
   * back to its caller for delivery i.
   */
  async idempotencyRaised(deliveries: readonly Delivery[]): Promise<boolean[]> {
    return (await replay(new InMemoryStore(), deliveries)).map(({ raised }) => raised);
  }

  close(): void {}
}

/**
 * Drives one handler, wrapped once by Wrap over store (a fresh one), through
 * the deliveries: per delivery, whether the handler ran and whether the
 * wrapped call threw.
 */
async function replay(store: Store, deliveries: readonly Delivery[]): Promise<{ ran: boolean; raised: boolean }[]> {
  const results = deliveries.map(() => ({ ran: false, raised: false }));
  let current = 0; // the delivery being fed, which the handler records
  const handler = Wrap(store, () => {
    results[current]!.ran = true;
    if (deliveries[current]?.outcome === "throw") {
      throw new Error("the handler throws, as the delivery asks");
    }
  });
  for (const [i, delivery] of deliveries.entries()) {
    if (delivery.forget_before) {
      await store.forget(delivery.meta_id);
    }
    const env = EnvelopeCodec.make(replayUrn, {});
    env.meta.id = delivery.meta_id;
    current = i;
    try {
      await handler(env);
    } catch {
      results[i]!.raised = true;
    }
  }
  return results;
}

/** Decodes an envelope the core must accept, for the operations that start from one. */
function acceptedEnvelope(raw: string): Envelope {
  const env = codec.decode(raw, { onWarning: () => {} }); // decode() reports warnings; here they are noise
  if (!EnvelopeCodec.accepts(env)) {
    throw new Error("EnvelopeCodec.accepts() rejected the envelope");
  }
  return env;
}

/** The neutral view of a decoded envelope: null where a field is absent or of another type. */
function viewOf(env: IncomingEnvelope): View {
  const meta: { [key: string]: unknown } = isObject(env.meta) ? env.meta : {};
  const urn = EnvelopeCodec.urn(env);
  return {
    urn: urn === "" ? null : urn,
    data: env.data === undefined ? null : (env.data as JsonValue),
    attempts: integerOrNull(env.attempts),
    lang: stringOrNull(meta["lang"]),
    schema_version: integerOrNull(meta["schema_version"]),
    trace_id: stringOrNull(env.trace_id),
    id: stringOrNull(meta["id"]),
    created_at: integerOrNull(meta["created_at"]),
    queue: stringOrNull(meta["queue"]),
    dead_letter: isObject(env.dead_letter) ? (env.dead_letter as JsonValue) : null,
  };
}

function isObject(value: unknown): value is { [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringOrNull(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

function integerOrNull(value: unknown): number | null {
  return Number.isInteger(value) ? (value as number) : null;
}
