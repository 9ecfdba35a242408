// A stand-in for the adapter package, written for bqgen's type-check test from
// the facts in sdk-api/node.md §9: the exported names and types the
// scaffold reaches, with minimal bodies. It is not the SDK.

import type { Envelope, HeaderCarrier } from "@babelqueue/core";

export interface AmqpProperties {
  contentType?: string;
  contentEncoding?: string;
  persistent?: boolean;
  messageId?: string;
  correlationId?: string;
  type?: string;
  appId?: string;
  headers?: Record<string, unknown>;
}

export function amqpProperties(envelope: Envelope, extra?: HeaderCarrier | null): AmqpProperties {
  return { contentType: "application/json", type: envelope.job, correlationId: envelope.trace_id, headers: { ...extra } };
}
