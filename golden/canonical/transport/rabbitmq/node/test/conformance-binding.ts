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
import { amqpProperties } from "../src/index.js";
import { NotProvided } from "./conformance-subject.gen.js";
import type { ConformanceSubject, RabbitMQPublishing } from "./conformance-subject.gen.js";

/** Returns the subject the generated tests run against: this package. */
export function openSubject(): ConformanceSubject {
  return new PackageSubject();
}

/** The operations this package provides. */
const operations = [
  "rabbitmq_publishing",
];

/** The subject over this package's source. */
class PackageSubject implements ConformanceSubject {
  capabilities(): string[] {
    return [...operations];
  }

  /**
   * Runs the RabbitMQ transport's produce-side projection onto an AMQP 0-9-1 publishing.
   * @param envelope the envelope, exactly as the suite file holds it
   */
  rabbitmqPublishing(envelope: string): RabbitMQPublishing {
    const properties = amqpProperties(acceptedEnvelope(envelope));
    return {
      properties: {
        type: properties.type ?? "",
        correlation_id: properties.correlationId ?? "",
        message_id: properties.messageId ?? "",
        app_id: properties.appId ?? "",
        content_type: properties.contentType ?? "",
      },
      headers: (properties.headers ?? {}) as RabbitMQPublishing["headers"],
    };
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
