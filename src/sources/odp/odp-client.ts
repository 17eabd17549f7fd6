// HTTP client for the USPTO Open Data Portal Patent File Wrapper API (shared/reference/uspto-data.md §1).
// - Auth: header `X-API-KEY: <key>` on every request (§1.1). The key is never logged, put in an
//   error message or echoed anywhere.
// - Rate limits: burst 1 per key — no parallel requests (§1.2) — so each client runs ONE request
//   at a time (a promise-chain mutex). 429 → honour Retry-After, else wait at least 5 s (§1.2).
// - 404 = no matching record (§1.2) → null. 401/403 = bad or missing key → OdpRejectedError, not
//   retried. 5xx, 429, timeouts and network errors are retried with exponential backoff + jitter.

export interface OdpClientOptions {
  apiKey: string;
  /** e.g. https://api.uspto.gov (§1.1), without a trailing slash. */
  baseUrl: string;
  /** Per attempt. */
  timeoutMs?: number;
  maxAttempts?: number;
  /** Injectable for tests; defaults to setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** Longest wait between attempts, Retry-After included. */
  maxDelayMs?: number;
}

export interface OdpClient {
  /** GET /api/v1/patent/applications/{n}: `{count, patentFileWrapperDataBag[]}`, or null on 404. */
  getApplication(number: string): Promise<unknown>;
  /** GET …/{n}/transactions: `{count, patentFileWrapperDataBag[{eventDataBag}]}`, or null on 404. */
  getTransactions(number: string): Promise<unknown>;
  /** GET …/{n}/documents: `{count, documentBag[]}`, or null on 404. */
  getDocuments(number: string): Promise<unknown>;
}

/** The ODP did not answer usefully: retries exhausted, timeouts, connection failures. */
export class OdpUnavailableError extends Error {
  /** Last HTTP status seen, or null when no response came back (timeout, network). */
  readonly status: number | null;
  readonly attempts: number;
  constructor(message: string, status: number | null, attempts: number, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'OdpUnavailableError';
    this.status = status;
    this.attempts = attempts;
  }
}

/** 401/403: the ODP refused the API key (§1.2 "403 bad/missing key"). Not retried. */
export class OdpRejectedError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`The USPTO Open Data Portal rejected the API key (HTTP ${status}).`);
    this.name = 'OdpRejectedError';
    this.status = status;
  }
}

const BASE_DELAY_MS = 1000;
/** §1.2: on 429 wait at least 5 s when no Retry-After is given. */
const MIN_429_DELAY_MS = 5000;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createOdpClient(opts: OdpClientOptions): OdpClient {
  const { apiKey, timeoutMs = 15_000, maxAttempts = 4, sleep = defaultSleep, maxDelayMs = 30_000 } = opts;
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  let queue: Promise<unknown> = Promise.resolve();

  /** Burst 1 per key (§1.2): each call waits for the previous one, whatever its outcome. */
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  }

  async function get(path: string): Promise<unknown> {
    const url = `${baseUrl}${path}`;
    let lastStatus: number | null = null;
    let lastCause: unknown;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      let retryAfterMs: number | null = null;
      try {
        const res = await fetch(url, {
          headers: { 'X-API-KEY': apiKey, Accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        lastStatus = res.status;
        if (res.ok) return await res.json();
        await res.body?.cancel().catch(() => undefined);
        if (res.status === 404) return null;
        if (res.status === 401 || res.status === 403) throw new OdpRejectedError(res.status);
        if (res.status !== 429 && res.status < 500) {
          throw new OdpUnavailableError(`The USPTO Open Data Portal answered HTTP ${res.status}.`, res.status, attempt);
        }
        retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
        if (res.status === 429 && retryAfterMs === null) retryAfterMs = MIN_429_DELAY_MS;
      } catch (err) {
        if (err instanceof OdpRejectedError || err instanceof OdpUnavailableError) throw err;
        // Timeout (AbortSignal), connection refused/reset, or a body that is not JSON.
        lastStatus = null;
        lastCause = err;
      }
      if (attempt < maxAttempts) await sleep(Math.min(maxDelayMs, retryAfterMs ?? backoff(attempt)));
    }
    const what = lastStatus === null ? 'did not answer' : `answered HTTP ${lastStatus}`;
    throw new OdpUnavailableError(`The USPTO Open Data Portal ${what} after ${maxAttempts} attempt(s).`, lastStatus, maxAttempts, lastCause);
  }

  const applicationPath = (n: string) => `/api/v1/patent/applications/${encodeURIComponent(n)}`;
  return {
    getApplication: (n) => exclusive(() => get(applicationPath(n))),
    getTransactions: (n) => exclusive(() => get(`${applicationPath(n)}/transactions`)),
    getDocuments: (n) => exclusive(() => get(`${applicationPath(n)}/documents`)),
  };
}

/** Exponential backoff with full jitter: 1 s, 2 s, 4 s … scaled by a random factor in [0.5, 1). */
function backoff(attempt: number): number {
  return BASE_DELAY_MS * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);
}

/** Retry-After is delay-seconds or an HTTP-date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
