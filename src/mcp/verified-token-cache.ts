import type { VerifiedToken } from './token-verifier.ts';

/**
 * Remembers bearer tokens whose signature and clock-independent claims (issuer, audience, typ,
 * algorithm, scope, subject, client) were verified, keyed by the exact token string.
 *
 * Why: an assistant sends the same token on every MCP message, and an ES256 signature check is
 * a WebCrypto job on the libuv thread pool: about a millisecond per message on a busy machine
 * (bench/mcp-overhead.ts), most of what the MCP layer added to a tool call.
 *
 * What stays per request (TokenVerifier.verify): the spec's ten-minute expiry window against the
 * current clock and the revoked-grant check. A hit needs the very same token bytes, so a token
 * with another signature or claims is never answered from here. An entry lives at most
 * MAX_AGE_SECONDS, so a signing key withdrawn from the key set (a rotated PROSA_SIGNING_SECRET)
 * stops being honoured at most a minute later than it already is: `--role mcp` caches the JWKS
 * for up to ten minutes (token-verifier.ts remoteKeys); one process (`prosa serve`) reads its
 * keys once at start, so a rotation there is a restart, which empties this cache.
 */

const MAX_AGE_SECONDS = 60;
const MAX_ENTRIES = 5_000;

export class VerifiedTokenCache {
  private readonly entries = new Map<string, { token: VerifiedToken; until: number }>();
  private readonly maxEntries: number;
  constructor(maxEntries = MAX_ENTRIES) {
    this.maxEntries = maxEntries;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The verified claims of this exact token, unless the entry has aged out. */
  get(token: string, now: number): VerifiedToken | undefined {
    const hit = this.entries.get(token);
    if (!hit) return undefined;
    if (hit.until <= now) {
      this.entries.delete(token);
      return undefined;
    }
    return hit.token;
  }

  remember(verified: VerifiedToken, now: number): void {
    if (this.entries.size >= this.maxEntries) this.evict(now);
    this.entries.set(verified.token, { token: verified, until: Math.min(verified.exp, now + MAX_AGE_SECONDS) });
  }

  private evict(now: number): void {
    for (const [k, v] of this.entries) if (v.until <= now) this.entries.delete(k);
    // Still full: drop the oldest entries (Map keeps insertion order).
    for (const k of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(k);
    }
  }
}
