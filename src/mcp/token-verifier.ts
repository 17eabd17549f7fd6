import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { FULL_ACCESS, mcpResource, type ChallengeReason, type ResourceUrls } from './resource.ts';
import { VerifiedTokenCache } from './verified-token-cache.ts';

/**
 * Verifies the bearer token on every MCP message (MCP "Token Handling"): signature against the
 * authorization server's keys, `iss`, `aud` = this server's resource URL (RFC 8707 §2), the
 * `at+jwt` type (RFC 9068 §4), the `full_access` scope, and the spec's ten-minute window: a token
 * within ten minutes of expiring is treated as unauthorized. The signature and static claims of a
 * token are checked once and remembered (VerifiedTokenCache); the clock and revocation are
 * checked on every message.
 */

/** Seconds before `exp` from which a token is refused (spec "Time limits"). */
export const EXPIRY_WINDOW_SECONDS = 600;

export interface VerifiedToken {
  token: string;
  /** The account id. */
  sub: string;
  /** The OAuth client the user consented to. */
  clientId: string;
  /** The grant (consent) the token belongs to; revoking it ends the token's use. */
  grantId: string | null;
  jti: string | null;
  /** Unix seconds. */
  exp: number;
  scopes: string[];
  /** The client is one where credit purchases must not be offered (ChatGPT's connector). */
  noPurchaseOffers: boolean;
}

export type Verification = { ok: true; token: VerifiedToken } | { ok: false; reason: ChallengeReason };

/** Keys from the in-process keyring (one process) or the authorization server's JWKS over HTTP (`--role mcp`). */
export function localKeys(jwks: JSONWebKeySet): JWTVerifyGetKey {
  return createLocalJWKSet(jwks);
}

export function remoteKeys(jwksUrl: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
}

export interface TokenVerifierOptions {
  urls: ResourceUrls;
  keys: JWTVerifyGetKey;
  /** Injectable clock for tests (unix seconds). */
  now?: () => number;
}

export class TokenVerifier {
  private readonly opts: TokenVerifierOptions;
  /** Grants found revoked by a failed exchange: refused at the gate until their tokens would have expired. */
  private readonly deadGrants = new Map<string, number>();
  /** Tokens whose signature and claims were checked (their clock and grant are checked per message). */
  private readonly verified = new VerifiedTokenCache();
  constructor(opts: TokenVerifierOptions) {
    this.opts = opts;
  }

  private now(): number {
    return this.opts.now?.() ?? Math.floor(Date.now() / 1000);
  }

  /** `Authorization` header value in, verdict out. Never throws. */
  async verify(authorization: string | undefined): Promise<Verification> {
    if (!authorization) return { ok: false, reason: 'missing' };
    const m = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)$/i.exec(authorization.trim());
    if (!m) return { ok: false, reason: 'invalid' };
    const token = m[1];
    const now = this.now();
    let verified = this.verified.get(token, now);
    if (!verified) {
      const checked = await this.checkSignatureAndClaims(token, now);
      if (!checked.ok) return checked;
      verified = checked.token;
      this.verified.remember(verified, now);
    }
    // Clock and revocation: checked on every message, cached or not.
    if (verified.exp - now <= EXPIRY_WINDOW_SECONDS) return { ok: false, reason: 'expiring' };
    if (verified.grantId && this.isDead(verified.grantId)) return { ok: false, reason: 'revoked' };
    return { ok: true, token: verified };
  }

  /** Signature, issuer, audience, typ, algorithm and the claims this server needs. */
  private async checkSignatureAndClaims(token: string, now: number): Promise<Verification> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.opts.keys, {
        issuer: this.opts.urls.issuer,
        audience: mcpResource(this.opts.urls),
        typ: 'at+jwt',
        algorithms: ['ES256'],
        currentDate: new Date(now * 1000),
      }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expiring' };
      return { ok: false, reason: 'invalid' };
    }
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
    // Every token the authorization server issues names its grant (`gid`): without one, revocation could not be checked.
    if (
      !scopes.includes(FULL_ACCESS) ||
      typeof payload.sub !== 'string' ||
      typeof payload.exp !== 'number' ||
      typeof payload.client_id !== 'string' ||
      typeof payload.gid !== 'string'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    // Frozen: one verified token is shared by every request that presents it (VerifiedTokenCache).
    return {
      ok: true,
      token: Object.freeze({
        token,
        sub: payload.sub,
        clientId: payload.client_id,
        grantId: typeof payload.gid === 'string' ? payload.gid : null,
        jti: typeof payload.jti === 'string' ? payload.jti : null,
        exp: payload.exp,
        scopes: Object.freeze(scopes) as string[],
        noPurchaseOffers: payload.prosa_no_purchases === true,
      }),
    };
  }

  /** Called when the authorization server refuses to exchange a token of this grant (revoked). */
  markGrantDead(grantId: string, untilExp: number): void {
    if (this.deadGrants.size > 10_000) this.sweep();
    this.deadGrants.set(grantId, untilExp);
  }

  private isDead(grantId: string): boolean {
    const until = this.deadGrants.get(grantId);
    if (until === undefined) return false;
    if (until < this.now()) {
      this.deadGrants.delete(grantId);
      return false;
    }
    return true;
  }

  private sweep(): void {
    const now = this.now();
    for (const [gid, until] of this.deadGrants) if (until < now) this.deadGrants.delete(gid);
  }
}
