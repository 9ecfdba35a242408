// A stand-in for @babelqueue/core's public API, declared from bqgen's notes on
// the SDK (sdk-api/node.md, core 1.7/1.8), so the scaffold can be type-checked
// without the SDK. Only what the scaffold uses is declared.

export interface Meta {
  id: string;
  lang: string;
  schema_version: number;
  created_at: number;
  queue: string;
}

export interface IncomingEnvelope {
  job?: string;
  urn?: string;
  trace_id?: string;
  data?: unknown;
  meta?: unknown;
  attempts?: unknown;
  dead_letter?: unknown;
}

export interface Envelope {
  job: string;
  trace_id: string;
  data: Record<string, unknown>;
  meta: Meta;
  attempts: number;
  dead_letter?: Record<string, unknown>;
}

export interface MakeOptions {
  queue?: string;
  traceId?: string;
}

export interface DecodeOptions {
  onWarning?: (message: string) => void;
}

export declare const EnvelopeCodec: {
  decode(raw: string, options?: DecodeOptions): IncomingEnvelope;
  accepts(envelope: IncomingEnvelope): envelope is Envelope;
  urn(envelope: IncomingEnvelope): string;
  encode(envelope: Envelope): string;
  make(urn: string, data: Record<string, unknown>, options?: MakeOptions): Envelope;
};

export type Handler = (env: Envelope) => void | Promise<void>;

export interface Store {
  seen(id: string): boolean | Promise<boolean>;
  remember(id: string): void | Promise<void>;
  forget(id: string): void | Promise<void>;
}

export declare class InMemoryStore implements Store {
  seen(id: string): boolean;
  remember(id: string): void;
  forget(id: string): void;
}

export declare function Wrap(store: Store, handler: Handler): Handler;

export declare namespace schema {
  type SchemaNode = Record<string, unknown>;
  function validateSchema(schema: SchemaNode, value: unknown, path?: string): string | null;
}
