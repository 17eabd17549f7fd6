import type { AccessTokenClaims } from '../auth/oauth/access-token.ts';

/** Far more API tokens than one process has callers within a token's five minutes. */
const MAX_HELD = 5_000;

/**
 * The API tokens the in-process MCP server sends to `/api` (`prosa serve`), each with its claims
 * verified once: the exchange mints one per user every few minutes, and every tool call of that
 * user sends it again. The in-process call hands the claims to the API's bearer check
 * (src/auth/oauth/in-process-bearer.ts), which then verifies no signature. An entry is kept until
 * its token expires (API tokens live five minutes); a token that fails verification is not kept,
 * and its call goes to the API's own check, which answers it as it would any other.
 */
export class ApiTokenClaims {
  private readonly held = new Map<string, AccessTokenClaims>();
  private readonly verify: (token: string) => Promise<AccessTokenClaims>;
  constructor(verify: (token: string) => Promise<AccessTokenClaims>) {
    this.verify = verify;
  }

  /** The verified claims of this exact token; undefined when it does not verify. */
  async of(token: string): Promise<AccessTokenClaims | undefined> {
    const now = Math.floor(Date.now() / 1000);
    const hit = this.held.get(token);
    if (hit && typeof hit.exp === 'number' && hit.exp > now) return hit;
    let claims: AccessTokenClaims;
    try {
      claims = await this.verify(token);
    } catch {
      this.held.delete(token);
      return undefined;
    }
    if (this.held.size >= MAX_HELD) this.evict(now);
    this.held.set(token, claims);
    return claims;
  }

  private evict(now: number): void {
    for (const [k, v] of this.held) if (typeof v.exp !== 'number' || v.exp <= now) this.held.delete(k);
    // Still full: drop the oldest entries (Map keeps insertion order).
    for (const k of this.held.keys()) {
      if (this.held.size < MAX_HELD) break;
      this.held.delete(k);
    }
  }
}
