// Scaffolded by bqgen for the BabelQueue conformance suite, CONFORMANCE_VERSION 1.4.0.
//
// This file is yours: bqgen writes it only when it is absent and never
// overwrites it. It tells the generated conformance tests how to reach this
// SDK, mapping each subject operation onto @babelqueue/core and, when they are
// installed, the broker adapter packages (@babelqueue/<broker>). An operation
// that cannot be reached from here throws NotProvided, and its tests skip
// with the reason instead of passing. In an adapter package, import the core
// from "@babelqueue/core" below instead of the core's source.

import { EnvelopeCodec, InMemoryStore, Wrap, schema as payloadSchemas } from "../src/index.js";
import type { Envelope, IncomingEnvelope, Store } from "../src/index.js";
import { NotProvided } from "./conformance-subject.gen.js";
import type {
  ASBMessage,
  ArtemisMessage,
  ConformanceSubject,
  DecodeResult,
  Delivery,
  JsonObject,
  JsonValue,
  PayloadVerdict,
  RabbitMQPublishing,
  RedisRoundtrip,
  SQSAttribute,
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

/** The operations the broker adapter packages provide, with the package each needs. */
const adapterOperations: ReadonlyArray<readonly [string, string]> = [
  ["sqs_attributes", "@babelqueue/sqs"],
  ["asb_message", "@babelqueue/azure-service-bus"],
  ["pulsar_properties", "@babelqueue/pulsar"],
  ["kafka_headers", "@babelqueue/kafka"],
  ["artemis_message", "@babelqueue/artemis"],
  ["rabbitmq_publishing", "@babelqueue/rabbitmq"],
  ["redis_roundtrip", "@babelqueue/redis"],
];

/** The subject over @babelqueue/core and whichever adapter packages are installed. */
class SdkSubject implements ConformanceSubject {
  async capabilities(): Promise<string[]> {
    const operations = [...coreOperations];
    for (const [operation, pkg] of adapterOperations) {
      if (await installed(pkg)) {
        operations.push(operation);
      }
    }
    return operations;
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
    return { accepted, reason: accepted ? "" : "EnvelopeCodec.accepts() returned false", warnings, view: viewOf(env) };
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
  async sqsAttributes(envelope: string): Promise<{ [name: string]: SQSAttribute }> {
    const sqs = await adapter<SqsAdapter>("@babelqueue/sqs", "sqs_attributes");
    const attributes: { [name: string]: SQSAttribute } = {};
    for (const [name, value] of Object.entries(sqs.toMessageAttributes(acceptedEnvelope(envelope)))) {
      attributes[name] = { DataType: value.DataType, StringValue: value.StringValue ?? "" };
    }
    return attributes;
  }

  /**
   * Reports the attempts a consumer sees after SQS reconciliation of a body carrying bodyAttempts;
   * an absent count is an absent ApproximateReceiveCount.
   * @param bodyAttempts the attempts of the body the subject builds
   */
  sqsReconcile(): never {
    throw new NotProvided(
      "sqs_reconcile",
      "the adapter does not export its reconciliation; drive " +
        "SqsConsumer.poll() with a fake SqsApi here to test it",
    );
  }

  /**
   * Runs the Azure Service Bus transport's produce-side projection.
   * @param envelope the envelope, exactly as the suite file holds it
   */
  async asbMessage(envelope: string): Promise<ASBMessage> {
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

  /**
   * Reports the attempts after Azure Service Bus reconciliation with the 1-based DeliveryCount.
   * @param bodyAttempts the attempts of the body the subject builds
   */
  asbReconcile(): never {
    throw new NotProvided(
      "asb_reconcile",
      "the adapter does not export its reconciliation; drive " +
        "AsbConsumer.poll() with a fake AsbReceiver here to test it",
    );
  }

  /**
   * Runs the Pulsar transport's produce-side projection: the message properties.
   * @param envelope the envelope, exactly as the suite file holds it
   */
  async pulsarProperties(envelope: string): Promise<{ [name: string]: string }> {
    const pulsar = await adapter<PulsarAdapter>("@babelqueue/pulsar", "pulsar_properties");
    return pulsar.pulsarProperties(acceptedEnvelope(envelope));
  }

  /**
   * Reports the attempts after Pulsar reconciliation with the 0-based RedeliveryCount.
   * @param bodyAttempts the attempts of the body the subject builds
   */
  pulsarReconcile(): never {
    throw new NotProvided(
      "pulsar_reconcile",
      "the adapter does not export its reconciliation; drive " +
        "PulsarConsumer.poll() with a fake consumer client here to test it",
    );
  }

  /**
   * Runs the Kafka transport's produce-side projection: the record headers as UTF-8 strings.
   * @param envelope the envelope, exactly as the suite file holds it
   */
  async kafkaHeaders(envelope: string): Promise<{ [name: string]: string }> {
    const kafka = await adapter<KafkaAdapter>("@babelqueue/kafka", "kafka_headers");
    return kafka.kafkaHeaders(acceptedEnvelope(envelope));
  }

  /**
   * Reports the attempts after Kafka reconciliation with the bq-attempts header as the text on the
   * wire; an absent headerAttempts is an absent header.
   * @param bodyAttempts the attempts of the body the subject builds
   */
  kafkaReconcile(): never {
    throw new NotProvided(
      "kafka_reconcile",
      "the adapter does not export its reconciliation; drive " +
        "KafkaConsumer.handle() with an EachMessagePayload here to test it",
    );
  }

  /**
   * Runs the Artemis transport's produce-side projection onto an AMQP 1.0 message.
   * @param envelope the envelope, exactly as the suite file holds it
   */
  async artemisMessage(envelope: string): Promise<ArtemisMessage> {
    const artemis = await adapter<ArtemisAdapter>("@babelqueue/artemis", "artemis_message");
    const message = artemis.artemisMessage(acceptedEnvelope(envelope));
    return {
      annotations: message.message_annotations,
      correlation_id: message.correlation_id,
      creation_time: message.creation_time,
      properties: message.application_properties,
    };
  }

  /**
   * Reports the attempts after Artemis reconciliation with the 0-based delivery-count.
   * @param bodyAttempts the attempts of the body the subject builds
   */
  artemisReconcile(): never {
    throw new NotProvided(
      "artemis_reconcile",
      "the adapter does not export its reconciliation; drive " +
        "ArtemisConsumer.handle() with a fake delivery context here to test it",
    );
  }

  /**
   * Runs the RabbitMQ transport's produce-side projection onto an AMQP 0-9-1 publishing.
   * @param envelope the envelope, exactly as the suite file holds it
   */
  async rabbitmqPublishing(envelope: string): Promise<RabbitMQPublishing> {
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

  /**
   * Produces envelope onto a fresh Redis queue, reserves it and returns the element exactly as
   * reserve returns it, with the length of the queue's ready list after each step.
   * @param envelope the envelope, exactly as the suite file holds it
   */
  async redisRoundtrip(envelope: string): Promise<RedisRoundtrip> {
    const redis = await adapter<RedisAdapter>("@babelqueue/redis", "redis_roundtrip");
    const queue = "bqgen-conformance";
    const client = new InMemoryRedis();
    // Produce: RedisPublisher.publish() builds its envelope from a URN and
    // data, so it cannot be handed this one; what it RPUSHes is
    // frameValue(the encoded envelope, headers): here these bytes, no headers.
    await client.rpush(queue, redis.frameValue(envelope, null));
    const queuedAfterProduce = client.length(queue);
    // Reserve: RedisConsumer.poll() moves the element to the processing list
    // (BRPOPLPUSH) and hands its handler the element as it reserved it.
    const handed: string[] = [];
    const failures: unknown[] = [];
    const handlers = {
      [EnvelopeCodec.urn(acceptedEnvelope(envelope))]: (_envelope: Envelope, raw: string) => {
        handed.push(raw);
      },
    };
    const consumer = new redis.RedisConsumer(client, queue, handlers, {
      deadLetterQueue: null,
      onError: (error) => failures.push(error),
    });
    if (!(await consumer.poll())) {
      throw new Error("RedisConsumer.poll() reserved nothing from the queue produce filled");
    }
    const element = handed[0];
    if (element === undefined) {
      throw new Error(`RedisConsumer.poll() did not hand the element to its handler: ${String(failures[0])}`);
    }
    return { element, queued_after_produce: queuedAfterProduce, queued_after_reserve: client.length(queue) };
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
      "@babelqueue/sqs has no schema-version gate: SqsConsumer decodes " +
        "the body without reading the bq-schema-version message attribute; " +
        "once it has one, map the gate here: drive the consumer with the property set " +
        "and answer decode when the handler ran, else reject",
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
      "@babelqueue/azure-service-bus has no schema-version gate: AsbConsumer decodes " +
        "the body without reading the bq-schema-version application property; " +
        "once it has one, map the gate here: drive the consumer with the property set " +
        "and answer decode when the handler ran, else reject",
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
      "@babelqueue/pulsar has no schema-version gate: PulsarConsumer decodes " +
        "the payload without reading the bq-schema-version message property; " +
        "once it has one, map the gate here: drive the consumer with the property set " +
        "and answer decode when the handler ran, else reject",
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
      "@babelqueue/kafka has no schema-version gate: KafkaConsumer decodes " +
        "the record value without reading the bq-schema-version header; " +
        "once it has one, map the gate here: drive the consumer with the property set " +
        "and answer decode when the handler ran, else reject",
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
      "@babelqueue/artemis has no schema-version gate: ArtemisConsumer decodes " +
        "the body without reading the bq_schema_version application property; " +
        "once it has one, map the gate here: drive the consumer with the property set " +
        "and answer decode when the handler ran, else reject",
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
  frameValue(body: string, headers: null): string;
  RedisConsumer: new (
    client: InMemoryRedis,
    queue: string,
    handlers: { [urn: string]: (envelope: Envelope, raw: string) => void },
    options: { deadLetterQueue: null; onError: (error: unknown) => void },
  ) => { poll(): Promise<boolean> };
}

/**
 * The list commands @babelqueue/redis calls (its RedisClient), over lists in
 * memory, as Redis runs them: a fresh Redis for one roundtrip.
 */
class InMemoryRedis {
  readonly #lists = new Map<string, string[]>();

  /** LLEN. */
  length(key: string): number {
    return this.#list(key).length;
  }

  rpush(key: string, value: string): Promise<number> {
    return Promise.resolve(this.#list(key).push(value));
  }

  /** Moves the tail of source to the head of destination; nothing fills a list later, so it never blocks. */
  brpoplpush(source: string, destination: string): Promise<string | null> {
    const value = this.#list(source).pop();
    if (value === undefined) {
      return Promise.resolve(null);
    }
    this.#list(destination).unshift(value);
    return Promise.resolve(value);
  }

  lrem(key: string, count: number, value: string): Promise<number> {
    const list = this.#list(key);
    let removed = 0;
    for (let i = 0; i < list.length && (count === 0 || removed < Math.abs(count)); ) {
      if (list[i] === value) {
        list.splice(i, 1);
        removed++;
      } else {
        i++;
      }
    }
    return Promise.resolve(removed);
  }

  #list(key: string): string[] {
    let list = this.#lists.get(key);
    if (list === undefined) {
      list = [];
      this.#lists.set(key, list);
    }
    return list;
  }
}

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
