// Scaffolded by bqgen for the BabelQueue conformance suite, CONFORMANCE_VERSION 1.7.0.
//
// This file is yours: bqgen writes it only when it is absent and never
// overwrites it. It tells the generated conformance tests how to reach this
// package: each operation of its broker maps onto the package's own source
// (not its dist/ build), the consumer driven with a fake client, and the core
// comes from the installed @babelqueue/core. An operation this package cannot
// offer throws NotProvided, and its tests skip with the reason instead of
// passing; one the class leaves out (the core's or another broker's, or one
// a later bqgen adds) answers with its generated default in
// conformance-subject.gen.ts, which reports it not provided.

import { EnvelopeCodec } from "@babelqueue/core";
import type { Envelope } from "@babelqueue/core";
import { RedisConsumer, RedisPublisher, frameValue } from "../src/index.js";
import type { BabelHandlers, RedisClient } from "../src/index.js";
import { NotProvided } from "./conformance-subject.gen.js";
import type { ConformanceSubject, JsonObject, RedisProduced, RedisRoundtrip } from "./conformance-subject.gen.js";

/** Returns the subject the generated tests run against: this package. */
export function openSubject(): ConformanceSubject {
  return new PackageSubject();
}

/** The operations this package provides. */
const operations = [
  "redis_roundtrip",
  "redis_produce",
];

/** The subject over this package's source. */
class PackageSubject implements ConformanceSubject {
  capabilities(): string[] {
    return [...operations];
  }

  /**
   * Produces envelope onto a fresh Redis queue, reserves it and returns the element exactly as
   * reserve returns it, with the length of the queue's ready list after each step.
   * @param envelope the envelope, exactly as the suite file holds it
   */
  async redisRoundtrip(envelope: string): Promise<RedisRoundtrip> {
    const queue = "bqgen-conformance";
    const client = new InMemoryRedis();
    // Produce: RedisPublisher.publish() builds its envelope from a URN and
    // data, so it cannot be handed this one; what it RPUSHes is
    // frameValue(the encoded envelope, headers): here these bytes, no headers.
    await client.rpush(queue, frameValue(envelope, null));
    const queuedAfterProduce = client.length(queue);
    // Reserve: RedisConsumer.poll() moves the element to the processing list
    // (BRPOPLPUSH) and hands its handler the element as it reserved it.
    const handed: string[] = [];
    const failures: unknown[] = [];
    const handlers: BabelHandlers = {
      [EnvelopeCodec.urn(acceptedEnvelope(envelope))]: (_envelope, raw) => {
        handed.push(raw);
      },
    };
    const consumer = new RedisConsumer(client, queue, handlers, {
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
   * Publishes a new message from urn, queue, data and traceID with the Redis transport's publisher
   * onto a fresh queue and returns the element it stored, exactly, and that element decoded and
   * encoded again by the SDK's codec.
   */
  async redisProduce(urn: string, queue: string, data: JsonObject, traceID: string): Promise<RedisProduced> {
    const client = new InMemoryRedis();
    await RedisPublisher.create(client, queue).publish(urn, data, { traceId: traceID });
    const stored = client.elements(queue);
    const element = stored[0];
    if (stored.length !== 1 || element === undefined) {
      throw new Error(`RedisPublisher.publish() left ${stored.length} elements on the list, expected 1`);
    }
    let reencoded = "";
    try {
      reencoded = EnvelopeCodec.encode(EnvelopeCodec.decode(element) as Envelope);
    } catch {
      // an element that does not decode has no encoding
    }
    return { element, reencoded };
  }

  close(): void {}
}

/** Decodes an envelope the core must accept, for the operations that start from one. */
function acceptedEnvelope(raw: string): Envelope {
  const env = EnvelopeCodec.decode(raw);
  if (!EnvelopeCodec.accepts(env)) {
    throw new Error("EnvelopeCodec.accepts() rejected the envelope");
  }
  return env;
}

/**
 * The package's RedisClient over lists in memory, as Redis runs them: a fresh
 * Redis for one roundtrip.
 */
class InMemoryRedis implements RedisClient {
  readonly #lists = new Map<string, string[]>();

  /** LLEN. */
  length(key: string): number {
    return this.#list(key).length;
  }

  /** LRANGE key 0 -1. */
  elements(key: string): string[] {
    return [...this.#list(key)];
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
