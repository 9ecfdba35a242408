// A stand-in for the adapter package, written for bqgen's type-check test from
// the facts in sdk-api/node.md §9: the exported names and types the
// scaffold reaches, with minimal bodies. It is not the SDK.

import { EnvelopeCodec } from "@babelqueue/core";
import type { Envelope, HeaderCarrier, IncomingEnvelope } from "@babelqueue/core";

export interface SqsMessageAttributeValue {
  DataType: string;
  StringValue?: string;
}

export interface SqsMessage {
  Body?: string;
  ReceiptHandle?: string;
  MessageAttributes?: Record<string, SqsMessageAttributeValue>;
  Attributes?: Record<string, string>;
}

export interface SqsApi {
  sendMessage(input: { QueueUrl: string; MessageBody: string }): Promise<unknown>;
  receiveMessage(input: { QueueUrl: string }): Promise<{ Messages?: SqsMessage[] }>;
  deleteMessage(input: { QueueUrl: string; ReceiptHandle: string }): Promise<unknown>;
}

export type BabelHandler = (envelope: Envelope, message: SqsMessage, headers: HeaderCarrier) => unknown | Promise<unknown>;
export type BabelHandlers = Record<string, BabelHandler>;

export interface SqsConsumerOptions {
  onError?: (error: unknown, envelope: IncomingEnvelope, message: SqsMessage) => void;
}

export function toMessageAttributes(envelope: Envelope): Record<string, SqsMessageAttributeValue> {
  return { "bq-job": { DataType: "String", StringValue: envelope.job } };
}

export class SqsConsumer {
  constructor(
    private readonly client: SqsApi,
    private readonly queueUrl: string,
    private readonly handlers: BabelHandlers,
    private readonly options: SqsConsumerOptions = {},
  ) {}

  async poll(): Promise<number> {
    const { Messages = [] } = await this.client.receiveMessage({ QueueUrl: this.queueUrl });
    for (const message of Messages) {
      const envelope = EnvelopeCodec.decode(message.Body ?? "");
      const handler = this.handlers[EnvelopeCodec.urn(envelope)];
      if (EnvelopeCodec.accepts(envelope) && handler !== undefined) {
        await handler(envelope, message, {});
      } else {
        this.options.onError?.(new Error("rejected"), envelope, message);
      }
    }
    return Messages.length;
  }
}
