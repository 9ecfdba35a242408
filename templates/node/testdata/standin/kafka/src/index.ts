// A stand-in for the adapter package, written for bqgen's type-check test from
// the facts in sdk-api/node.md §9: the exported names and types the
// scaffold reaches, with minimal bodies. It is not the SDK.

import { EnvelopeCodec } from "@babelqueue/core";
import type { Envelope, HeaderCarrier } from "@babelqueue/core";

export type IncomingHeaders = { [key: string]: Buffer | string | (Buffer | string)[] | undefined };

export interface KafkaIncomingMessage {
  value: Buffer | null;
  headers?: IncomingHeaders;
  offset: string;
}

export interface EachMessagePayload {
  topic: string;
  partition: number;
  message: KafkaIncomingMessage;
}

export interface KafkaConsumerClient {
  run(config: { autoCommit?: boolean; eachMessage: (payload: EachMessagePayload) => Promise<void> }): Promise<void>;
  commitOffsets(offsets: { topic: string; partition: number; offset: string }[]): Promise<void>;
}

export type BabelHandler = (envelope: Envelope, message: KafkaIncomingMessage, headers: HeaderCarrier) => unknown | Promise<unknown>;
export type BabelHandlers = Record<string, BabelHandler>;

export function kafkaHeaders(envelope: Envelope): { [key: string]: string } {
  return { "bq-job": envelope.job };
}

export class KafkaConsumer {
  constructor(
    private readonly consumer: KafkaConsumerClient,
    private readonly handlers: BabelHandlers,
  ) {}

  async handle(payload: EachMessagePayload): Promise<void> {
    const envelope = EnvelopeCodec.decode(payload.message.value?.toString() ?? "");
    const handler = this.handlers[EnvelopeCodec.urn(envelope)];
    if (EnvelopeCodec.accepts(envelope) && handler !== undefined) {
      await handler(envelope, payload.message, {});
    }
    await this.consumer.commitOffsets([{ topic: payload.topic, partition: payload.partition, offset: payload.message.offset }]);
  }
}
