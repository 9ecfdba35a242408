// A stand-in for the adapter package, written for bqgen's type-check test from
// the facts in sdk-api/node.md §9: the exported names and types the
// scaffold reaches, with minimal bodies. It is not the SDK.

import { EnvelopeCodec } from "@babelqueue/core";
import type { Envelope, HeaderCarrier } from "@babelqueue/core";

export interface AmqpMessage {
  body?: unknown;
  correlation_id?: unknown;
  creation_time?: number | Date;
  content_type?: string;
  application_properties?: Record<string, unknown>;
  message_annotations?: Record<string, unknown>;
  delivery_count?: number;
}

export interface AmqpDelivery {
  accept(): void;
  release(params?: { delivery_failed?: boolean; undeliverable_here?: boolean }): void;
}

export interface AmqpEventContext {
  message?: AmqpMessage;
  delivery?: AmqpDelivery;
}

export const JMS_TYPE_KEY = "x-opt-jms-type";

export type BabelHandler = (envelope: Envelope, message: AmqpMessage, headers: HeaderCarrier) => unknown | Promise<unknown>;
export type BabelHandlers = Record<string, BabelHandler>;

export interface ArtemisConsumerOptions {
  maxTries?: number;
}

export function artemisMessage(envelope: Envelope, delayMs?: number, extra?: HeaderCarrier | null): AmqpMessage {
  void delayMs;
  return {
    body: EnvelopeCodec.encode(envelope),
    correlation_id: envelope.trace_id,
    creation_time: envelope.meta.created_at,
    application_properties: { ...extra },
    message_annotations: { [JMS_TYPE_KEY]: envelope.job },
  };
}

export class ArtemisConsumer {
  constructor(
    private readonly handlers: BabelHandlers,
    private readonly options: ArtemisConsumerOptions = {},
  ) {}

  async handle(context: AmqpEventContext): Promise<void> {
    const message = context.message ?? {};
    const envelope = EnvelopeCodec.decode(String(message.body));
    const handler = this.handlers[EnvelopeCodec.urn(envelope)];
    if (EnvelopeCodec.accepts(envelope) && handler !== undefined && (this.options.maxTries ?? 3) > 0) {
      await handler(envelope, message, {});
    }
    context.delivery?.accept();
  }
}
