// A stand-in for the adapter package, written for bqgen's type-check test from
// the facts in sdk-api/node.md §9: the exported names and types the
// scaffold reaches, with minimal bodies. It is not the SDK.

import { EnvelopeCodec } from "@babelqueue/core";
import type { Envelope, HeaderCarrier, IncomingEnvelope } from "@babelqueue/core";

export interface RedisClient {
  rpush(key: string, value: string): Promise<number>;
  brpoplpush(source: string, destination: string, timeout: number): Promise<string | null>;
  lrem(key: string, count: number, value: string): Promise<number>;
}

export function frameValue(body: string, headers: HeaderCarrier | null | undefined): string {
  return headers && Object.keys(headers).length > 0 ? JSON.stringify({ __bq_frame: 1, body, headers }) : body;
}

export type BabelHandler = (envelope: Envelope, raw: string, headers: HeaderCarrier) => unknown | Promise<unknown>;
export type BabelHandlers = Record<string, BabelHandler>;

export interface RedisConsumerOptions {
  deadLetterQueue?: string | null;
  onError?: (error: unknown, envelope: IncomingEnvelope | null, raw: string) => void;
}

export class RedisConsumer {
  constructor(
    private readonly client: RedisClient,
    private readonly queue: string,
    private readonly handlers: BabelHandlers,
    private readonly options: RedisConsumerOptions = {},
  ) {}

  async poll(): Promise<boolean> {
    const raw = await this.client.brpoplpush(this.queue, this.queue + ":processing", 5);
    if (raw === null) return false;
    const envelope = EnvelopeCodec.decode(raw);
    const handler = this.handlers[EnvelopeCodec.urn(envelope)];
    if (EnvelopeCodec.accepts(envelope) && handler !== undefined) {
      await handler(envelope, raw, {});
    } else {
      this.options.onError?.(new Error("rejected"), envelope, raw);
    }
    await this.client.lrem(this.queue + ":processing", 1, raw);
    return true;
  }
}

export interface PublishOptions {
  traceId?: string;
  headers?: HeaderCarrier;
}

export class RedisPublisher {
  private constructor(
    private readonly client: RedisClient,
    private readonly queue: string,
  ) {}

  static create(client: RedisClient, queue: string): RedisPublisher {
    return new RedisPublisher(client, queue);
  }

  async publish(urn: string, data: Record<string, unknown>, options: PublishOptions = {}): Promise<string> {
    const envelope = EnvelopeCodec.make(urn, data, { queue: this.queue, traceId: options.traceId });
    await this.client.rpush(this.queue, frameValue(EnvelopeCodec.encode(envelope), options.headers));
    return envelope.meta.id;
  }
}
