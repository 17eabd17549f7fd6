import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ErrorBody } from '../serving/error-body.ts';
import { UNSAFE_TEXT_MESSAGES } from '../domain/unsafe-text.ts';
import { withVerifiedBearer } from '../auth/oauth/in-process-bearer.ts';
import type { ApiTokenClaims } from './api-token-claims.ts';

/**
 * How the MCP server reaches the backend API. The MCP server has no database (ARCHITECTURE
 * "MCP server"): every tool is one or more `/api` calls made with the user's exchanged token.
 * - HTTP (`--role mcp`): real requests to API_URL;
 * - in-process (`prosa serve`, one process): Fastify's inject, which runs the very same routing,
 *   hooks, auth, rate limits and serialization without a socket.
 */
export interface BackendTransport {
  send(req: BackendRequest): Promise<BackendResponse>;
}

export interface BackendRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query, starting with `/`. */
  path: string;
  headers: Record<string, string>;
  /** JSON body (serialized by the transport) or a pre-encoded form body. */
  body?: unknown;
  form?: URLSearchParams;
}

export interface BackendResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the response is JSON, else the text. */
  body: unknown;
}

/** A backend answer with status >= 400, carrying the spec's error object when the backend sent one. */
export class BackendError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;
  constructor(status: number, body: ErrorBody, headers: Record<string, string>) {
    super(body.message);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** The backend was unreachable or answered something that is not our API. */
export function backendUnavailable(detail: string): BackendError {
  return new BackendError(
    503,
    {
      error: true,
      error_code: 'backend_unavailable',
      message: `The Prosa API could not be reached: ${detail}`,
      agent_suggestion: 'Retry in a few seconds; if it persists, tell the user Prosa is unavailable.',
    },
    {},
  );
}

function lowerHeaders(h: Record<string, unknown> | Headers): Record<string, string> {
  const out: Record<string, string> = {};
  if (h instanceof Headers) {
    h.forEach((v, k) => {
      out[k.toLowerCase()] = v;
    });
    return out;
  }
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
  return out;
}

function parseBody(text: string, contentType: string | undefined): unknown {
  if (contentType?.includes('json') && text.length > 0) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function encode(req: BackendRequest): { payload?: string; headers: Record<string, string> } {
  if (req.form) return { payload: req.form.toString(), headers: { ...req.headers, 'content-type': 'application/x-www-form-urlencoded' } };
  if (req.body !== undefined) return { payload: JSON.stringify(req.body), headers: { ...req.headers, 'content-type': 'application/json' } };
  return { headers: req.headers };
}

/** Real HTTP to the API (`--role mcp`). Node's fetch keeps connections alive per origin. */
export function httpTransport(apiUrl: string, timeoutMs = 30_000): BackendTransport {
  const base = apiUrl.replace(/\/+$/, '');
  return {
    async send(req) {
      const { payload, headers } = encode(req);
      let res: Response;
      try {
        res = await fetch(base + req.path, { method: req.method, headers, body: payload, signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        throw backendUnavailable((err as Error).message);
      }
      const h = lowerHeaders(res.headers);
      return { status: res.status, headers: h, body: parseBody(await res.text(), h['content-type']) };
    },
  };
}

const BEARER = /^Bearer (\S+)$/;

/**
 * The same app, in process (one-process `prosa serve`). With `claims`, a bearer request carries
 * the claims of its token, verified once per token, to the API's bearer check (api-token-claims.ts).
 */
export function injectTransport(app: FastifyInstance, host?: string, claims?: ApiTokenClaims): BackendTransport {
  return {
    async send(req) {
      const { payload, headers } = encode(req);
      // The callback form dispatches at once, inside the caller's async context (the promise form waits for a `then` outside it).
      const inject = () =>
        new Promise<LightMyRequestResponse>((resolve, reject) =>
          app.inject({ method: req.method, url: req.path, headers: host ? { ...headers, host } : headers, payload, remoteAddress: '127.0.0.1' }, (err, res) =>
            err || !res ? reject(err) : resolve(res),
          ),
        );
      const token = claims ? BEARER.exec(headers.authorization ?? '')?.[1] : undefined;
      const verified = token ? await claims?.of(token) : undefined;
      const res = token && verified ? await withVerifiedBearer(token, verified, inject) : await inject();
      const h = lowerHeaders(res.headers as Record<string, unknown>);
      return { status: res.statusCode, headers: h, body: parseBody(res.body, h['content-type']) };
    },
  };
}

function isErrorBody(b: unknown): b is ErrorBody {
  return typeof b === 'object' && b !== null && (b as ErrorBody).error === true && typeof (b as ErrorBody).error_code === 'string';
}

export interface CallOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** Forwarded as the Idempotency-Key header (billed calls). */
  idempotencyKey?: string;
}

export interface BackendResult<T> {
  /** The HTTP status (below 400): tells a 201 that created from a 200 that found it already there. */
  status: number;
  body: T;
  headers: Record<string, string>;
}

/**
 * `/api` calls on behalf of one user: the exchanged, API-audience bearer token on every request
 * (never the client's own token: MCP "Token Passthrough" MUST NOT).
 */
export class BackendClient {
  private readonly transport: BackendTransport;
  private readonly token: string;
  private readonly requestId: string;
  constructor(transport: BackendTransport, token: string, requestId: string) {
    this.transport = transport;
    this.token = token;
    this.requestId = requestId;
  }

  async call<T>(method: BackendRequest['method'], path: string, opts: CallOptions = {}): Promise<BackendResult<T>> {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
    const url = qs.size > 0 ? `${path}?${qs}` : path;
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}`, accept: 'application/json', 'x-request-id': this.requestId };
    if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
    const res = await this.transport.send({ method, path: url, headers, body: opts.body });
    if (res.status >= 400) {
      if (isErrorBody(res.body)) throw new BackendError(res.status, res.body, res.headers);
      throw backendUnavailable(`HTTP ${res.status} from ${method} ${path}`);
    }
    return { status: res.status, body: res.body as T, headers: res.headers };
  }

  async get<T>(path: string, query?: CallOptions['query']): Promise<T> {
    return (await this.call<T>('GET', path, { query })).body;
  }
  async post<T>(path: string, body?: unknown, opts: Omit<CallOptions, 'body'> = {}): Promise<T> {
    return (await this.call<T>('POST', path, { ...opts, body: body ?? {} })).body;
  }
  async put<T>(path: string, body: unknown): Promise<T> {
    return (await this.call<T>('PUT', path, { body })).body;
  }
  async patch<T>(path: string, body: unknown): Promise<T> {
    return (await this.call<T>('PATCH', path, { body })).body;
  }
  async delete<T>(path: string): Promise<T> {
    return (await this.call<T>('DELETE', path)).body;
  }
}

/**
 * A tool argument that cannot be sent to the API (issue 20 item 9): answered as the
 * `validation_error` of the API, naming the argument, never as `internal_error`.
 */
export class InvalidToolArgument extends Error {
  readonly argument: string;
  readonly problem: string;
  constructor(argument: string, problem: string) {
    super(`${argument} ${problem}`);
    this.argument = argument;
    this.problem = problem;
  }
}

/**
 * Encodes one path segment (application numbers contain slashes and commas when typed by people).
 * A string that is not well-formed Unicode (a lone UTF-16 surrogate) has no UTF-8 form, and
 * encodeURIComponent throws a URIError on it: refused as InvalidToolArgument instead. runTool
 * refuses such arguments by name before a tool runs; this is the backstop for derived values.
 */
export function seg(value: string | number): string {
  const text = String(value);
  if (!text.isWellFormed()) throw new InvalidToolArgument('a path segment', UNSAFE_TEXT_MESSAGES.surrogate);
  return encodeURIComponent(text);
}
