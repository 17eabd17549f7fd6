import { createHash } from 'node:crypto';
import { backendUnavailable, type BackendTransport } from './backend-client.ts';
import type { VerifiedToken } from './token-verifier.ts';

/**
 * RFC 8693 token exchange: the MCP server trades the client's token (audience: the MCP server)
 * for a short-lived token whose audience is the backend API, for the same user and grant. The
 * client's token is never sent to the API (MCP "Token Passthrough": MUST NOT). Exchanged tokens
 * are cached in memory until shortly before they expire; an exchange is also where a revoked
 * grant becomes visible to this stateless server.
 */

const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
/** The MCP server's own confidential client at the authorization server. */
export const MCP_CLIENT_ID = 'prosa-mcp';

/** Re-exchange this many seconds before the API token expires, so no call carries a dying token. */
const REFRESH_MARGIN_SECONDS = 30;
const MAX_CACHED = 5_000;

/** The authorization server refused the subject token: revoked grant, or a token it no longer honours. */
export class ExchangeRefused extends Error {}

export interface TokenExchangerOptions {
  transport: BackendTransport;
  /** The API's resource indicator (RFC 8707): `${base_url}/api`. */
  apiResource: string;
  clientSecret: string;
  now?: () => number;
}

interface Cached {
  token: string;
  expiresAt: number;
}

export class TokenExchanger {
  private readonly opts: TokenExchangerOptions;
  private readonly cache = new Map<string, Cached>();
  /** One exchange in flight per subject token, however many tool calls arrive at once. */
  private readonly inflight = new Map<string, Promise<string>>();
  /** Cache keys of verified tokens: the gate hands every message of a token the same object (verified-token-cache.ts), so it is hashed once. */
  private readonly keys = new WeakMap<VerifiedToken, string>();
  constructor(opts: TokenExchangerOptions) {
    this.opts = opts;
  }

  private now(): number {
    return this.opts.now?.() ?? Math.floor(Date.now() / 1000);
  }

  /** The API-audience token for this verified MCP token. Throws ExchangeRefused or a BackendError. */
  private keyOf(subject: VerifiedToken): string {
    let key = this.keys.get(subject);
    if (key === undefined) {
      key = createHash('sha256').update(subject.token).digest('base64url');
      this.keys.set(subject, key);
    }
    return key;
  }

  async apiToken(subject: VerifiedToken): Promise<string> {
    const key = this.keyOf(subject);
    const hit = this.cache.get(key);
    if (hit && hit.expiresAt - REFRESH_MARGIN_SECONDS > this.now()) return hit.token;
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.exchange(subject.token)
        .then((c) => {
          if (this.cache.size >= MAX_CACHED) this.evict();
          this.cache.set(key, c);
          return c.token;
        })
        .finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  /** Forget a cached token (the API refused it: the grant was revoked since). */
  forget(subject: VerifiedToken): void {
    this.cache.delete(this.keyOf(subject));
  }

  private async exchange(subjectToken: string): Promise<Cached> {
    const form = new URLSearchParams({
      grant_type: TOKEN_EXCHANGE_GRANT,
      subject_token: subjectToken,
      subject_token_type: ACCESS_TOKEN_TYPE,
      requested_token_type: ACCESS_TOKEN_TYPE,
      resource: this.opts.apiResource,
    });
    // RFC 6749 §2.3.1: client_secret_basic, form-urlencoded id and secret.
    const basic = Buffer.from(`${encodeURIComponent(MCP_CLIENT_ID)}:${encodeURIComponent(this.opts.clientSecret)}`).toString('base64');
    const res = await this.opts.transport.send({
      method: 'POST',
      path: '/oauth/token',
      headers: { authorization: `Basic ${basic}`, accept: 'application/json' },
      form,
    });
    const body = res.body as { access_token?: string; expires_in?: number; error?: string; error_description?: string };
    if (res.status === 200 && typeof body.access_token === 'string') {
      return { token: body.access_token, expiresAt: this.now() + (typeof body.expires_in === 'number' ? body.expires_in : 60) };
    }
    if (res.status === 400 && body.error === 'invalid_grant') throw new ExchangeRefused(body.error_description ?? 'invalid_grant');
    throw backendUnavailable(`token exchange answered ${res.status} ${body.error ?? ''} ${body.error_description ?? ''}`.trim());
  }

  private evict(): void {
    const now = this.now();
    for (const [k, v] of this.cache) if (v.expiresAt - REFRESH_MARGIN_SECONDS <= now) this.cache.delete(k);
    // Still full: drop the oldest entries (Map keeps insertion order).
    for (const k of this.cache.keys()) {
      if (this.cache.size < MAX_CACHED) break;
      this.cache.delete(k);
    }
  }
}
