// HTTP client for the USPTO Open Data Portal Patent File Wrapper API (shared/reference/uspto-data.md §1).
// - Auth: header `X-API-KEY: <key>` on every request to the ODP (§1.1). The key is never logged, put
//   in an error message or echoed anywhere, and never sent to another origin (download-url.ts).
// - Rate limits: burst 1 per key — no parallel requests (§1.2) — so each client runs ONE request
//   at a time (a promise-chain mutex), downloads included. 429 → honour Retry-After, else wait at
//   least 5 s (§1.2).
// - 404 = no matching record (§1.2; a search without hits also answers 404) → null. 401/403 from
//   the ODP = bad or missing key → OdpRejectedError, not retried. 5xx, 429, timeouts and network
//   errors are retried with exponential backoff + jitter.
// - Every body is read under a size cap (read-capped.ts): JSON answers are at most 6 MB at the ODP
//   (§1.2, HTTP 413 beyond), downloads are capped by `maxDownloadBytes`.
import { describeDownload, type OdpFile } from './downloaded-file.ts';
import { downloadUrlOnBase, redirectPolicy } from './download-url.ts';
import { OdpRefusedUrlError, OdpRejectedError, OdpTooLargeError, OdpUnavailableError } from './odp-errors.ts';
import { readCapped } from './read-capped.ts';

export { OdpRefusedUrlError, OdpRejectedError, OdpTooLargeError, OdpUnavailableError } from './odp-errors.ts';
export type { OdpFile } from './downloaded-file.ts';

export interface OdpClientOptions {
  apiKey: string;
  /** e.g. https://api.uspto.gov (§1.1), without a trailing slash. */
  baseUrl: string;
  /** Per attempt of a JSON call. */
  timeoutMs?: number;
  /** Per attempt of a download, body included. */
  downloadTimeoutMs?: number;
  maxAttempts?: number;
  /** Injectable for tests; defaults to setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** Longest wait between attempts, Retry-After included. */
  maxDelayMs?: number;
  /** Largest file `download` accepts. */
  maxDownloadBytes?: number;
  /** Origins besides *.uspto.gov that a download may be redirected to, without the key (tests). */
  redirectOrigins?: readonly string[];
  /** Least time between the start of two requests (the watch paces itself; default 0). */
  minIntervalMs?: number;
  /** Told of every HTTP request sent (each attempt and redirect hop), for the watch's counts. */
  onRequest?: () => void;
}

/** The body of `POST /api/v1/patent/applications/search` (§1.3). */
export interface OdpSearchBody {
  q?: string;
  filters?: { name: string; value: string[] }[];
  fields?: string[];
  pagination?: { offset: number; limit: number };
  sort?: { field: string; order: 'asc' | 'desc' }[];
}

export interface OdpClient {
  /** GET /api/v1/patent/applications/{n}: `{count, patentFileWrapperDataBag[]}`, or null on 404. */
  getApplication(number: string): Promise<unknown>;
  /** GET …/{n}/transactions: `{count, patentFileWrapperDataBag[{eventDataBag}]}`, or null on 404. */
  getTransactions(number: string): Promise<unknown>;
  /**
   * GET …/{n}/documents: `{count, documentBag[]}`, or null on 404. `officialDateFrom`
   * (YYYY-MM-DD, uspto-data.md §1.3) leaves out papers dated before it.
   */
  getDocuments(number: string, options?: { officialDateFrom?: string }): Promise<unknown>;
  /** GET …/{n}/associated-documents: `{count, patentFileWrapperDataBag[{grantDocumentMetaData, pgpubDocumentMetaData}]}`, or null on 404. */
  getAssociatedDocuments(number: string): Promise<unknown>;
  /** POST /api/v1/patent/applications/search: `{count, patentFileWrapperDataBag[]}`, or null when nothing matches (404). */
  searchApplications(body: OdpSearchBody): Promise<unknown>;
  /**
   * GET of a documentBag `downloadUrl` or an associated-documents `fileLocationURI`, from the
   * configured base URL (download-url.ts), or null on 404. Throws OdpRefusedUrlError before any
   * request for an address outside the ODP's download paths, OdpTooLargeError past the cap.
   */
  download(url: string): Promise<OdpFile | null>;
}

const BASE_DELAY_MS = 1000;
/** §1.2: on 429 wait at least 5 s when no Retry-After is given. */
const MIN_429_DELAY_MS = 5000;
/** The ODP caps JSON answers at 6 MB (§1.2); anything much larger is not a real answer. */
const MAX_JSON_BYTES = 8 * 1024 * 1024;
const DEFAULT_MAX_DOWNLOAD_BYTES = 25 * 1024 * 1024;
/** A bulk-file path answers one redirect to its signed address; a few more is already odd. */
const MAX_REDIRECTS = 3;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Call<T> {
  url: URL;
  method: 'GET' | 'POST';
  body?: string;
  accept: string;
  timeoutMs: number;
  /** Reads a 2xx response; `url` is the address first asked for. */
  read: (res: Response, url: URL) => Promise<T>;
}

/** What one attempt ended with when it is worth another. */
interface Retryable {
  status: number | null;
  retryAfterMs: number | null;
  cause?: unknown;
}

export function createOdpClient(opts: OdpClientOptions): OdpClient {
  const {
    apiKey,
    timeoutMs = 15_000,
    downloadTimeoutMs = 60_000,
    maxAttempts = 4,
    sleep = defaultSleep,
    maxDelayMs = 30_000,
    maxDownloadBytes = DEFAULT_MAX_DOWNLOAD_BYTES,
    redirectOrigins = [],
    minIntervalMs = 0,
    onRequest,
  } = opts;
  // Nothing touches the network without PROSA_USPTO_API_KEY: there is no keyless client.
  if (!apiKey) throw new Error('createOdpClient needs an API key (PROSA_USPTO_API_KEY).');
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  let queue: Promise<unknown> = Promise.resolve();
  let lastRequestAt = 0;

  /** Waits out the pacing interval, then counts the request (requests run one at a time, so no race). */
  async function beforeRequest(): Promise<void> {
    const wait = lastRequestAt + minIntervalMs - Date.now();
    if (minIntervalMs > 0 && wait > 0) await sleep(wait);
    lastRequestAt = Date.now();
    onRequest?.();
  }

  /** Burst 1 per key (§1.2): each call waits for the previous one, whatever its outcome. */
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  }

  async function send<T>(call: Call<T>): Promise<T | null> {
    let last: Retryable = { status: null, retryAfterMs: null };
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const outcome = await attemptOnce(call, attempt);
      if (!('retry' in outcome)) return outcome.value;
      last = outcome.retry;
      if (attempt < maxAttempts) await sleep(Math.min(maxDelayMs, last.retryAfterMs ?? backoff(attempt)));
    }
    const what = last.status === null ? 'did not answer' : `answered HTTP ${last.status}`;
    throw new OdpUnavailableError(`The USPTO Open Data Portal ${what} after ${maxAttempts} attempt(s).`, last.status, maxAttempts, last.cause);
  }

  /** One attempt, following redirects; the timeout covers the whole chain and the body. */
  async function attemptOnce<T>(call: Call<T>, attempt: number): Promise<{ value: T | null } | { retry: Retryable }> {
    const signal = AbortSignal.timeout(call.timeoutMs);
    let url = call.url;
    let { method, body } = call;
    let withKey = true;
    try {
      for (let hop = 0; ; hop++) {
        const headers: Record<string, string> = { Accept: call.accept };
        if (withKey) headers['X-API-KEY'] = apiKey;
        if (body !== undefined) headers['Content-Type'] = 'application/json';
        // redirect: 'manual' — fetch would otherwise carry X-API-KEY to whatever host a redirect names.
        await beforeRequest();
        const res = await fetch(url, { method, headers, body, redirect: 'manual', signal });
        const location = res.headers.get('location');
        if (res.status >= 300 && res.status < 400 && location) {
          await res.body?.cancel().catch(() => undefined);
          if (hop >= MAX_REDIRECTS) throw new OdpUnavailableError('The USPTO Open Data Portal redirected too many times.', res.status, attempt);
          const target = new URL(location, url);
          const policy = redirectPolicy(target, baseUrl, redirectOrigins);
          if (policy === 'refuse') throw new OdpRefusedUrlError('the ODP redirected to a host outside the USPTO');
          withKey = withKey && policy === 'with-key';
          url = target;
          if (res.status !== 307 && res.status !== 308) [method, body] = ['GET', undefined];
          continue;
        }
        if (res.ok) return { value: await call.read(res, call.url) };
        await res.body?.cancel().catch(() => undefined);
        if (res.status === 404) return { value: null };
        // A 401/403 without the key is a signed address that expired: a new attempt gets a new one.
        if ((res.status === 401 || res.status === 403) && withKey) throw new OdpRejectedError(res.status);
        if (res.status !== 429 && res.status < 500 && res.status !== 401 && res.status !== 403) {
          throw new OdpUnavailableError(`The USPTO Open Data Portal answered HTTP ${res.status}.`, res.status, attempt);
        }
        let retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
        if (res.status === 429 && retryAfterMs === null) retryAfterMs = MIN_429_DELAY_MS;
        return { retry: { status: res.status, retryAfterMs } };
      }
    } catch (err) {
      if (err instanceof OdpRejectedError || err instanceof OdpUnavailableError || err instanceof OdpRefusedUrlError || err instanceof OdpTooLargeError)
        throw err;
      // Timeout (AbortSignal), connection refused/reset, a body cut short, or one that is not JSON.
      return { retry: { status: null, retryAfterMs: null, cause: err } };
    }
  }

  function getJson(path: string): Promise<unknown> {
    return exclusive(() => send({ url: new URL(`${baseUrl}${path}`), method: 'GET', accept: 'application/json', timeoutMs, read: readJson }));
  }

  const applicationPath = (n: string) => `/api/v1/patent/applications/${encodeURIComponent(n)}`;
  return {
    getApplication: (n) => getJson(applicationPath(n)),
    getTransactions: (n) => getJson(`${applicationPath(n)}/transactions`),
    getDocuments: (n, o) =>
      getJson(`${applicationPath(n)}/documents${o?.officialDateFrom ? `?officialDateFrom=${encodeURIComponent(o.officialDateFrom)}` : ''}`),
    getAssociatedDocuments: (n) => getJson(`${applicationPath(n)}/associated-documents`),
    searchApplications: (body) =>
      exclusive(() =>
        send({
          url: new URL(`${baseUrl}/api/v1/patent/applications/search`),
          method: 'POST',
          body: JSON.stringify(body),
          accept: 'application/json',
          timeoutMs,
          read: readJson,
        }),
      ),
    download: async (raw) => {
      // Checked before queueing, so a refused address costs no request and no wait.
      const url = downloadUrlOnBase(raw, baseUrl);
      return exclusive(() =>
        send({
          url,
          method: 'GET',
          accept: '*/*',
          timeoutMs: downloadTimeoutMs,
          read: async (res, asked) => {
            const bytes = await readCapped(res, maxDownloadBytes);
            return { bytes, ...describeDownload(asked, res.headers, bytes) };
          },
        }),
      );
    },
  };
}

async function readJson(res: Response): Promise<unknown> {
  return JSON.parse((await readCapped(res, MAX_JSON_BYTES)).toString('utf8'));
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
