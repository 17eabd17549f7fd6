/** The error object every /api route answers with, as an exception. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly suggestion: string | undefined;
  readonly body: Record<string, unknown>;
  /** The seconds a 429 or 503 says to wait (its Retry-After header), when it says. */
  readonly retryAfterSeconds: number | undefined;
  constructor(status: number, body: Record<string, unknown>, retryAfterSeconds?: number) {
    super(typeof body.message === 'string' ? body.message : `Request failed (${status})`);
    this.status = status;
    this.code = typeof body.error_code === 'string' ? body.error_code : 'http_error';
    this.suggestion = typeof body.agent_suggestion === 'string' ? body.agent_suggestion : undefined;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** fetch against the same-origin /api with the session cookie; JSON in, JSON out. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(path, { method: opts.method ?? 'GET', headers, body, credentials: 'same-origin', signal: opts.signal });
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = { message: text.slice(0, 200) };
  }
  if (!res.ok) {
    const wait = Number(res.headers.get('retry-after'));
    throw new ApiError(res.status, (json ?? {}) as Record<string, unknown>, Number.isFinite(wait) && wait > 0 ? wait : undefined);
  }
  return json as T;
}

export function qs(params: Record<string, string | number | undefined | null>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}
