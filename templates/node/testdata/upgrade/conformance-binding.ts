// Scaffolded by bqgen for the BabelQueue conformance suite, CONFORMANCE_VERSION 1.4.0.
//
// This file is yours: bqgen writes it only when it is absent and never
// overwrites it. It tells the generated conformance tests how to reach this
// SDK, mapping each subject operation onto @babelqueue/core. An operation the
// core has no API for throws NotProvided, and its tests skip with the reason
// instead of passing; a broker's operations belong to that broker's
// transport target, generated into its adapter package. In an adapter
// package, import the core from "@babelqueue/core" below instead of the
// core's source.

import * as core from "../src/index.js";
import { EnvelopeCodec, InMemoryStore, Wrap, schema as payloadSchemas } from "../src/index.js";
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
   * Runs the SQS transport's produce-side projection: the MessageAttributes, by name.
   * @param envelope the envelope, exactly as the suite file holds it
   */
  sqsAttributes(): never {
    throw new NotProvided(
      "sqs_attributes",
      "belongs to the sqs transport target (blocks: [sqs] in bqgen.yaml)",
    );
  }

  /**
   * Reports the attempts a consumer sees after SQS reconciliation of a body carrying bodyAttempts;
   * an absent count is an absent ApproximateReceiveCount.
   * @param bodyAttempts the attempts of the body the subject builds
   */
  sqsReconcile(): never {
    throw new NotProvided(
      "sqs_reconcile",
      "belongs to the sqs transport target (blocks: [sqs] in bqgen.yaml)",
    );
  }

  /**
   * Runs the Azure Service Bus transport's produce-side projection.
   * @param envelope the envelope, exactly as the suite file holds it
   */
  asbMessage(): never {
    throw new NotProvided(
      "asb_message",
      "belongs to the asb transport target (blocks: [asb] in bqgen.yaml)",
    );
  }

  /**
   * Reports the attempts after Azure Service Bus reconciliation with the 1-based DeliveryCount.
   * @param bodyAttempts the attempts of the body the subject builds
   */
  asbReconcile(): never {
    throw new NotProvided(
      "asb_reconcile",
      "belongs to the asb transport target (blocks: [asb] in bqgen.yaml)",
    );
  }

  /**
   * Runs the Pulsar transport's produce-side projection: the message properties.
   * @param envelope the envelope, exactly as the suite file holds it
   */
  pulsarProperties(): never {
    throw new NotProvided(
      "pulsar_properties",
      "belongs to the pulsar transport target (blocks: [pulsar] in bqgen.yaml)",
    );
  }

  /**
   * Reports the attempts after Pulsar reconciliation with the 0-based RedeliveryCount.
   * @param bodyAttempts the attempts of the body the subject builds
   */
  pulsarReconcile(): never {
    throw new NotProvided(
      "pulsar_reconcile",
      "belongs to the pulsar transport target (blocks: [pulsar] in bqgen.yaml)",
    );
  }

  /**
   * Runs the Kafka transport's produce-side projection: the record headers as UTF-8 strings.
   * @param envelope the envelope, exactly as the suite file holds it
   */
  kafkaHeaders(): never {
    throw new NotProvided(
      "kafka_headers",
      "belongs to the kafka transport target (blocks: [kafka] in bqgen.yaml)",
    );
  }

  /**
   * Reports the attempts after Kafka reconciliation with the bq-attempts header as the text on the
   * wire; an absent headerAttempts is an absent header.
   * @param bodyAttempts the attempts of the body the subject builds
   */
  kafkaReconcile(): never {
    throw new NotProvided(
      "kafka_reconcile",
      "belongs to the kafka transport target (blocks: [kafka] in bqgen.yaml)",
    );
  }

  /**
   * Runs the Artemis transport's produce-side projection onto an AMQP 1.0 message.
   * @param envelope the envelope, exactly as the suite file holds it
   */
  artemisMessage(): never {
    throw new NotProvided(
      "artemis_message",
      "belongs to the artemis transport target (blocks: [artemis] in bqgen.yaml)",
    );
  }

  /**
   * Reports the attempts after Artemis reconciliation with the 0-based delivery-count.
   * @param bodyAttempts the attempts of the body the subject builds
   */
  artemisReconcile(): never {
    throw new NotProvided(
      "artemis_reconcile",
      "belongs to the artemis transport target (blocks: [artemis] in bqgen.yaml)",
    );
  }

  /**
   * Runs the RabbitMQ transport's produce-side projection onto an AMQP 0-9-1 publishing.
   * @param envelope the envelope, exactly as the suite file holds it
   */
  rabbitmqPublishing(): never {
    throw new NotProvided(
      "rabbitmq_publishing",
      "belongs to the rabbitmq transport target (blocks: [rabbitmq] in bqgen.yaml)",
    );
  }

  /**
   * Produces envelope onto a fresh Redis queue, reserves it and returns the element exactly as
   * reserve returns it, with the length of the queue's ready list after each step.
   * @param envelope the envelope, exactly as the suite file holds it
   */
  redisRoundtrip(): never {
    throw new NotProvided(
      "redis_roundtrip",
      "belongs to the redis transport target (blocks: [redis] in bqgen.yaml)",
    );
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
    const store = new InMemoryStore();
    const failure = new Error("the handler throws, as the delivery asks");
    const invoked = deliveries.map(() => false);
    let current = 0; // the delivery being fed, which the handler records
    const handler = Wrap(store, () => {
      invoked[current] = true;
      if (deliveries[current]?.outcome === "throw") {
        throw failure;
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
      } catch (error) {
        if (error !== failure) {
          throw error;
        }
      }
    }
    return invoked;
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
   * Delivers envelope with the schema-version SQS message attribute set to property (absent: not
   * set) to the consumer, which reads it before decoding, and reports "decode" or "reject".
   * @param envelope the envelope, exactly as the suite file holds it
   * @param property the property's value, exactly
   */
  sqsSchemaVersionGate(): never {
    throw new NotProvided(
      "sqs_schema_version_gate",
      "belongs to the sqs transport target (blocks: [sqs] in bqgen.yaml)",
    );
  }

  /**
   * Delivers envelope with the schema-version application property set to property (absent: not
   * set) to the consumer, which reads it before decoding, and reports "decode" or "reject".
   * @param envelope the envelope, exactly as the suite file holds it
   * @param property the property's value: a string, a number, or null for absent
   * @param amqpType for a number, its AMQP type: "int", "long" or "double"
   */
  asbSchemaVersionGate(): never {
    throw new NotProvided(
      "asb_schema_version_gate",
      "belongs to the asb transport target (blocks: [asb] in bqgen.yaml)",
    );
  }

  /**
   * Delivers envelope with the schema-version Pulsar message property set to property (absent: not
   * set) to the consumer, which reads it before decoding, and reports "decode" or "reject".
   * @param envelope the envelope, exactly as the suite file holds it
   * @param property the property's value, exactly
   */
  pulsarSchemaVersionGate(): never {
    throw new NotProvided(
      "pulsar_schema_version_gate",
      "belongs to the pulsar transport target (blocks: [pulsar] in bqgen.yaml)",
    );
  }

  /**
   * Delivers envelope with the schema-version Kafka record header set to property (absent: not set)
   * to the consumer, which reads it before decoding, and reports "decode" or "reject".
   * @param envelope the envelope, exactly as the suite file holds it
   * @param property the property's value, exactly
   */
  kafkaSchemaVersionGate(): never {
    throw new NotProvided(
      "kafka_schema_version_gate",
      "belongs to the kafka transport target (blocks: [kafka] in bqgen.yaml)",
    );
  }

  /**
   * Delivers envelope with the schema-version AMQP application property set to property (absent:
   * not set) to the consumer, which reads it before decoding, and reports "decode" or "reject".
   * @param envelope the envelope, exactly as the suite file holds it
   * @param property the property's value, exactly
   */
  artemisSchemaVersionGate(): never {
    throw new NotProvided(
      "artemis_schema_version_gate",
      "belongs to the artemis transport target (blocks: [artemis] in bqgen.yaml)",
    );
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
   * @param position the message's position, as the broker names it
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

  close(): void {}
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
