// A stand-in for @babelqueue/core, written for bqgen's tests from the facts in
// sdk-api/node.md (core 1.8): the exported names and types the scaffold
// reaches, each with the smallest body that behaves as those facts say. It
// is not the SDK; its bodies are only good enough to run the generated tests.
//
// The missing-feature test derives two variants from this file by replacing
// the lines marked "variant:": a core without the decode warnings hook, and
// one that has the hook but never calls it.

export const SCHEMA_VERSION = 1;
export const SOURCE_LANG = "node";

export interface Meta {
  id: string;
  queue: string;
  lang: string;
  schema_version: number;
  created_at: number;
}

export interface DeadLetter {
  reason: string;
  error: string | null;
  exception: string | null;
  failed_at: number;
  original_queue: string;
  attempts: number;
  lang: string;
}

export interface Envelope {
  job: string;
  trace_id: string;
  data: Record<string, unknown>;
  meta: Meta;
  attempts: number;
  dead_letter?: DeadLetter;
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

export interface MakeOptions {
  queue?: string;
  traceId?: string;
}

export interface DecodeOptions {
  onWarning?: (message: string) => void;
}

export interface EncodeOptions {
  onWarning?: (message: string) => void;
}

export type HeaderCarrier = Record<string, string>;

export const FORBIDDEN_KEY_WARNING_CODE = "BABELQUEUE_FORBIDDEN_KEY"; // variant: hook

/** The non-canonical keys decode drops, as JSON pointers. */
const forbidden: ReadonlyArray<readonly string[]> = [["timestamp"], ["meta", "max_retries"], ["meta", "attempts"], ["meta", "source"], ["meta", "ts"]];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function dropForbidden(envelope: Record<string, unknown>, warn: (message: string) => void): void {
  for (const path of forbidden) {
    const key = path[path.length - 1] ?? "";
    const holder = path.length === 1 ? envelope : envelope["meta"];
    if (isRecord(holder) && Object.prototype.hasOwnProperty.call(holder, key)) {
      delete holder[key];
      warn(`dropped non-canonical envelope key /${path.join("/")}`);
    }
  }
}

let counter = 0;

export const EnvelopeCodec = {
  SCHEMA_VERSION,
  make(urn: string, data: Record<string, unknown>, options: MakeOptions = {}): Envelope {
    counter++;
    return {
      job: urn.trim(),
      trace_id: options.traceId ?? `trace-${counter}`,
      data: { ...data },
      meta: { id: `id-${counter}`, queue: options.queue ?? "default", lang: SOURCE_LANG, schema_version: SCHEMA_VERSION, created_at: Date.now() },
      attempts: 0,
    };
  },
  encode(envelope: Envelope, options: EncodeOptions = {}): string {
    void options;
    return JSON.stringify(envelope);
  },
  decode(raw: string, options: DecodeOptions = {}): IncomingEnvelope {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return {};
    }
    if (!isRecord(parsed)) {
      return {};
    }
    const warn = options.onWarning ?? (() => {}); // variant: calls
    dropForbidden(parsed, warn);
    const envelope: IncomingEnvelope = parsed;
    if (!envelope.job && typeof envelope.urn === "string") {
      envelope.job = envelope.urn;
    }
    return envelope;
  },
  urn(envelope: IncomingEnvelope): string {
    const value = envelope.job ?? envelope.urn ?? "";
    return typeof value === "string" ? value.trim() : "";
  },
  accepts(envelope: IncomingEnvelope): envelope is Envelope {
    const meta = envelope.meta;
    const attempts = envelope.attempts;
    return (
      EnvelopeCodec.urn(envelope) !== "" &&
      isRecord(meta) &&
      meta["schema_version"] === SCHEMA_VERSION &&
      isRecord(envelope.data) &&
      typeof attempts === "number" &&
      Number.isInteger(attempts) &&
      typeof envelope.trace_id === "string" &&
      envelope.trace_id.trim() !== ""
    );
  },
} as const;

export type Handler = (env: Envelope) => void | Promise<void>;

export interface Store {
  seen(id: string): boolean | Promise<boolean>;
  remember(id: string): void | Promise<void>;
  forget(id: string): void | Promise<void>;
}

export class InMemoryStore implements Store {
  readonly #ids = new Set<string>();
  seen(id: string): boolean {
    return this.#ids.has(id);
  }
  remember(id: string): void {
    this.#ids.add(id);
  }
  forget(id: string): void {
    this.#ids.delete(id);
  }
}

export function Wrap(store: Store, handler: Handler): Handler {
  return async (env) => {
    const id = env.meta.id;
    if (!id) {
      await handler(env);
      return;
    }
    if (await store.seen(id)) {
      return;
    }
    await handler(env);
    await store.remember(id);
  };
}

export interface AnnotateOptions {
  attempts?: number;
  error?: string | null;
  exception?: string | null;
}

export function annotate(envelope: Envelope, reason: string, originalQueue: string, options: AnnotateOptions = {}): Envelope {
  return {
    ...envelope,
    dead_letter: {
      reason,
      error: options.error ?? null,
      exception: options.exception ?? null,
      failed_at: Date.now(),
      original_queue: originalQueue,
      attempts: options.attempts ?? envelope.attempts,
      lang: SOURCE_LANG,
    },
  };
}

export * as schema from "./schema.js";
