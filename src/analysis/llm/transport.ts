import { setTimeout as delay } from 'node:timers/promises';
import { LlmProviderError, redact } from './errors.ts';
import type { LlmProviderName } from './provider.ts';
import { retryAfterMs } from './retry-after.ts';

/** Test seams; production uses the defaults. */
export interface TransportDeps {
  fetch?: typeof fetch;
  /** Resolves after `ms`; rejects when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** 0..1, for backoff jitter. */
  random?: () => number;
  /** Wall clock in ms, for HTTP-date Retry-After values. */
  now?: () => number;
}

export interface TransportOptions extends TransportDeps {
  provider: LlmProviderName;
  /** Only used to scrub provider messages; never logged or put into an error. */
  apiKey: string;
  /** Per attempt: a generation that has not answered by then is abandoned, not retried. */
  timeoutMs: number;
  maxAttempts?: number;
}

/** What a provider's error body says: message, type/code, and whether retrying cannot help. */
export interface ErrorInfo {
  message: string | null;
  code: string | null;
  /** e.g. an exhausted quota or spend limit answered with 429: waiting will not fix it. */
  permanent: boolean;
}

const DEFAULT_MAX_ATTEMPTS = 3;
const BACKOFF_BASE_MS = 500;
/** A provider asking for a longer pause than this gets an error now rather than a stalled request. */
const MAX_RETRY_WAIT_MS = 60_000;

/**
 * POSTs JSON and returns the parsed JSON answer, its status and how many attempts it took.
 * Retries 429 and 5xx (Anthropic's 529 included) and connection failures, up to `maxAttempts` in
 * all, waiting what Retry-After says or else an exponential backoff with jitter. Timeouts are not retried: the generation may still be running
 * (and billed) on the provider's side, and a second try would double the caller's wait.
 */
export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  opts: TransportOptions,
  readError: (json: unknown) => ErrorInfo,
  signal?: AbortSignal,
): Promise<{ json: unknown; attempts: number; status: number }> {
  const doFetch = opts.fetch ?? fetch;
  const sleep = opts.sleep ?? ((ms: number, s?: AbortSignal) => delay(ms, undefined, { signal: s }));
  const random = opts.random ?? Math.random;
  const now = opts.now ?? Date.now;
  const maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const payload = JSON.stringify(body);
  const fail = (kind: LlmProviderError['kind'], message: string, attempts: number, status?: number, code?: string | null) =>
    new LlmProviderError({ provider: opts.provider, kind, message: redact(message, opts.apiKey), attempts, status, code });

  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw fail('aborted', 'request cancelled', attempt - 1);
    const timeout = AbortSignal.timeout(opts.timeoutMs);
    const attemptSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let status: number;
    let responseHeaders: Headers;
    let text: string;
    try {
      const res = await doFetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload, signal: attemptSignal });
      status = res.status;
      responseHeaders = res.headers;
      text = await res.text();
    } catch (err) {
      if (signal?.aborted) throw fail('aborted', 'request cancelled', attempt);
      if (timeout.aborted) throw fail('timeout', `no answer within ${opts.timeoutMs} ms`, attempt);
      // Only the error's name and code: a fetch failure's message is generic and its cause may
      // carry socket details we do not need in logs.
      const reason = describeNetworkError(err);
      if (attempt >= maxAttempts) throw fail('network', `connection failed after ${attempt} attempts (${reason})`, attempt);
      await pause(backoff(attempt, random), sleep, signal, () => fail('aborted', 'request cancelled', attempt));
      continue;
    }

    const json = parseJson(text);
    if (status >= 200 && status < 300) {
      if (json === undefined) throw fail('bad_response', `HTTP ${status} with a body that is not JSON`, attempt, status);
      return { json, attempts: attempt, status };
    }

    const info = json === undefined ? { message: null, code: null, permanent: false } : readError(json);
    const describe = `HTTP ${status}${info.message ? `: ${info.message}` : ''}`;
    const retryable = (status === 429 || status >= 500) && !info.permanent;
    if (!retryable) throw fail('http', describe, attempt, status, info.code);
    if (attempt >= maxAttempts) throw fail('http', `${describe} (gave up after ${attempt} attempts)`, attempt, status, info.code);
    const asked = retryAfterMs(responseHeaders, now());
    if (asked !== null && asked > MAX_RETRY_WAIT_MS) {
      throw fail('http', `${describe} (provider asked to wait ${Math.round(asked / 1000)} s; not waiting)`, attempt, status, info.code);
    }
    await pause(asked ?? backoff(attempt, random), sleep, signal, () => fail('aborted', 'request cancelled', attempt));
  }
}

/** 500 ms, 1 s, 2 s ... scaled by a jitter in [0.5, 1) so that many clients do not retry in step. */
function backoff(attempt: number, random: () => number): number {
  return Math.round(BACKOFF_BASE_MS * 2 ** (attempt - 1) * (0.5 + random() / 2));
}

async function pause(ms: number, sleep: NonNullable<TransportDeps['sleep']>, signal: AbortSignal | undefined, aborted: () => Error): Promise<void> {
  try {
    await sleep(ms, signal);
  } catch (err) {
    if (signal?.aborted) throw aborted();
    throw err;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function describeNetworkError(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; name?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : null;
  const name = err instanceof Error ? err.name : 'error';
  return code ? `${name} ${code}` : name;
}
