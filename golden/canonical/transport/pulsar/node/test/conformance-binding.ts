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
import { PulsarConsumer, pulsarProperties } from "../src/index.js";
import type { PulsarConsumerClient, PulsarReceivedMessage } from "../src/index.js";
import { NotProvided } from "./conformance-subject.gen.js";
import type { ConformanceSubject } from "./conformance-subject.gen.js";

/** Returns the subject the generated tests run against: this package. */
export function openSubject(): ConformanceSubject {
  return new PackageSubject();
}

/** The operations this package provides. */
const operations = [
  "pulsar_properties",
  "pulsar_reconcile",
  "pulsar_schema_version_gate",
];

/** The subject over this package's source. */
class PackageSubject implements ConformanceSubject {
  capabilities(): string[] {
    return [...operations];
  }

  /**
   * Runs the Pulsar transport's produce-side projection: the message properties.
   * @param envelope the envelope, exactly as the suite file holds it
   */
  pulsarProperties(envelope: string): { [name: string]: string } {
    return pulsarProperties(acceptedEnvelope(envelope));
  }

  /**
   * Reports the attempts after Pulsar reconciliation with the 0-based RedeliveryCount.
   * @param bodyAttempts the attempts of the body the subject builds
   */
  async pulsarReconcile(bodyAttempts: number, redeliveryCount: number): Promise<number> {
    const handled = await consumePulsar(envelopeWithAttempts(bodyAttempts), {}, redeliveryCount, reconcileUrn);
    if (handled === null) {
      throw new Error("PulsarConsumer did not hand the message to its handler");
    }
    return handled.attempts;
  }

  /**
   * Delivers envelope with the schema-version Pulsar message property set to property (absent: not
   * set) to the consumer, which reads it before decoding, and reports "decode" or "reject".
   * @param envelope the envelope, exactly as the suite file holds it
   * @param property the property's value, exactly
   */
  async pulsarSchemaVersionGate(envelope: string, property: string | null): Promise<string> {
    const properties: { [key: string]: string } = {};
    if (property !== null) {
      properties["bq-schema-version"] = property;
    }
    return (await consumePulsar(envelope, properties, 0, urnOf(envelope))) === null ? "reject" : "decode";
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

/** The URN of the messages the reconciliation operations deliver. */
const reconcileUrn = "urn:bqgen:conformance:reconcile";

/** A valid envelope carrying attempts, as the reconciliation operations deliver it. */
function envelopeWithAttempts(attempts: number): string {
  return EnvelopeCodec.encode({ ...EnvelopeCodec.make(reconcileUrn, { x: 1 }), attempts });
}

/** The URN of a delivered envelope, for the handler its consumer routes it to. */
function urnOf(raw: string): string {
  return EnvelopeCodec.urn(EnvelopeCodec.decode(raw));
}
/**
 * Polls one message (payload, properties, redelivery count) through a
 * PulsarConsumer over a fake client, with a handler for urn; returns the
 * envelope the handler got, or null when it did not run.
 */
async function consumePulsar(
  payload: string,
  properties: { [key: string]: string },
  redeliveryCount: number,
  urn: string,
): Promise<Envelope | null> {
  const message: PulsarReceivedMessage = {
    getData: () => Buffer.from(payload, "utf8"),
    getProperties: () => properties,
    getRedeliveryCount: () => redeliveryCount,
  };
  const client: PulsarConsumerClient = {
    receive: async () => message,
    acknowledge: async () => {},
    negativeAcknowledge: async () => {},
  };
  let handled: Envelope | null = null;
  await new PulsarConsumer(client, {
    [urn]: (envelope) => {
      handled = envelope;
    },
  }).poll();
  return handled;
}
