import type { LlmProviderName } from './provider.ts';

/**
 * Why a provider call failed: `http` (the provider answered with an error status), `timeout`,
 * `network` (no answer), `aborted` (the caller cancelled), `bad_response` (an answer that is not
 * the provider's wire format).
 */
export type LlmErrorKind = 'http' | 'timeout' | 'network' | 'aborted' | 'bad_response';

export class LlmProviderError extends Error {
  override readonly name = 'LlmProviderError';
  readonly provider: LlmProviderName;
  /** HTTP status of the last attempt; null when there was no HTTP answer. */
  readonly status: number | null;
  readonly kind: LlmErrorKind;
  /** The provider's error type or code (`rate_limit_error`, `insufficient_quota`, ...), when it gave one. */
  readonly code: string | null;
  readonly attempts: number;

  constructor(init: { provider: LlmProviderName; kind: LlmErrorKind; status?: number | null; code?: string | null; message: string; attempts: number }) {
    super(`${init.provider}: ${init.message}`);
    this.provider = init.provider;
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.code = init.code ?? null;
    this.attempts = init.attempts;
  }
}

// Provider key shapes (OpenAI `sk-...`/`sk-proj-...`, Anthropic `sk-ant-...`). Providers echo a
// masked key in some messages ("Incorrect API key provided: sk-abc***xyz"); nothing key-shaped
// goes into our messages, and neither does the configured key itself, whatever its shape.
const KEY_SHAPED = /\bsk-[A-Za-z0-9_*-]{4,}/g;
const MAX_MESSAGE = 500;

/** A provider-supplied message made safe to log: no key, single line, bounded. */
export function redact(message: string, apiKey: string): string {
  let out = message;
  if (apiKey.length >= 4) out = out.split(apiKey).join('[redacted]');
  out = out.replace(KEY_SHAPED, '[redacted]').replace(/\s+/g, ' ').trim();
  return out.length > MAX_MESSAGE ? `${out.slice(0, MAX_MESSAGE)}…` : out;
}
