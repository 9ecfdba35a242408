// A stand-in for the adapter package, written for bqgen's type-check test from
// the facts in sdk-api/node.md §9: the exported names and types the
// scaffold reaches, with minimal bodies. It is not the SDK.

import { EnvelopeCodec } from "@babelqueue/core";
import type { Envelope, HeaderCarrier } from "@babelqueue/core";

export interface PulsarReceivedMessage {
  getData(): Buffer | string;
  getProperties(): { [key: string]: string };
  getRedeliveryCount(): number;
}

export interface PulsarConsumerClient {
  receive(timeoutMs?: number): Promise<PulsarReceivedMessage>;
  acknowledge(message: PulsarReceivedMessage): Promise<void> | void;
  negativeAcknowledge(message: PulsarReceivedMessage): Promise<void> | void;
}

export type BabelHandler = (envelope: Envelope, message: PulsarReceivedMessage, headers: HeaderCarrier) => unknown | Promise<unknown>;
export type BabelHandlers = Record<string, BabelHandler>;

export function pulsarProperties(envelope: Envelope): { [key: string]: string } {
  return { "bq-job": envelope.job };
}

export class PulsarConsumer {
  constructor(
    private readonly consumer: PulsarConsumerClient,
    private readonly handlers: BabelHandlers,
  ) {}

  async poll(): Promise<number> {
    const message = await this.consumer.receive();
    const envelope = EnvelopeCodec.decode(message.getData().toString());
    const handler = this.handlers[EnvelopeCodec.urn(envelope)];
    if (EnvelopeCodec.accepts(envelope) && handler !== undefined) {
      await handler(envelope, message, {});
    }
    await this.consumer.acknowledge(message);
    return 1;
  }
}
