// A stand-in for the adapter package, written for bqgen's type-check test from
// the facts in sdk-api/node.md §9: the exported names and types the
// scaffold reaches, with minimal bodies. It is not the SDK.

import { EnvelopeCodec } from "@babelqueue/core";
import type { Envelope, HeaderCarrier } from "@babelqueue/core";

export interface AsbMessage {
  body: unknown;
  subject?: string;
  correlationId?: string;
  messageId?: string;
  contentType?: string;
  applicationProperties?: { [key: string]: number | boolean | string | Date | null };
}

export interface AsbReceivedMessage {
  body: unknown;
  deliveryCount?: number;
  applicationProperties?: { [key: string]: unknown };
}

export interface AsbReceiver {
  receiveMessages(maxMessageCount: number, options?: { maxWaitTimeInMs?: number }): Promise<AsbReceivedMessage[]>;
  completeMessage(message: AsbReceivedMessage): Promise<void>;
  abandonMessage(message: AsbReceivedMessage): Promise<void>;
}

export type BabelHandler = (envelope: Envelope, message: AsbReceivedMessage, headers: HeaderCarrier) => unknown | Promise<unknown>;
export type BabelHandlers = Record<string, BabelHandler>;

export function toServiceBusMessage(envelope: Envelope, extra?: HeaderCarrier | null): AsbMessage {
  return { body: EnvelopeCodec.encode(envelope), subject: envelope.job, applicationProperties: { ...extra } };
}

export class AsbConsumer {
  constructor(
    private readonly receiver: AsbReceiver,
    private readonly handlers: BabelHandlers,
  ) {}

  async poll(): Promise<number> {
    const messages = await this.receiver.receiveMessages(1);
    for (const message of messages) {
      const envelope = EnvelopeCodec.decode(String(message.body));
      const handler = this.handlers[EnvelopeCodec.urn(envelope)];
      if (EnvelopeCodec.accepts(envelope) && handler !== undefined) {
        await handler(envelope, message, {});
      }
      await this.receiver.completeMessage(message);
    }
    return messages.length;
  }
}
