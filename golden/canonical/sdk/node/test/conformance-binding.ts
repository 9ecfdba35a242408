// Scaffolded by bqgen for the BabelQueue conformance suite, CONFORMANCE_VERSION 1.1.0.
//
// This file is yours: bqgen writes it only when it is absent and never
// overwrites it. It tells the generated conformance tests how to reach this
// SDK, mapping each subject operation onto @babelqueue/core and, when they are
// installed, the broker adapter packages (@babelqueue/sqs, ...). An operation
// that cannot be reached from here throws NotProvided, and its tests skip
// with the reason instead of passing. In an adapter package, import the core
// from "@babelqueue/core" below instead of the core's source.

import { EnvelopeCodec, InMemoryStore, Wrap, schema } from "../src/index.js";
import type { Envelope, IncomingEnvelope, Store } from "../src/index.js";
import { NotProvided } from "./conformance-subject.gen.js";
import type {
  ArtemisMessageResult,
  AsbMessageResult,
  AttemptsResult,
  CapabilitiesResult,
  ConformanceSubject,
  DecodeResult,
  Delivery,
  EncodedResult,
  IdempotencyKeyResult,
  IdempotencyReplayResult,
  JsonObject,
  JsonValue,
  KafkaHeadersResult,
  PayloadVerdict,
  PulsarPropertiesResult,
  RabbitMQPublishingResult,
  RedisRoundtripResult,
  SqsAttributesResult,
  View,
} from "./conformance-subject.gen.js";

/** Returns the subject the generated tests run against: this SDK. */
export function openSubject(): ConformanceSubject {
  return new SdkSubject();
}

/**
 * EnvelopeCodec.decode as of @babelqueue/core 1.8, which reports each
 * dropped non-canonical key through onWarning. 1.7 takes no options: it
 * reports no warnings, so the forbidden_keys tests fail there, as they should.
 */
const codec: { decode(raw: string, options?: { onWarning?: (message: string) => void }): IncomingEnvelope } = EnvelopeCodec;

/** The URN of the messages the idempotency replay builds; the helper reads only meta.id. */
const replayUrn = "urn:bqgen:conformance:idempotency";

/** The operations @babelqueue/core itself provides. */
const coreOperations = ["decode", "reencode", "make", "idempotency_key", "idempotency_replay", "validate_payload"];

/** The subject over @babelqueue/core and whichever adapter packages are installed. */
class SdkSubject implements ConformanceSubject {
  async capabilities(): Promise<CapabilitiesResult> {
    const operations = [...coreOperations];
    for (const [operation, pkg] of projections) {
      if (await installed(pkg)) {
        operations.push(operation);
      }
    }
    return { operations };
  }

  decode(envelope: string): DecodeResult {
    const warnings: string[] = [];
    const env = codec.decode(envelope, { onWarning: (message) => warnings.push(message) });
    const accepted = EnvelopeCodec.accepts(env);
    return { accepted, reason: accepted ? "" : "EnvelopeCodec.accepts() returned false", warnings, view: viewOf(env) };
  }

  reencode(envelope: string, attemptsIncrement: number): EncodedResult {
    const env = acceptedEnvelope(envelope);
    env.attempts += attemptsIncrement;
    return { encoded: EnvelopeCodec.encode(env) };
  }

  make(urn: string, queue: string, data: JsonObject): EncodedResult {
    return { encoded: EnvelopeCodec.encode(EnvelopeCodec.make(urn, data, { queue })) };
  }

  async idempotencyKey(envelope: string): Promise<IdempotencyKeyResult> {
    const keys: string[] = [];
    const recording: Store = {
      seen: (id) => {
        keys.push(id);
        return false;
      },
      remember: (id) => {
        keys.push(id);
      },
      forget: () => {},
    };
    await Wrap(recording, () => {})(acceptedEnvelope(envelope));
    return { key: keys[0] ?? "" };
  }

  async idempotencyReplay(deliveries: readonly Delivery[]): Promise<IdempotencyReplayResult> {
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
    return { invoked };
  }

  validatePayload(payloadSchema: JsonObject, data: JsonValue): PayloadVerdict {
    const violation = schema.validateSchema(payloadSchema, data);
    return violation === null ? { valid: true, errors: [] } : { valid: false, errors: [violation] };
  }

  async sqsAttributes(envelope: string): Promise<SqsAttributesResult> {
    const sqs = await adapter<SqsAdapter>("@babelqueue/sqs", "sqs_attributes");
    const attributes: SqsAttributesResult["attributes"] = {};
    for (const [name, value] of Object.entries(sqs.toMessageAttributes(acceptedEnvelope(envelope)))) {
      attributes[name] = { DataType: value.DataType, StringValue: value.StringValue ?? "" };
    }
    return { attributes };
  }

  async asbMessage(envelope: string): Promise<AsbMessageResult> {
    const asb = await adapter<AsbAdapter>("@babelqueue/azure-service-bus", "asb_message");
    const message = asb.toServiceBusMessage(acceptedEnvelope(envelope));
    return {
      subject: message.subject ?? "",
      correlation_id: message.correlationId ?? "",
      message_id: message.messageId ?? "",
      content_type: message.contentType ?? "",
      application_properties: message.applicationProperties ?? {},
    };
  }

  async pulsarProperties(envelope: string): Promise<PulsarPropertiesResult> {
    const pulsar = await adapter<PulsarAdapter>("@babelqueue/pulsar", "pulsar_properties");
    return { properties: pulsar.pulsarProperties(acceptedEnvelope(envelope)) };
  }

  async kafkaHeaders(envelope: string): Promise<KafkaHeadersResult> {
    const kafka = await adapter<KafkaAdapter>("@babelqueue/kafka", "kafka_headers");
    return { headers: kafka.kafkaHeaders(acceptedEnvelope(envelope)) };
  }

  async artemisMessage(envelope: string): Promise<ArtemisMessageResult> {
    const artemis = await adapter<ArtemisAdapter>("@babelqueue/artemis", "artemis_message");
    const message = artemis.artemisMessage(acceptedEnvelope(envelope));
    return {
      annotations: message.message_annotations,
      correlation_id: message.correlation_id,
      creation_time: message.creation_time,
      properties: message.application_properties,
    };
  }

  async rabbitmqPublishing(envelope: string): Promise<RabbitMQPublishingResult> {
    const rabbitmq = await adapter<RabbitMQAdapter>("@babelqueue/rabbitmq", "rabbitmq_publishing");
    const properties = rabbitmq.amqpProperties(acceptedEnvelope(envelope));
    return {
      properties: {
        type: properties.type ?? "",
        correlation_id: properties.correlationId ?? "",
        message_id: properties.messageId ?? "",
        app_id: properties.appId ?? "",
        content_type: properties.contentType ?? "",
      },
      headers: properties.headers ?? {},
    };
  }

  async redisRoundtrip(envelope: string): Promise<RedisRoundtripResult> {
    const redis = await adapter<RedisAdapter>("@babelqueue/redis", "redis_roundtrip");
    // RedisPublisher stores frameValue(body) as the list element, and reserve
    // hands that element back unchanged: with no headers it must be the body.
    return { element: redis.frameValue(envelope) };
  }

  sqsReconcile(): AttemptsResult {
    throw notExported("sqs_reconcile", "SqsConsumer.poll() with a fake SqsApi");
  }

  asbReconcile(): AttemptsResult {
    throw notExported("asb_reconcile", "AsbConsumer.poll() with a fake AsbReceiver");
  }

  pulsarReconcile(): AttemptsResult {
    throw notExported("pulsar_reconcile", "PulsarConsumer.poll() with a fake consumer client");
  }

  kafkaReconcile(): AttemptsResult {
    throw notExported("kafka_reconcile", "KafkaConsumer.handle() with an EachMessagePayload");
  }

  artemisReconcile(): AttemptsResult {
    throw notExported("artemis_reconcile", "ArtemisConsumer.handle() with a fake delivery context");
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
    dead_letter: isObject(env.dead_letter) ? (env.dead_letter as JsonObject) : null,
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

/** The reason of a reconciliation: the adapters keep it private to their consumers. */
function notExported(operation: string, how: string): NotProvided {
  return new NotProvided(operation, `the adapter does not export its reconciliation; drive ${how} here to test it`);
}

// The adapter packages are optional here, so they are loaded when an
// operation needs them, and the part of each that is used is described
// structurally (their types are not available when they are not installed).

interface SqsAdapter {
  toMessageAttributes(envelope: Envelope): { [name: string]: { DataType: string; StringValue?: string } };
}

interface AsbAdapter {
  toServiceBusMessage(envelope: Envelope): {
    subject?: string;
    correlationId?: string;
    messageId?: string;
    contentType?: string;
    applicationProperties?: JsonObject;
  };
}

interface PulsarAdapter {
  pulsarProperties(envelope: Envelope): { [name: string]: string };
}

interface KafkaAdapter {
  kafkaHeaders(envelope: Envelope): { [name: string]: string };
}

interface ArtemisAdapter {
  artemisMessage(envelope: Envelope): {
    message_annotations: JsonObject;
    correlation_id: string;
    creation_time: number;
    application_properties: JsonObject;
  };
}

interface RabbitMQAdapter {
  amqpProperties(envelope: Envelope): {
    type?: string;
    correlationId?: string;
    messageId?: string;
    appId?: string;
    contentType?: string;
    headers?: JsonObject;
  };
}

interface RedisAdapter {
  frameValue(body: string): string;
}

/** The projection operations and the adapter package each needs. */
const projections: ReadonlyArray<readonly [string, string]> = [
  ["sqs_attributes", "@babelqueue/sqs"],
  ["asb_message", "@babelqueue/azure-service-bus"],
  ["pulsar_properties", "@babelqueue/pulsar"],
  ["kafka_headers", "@babelqueue/kafka"],
  ["artemis_message", "@babelqueue/artemis"],
  ["rabbitmq_publishing", "@babelqueue/rabbitmq"],
  ["redis_roundtrip", "@babelqueue/redis"],
];

/** Loads an adapter package; when it is not installed, the operation is not provided. */
async function adapter<T>(pkg: string, operation: string): Promise<T> {
  try {
    return (await import(pkg)) as T;
  } catch (error) {
    if ((error as { code?: unknown }).code === "ERR_MODULE_NOT_FOUND") {
      throw new NotProvided(operation, `${pkg} cannot be loaded here (${String(error)})`);
    }
    throw error;
  }
}

/** Reports whether an adapter package loads. */
async function installed(pkg: string): Promise<boolean> {
  return adapter(pkg, pkg).then(
    () => true,
    () => false,
  );
}
