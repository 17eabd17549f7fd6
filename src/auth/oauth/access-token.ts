/**
 * Local verification of our JWT access tokens (RFC 9068 "JWT Profile for OAuth 2.0 Access
 * Tokens"): used by the token exchange (subject token), the backend's bearer acceptance and
 * /oauth/userinfo. The public key comes from the keyring, so no JWKS round trip is needed.
 */
import { importJWK, jwtVerify, type JWTPayload, type CryptoKey } from 'jose';
import type { Keyring } from '../keyring.ts';
import { FULL_ACCESS } from './constants.ts';

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  client_id: string;
  scope?: string;
  /** The grant (consent) the token was issued under. */
  gid: string;
  prosa_no_purchases?: boolean;
  /** RFC 8693 §4.1: the MCP server acting for the user (exchanged tokens only). */
  act?: { sub: string };
}

const publicKeys = new WeakMap<Keyring, Promise<CryptoKey>>();

function oauthPublicKey(keyring: Keyring): Promise<CryptoKey> {
  let key = publicKeys.get(keyring);
  if (!key) {
    const { kty, crv, x, y } = keyring.oauthSigningJwk;
    key = importJWK({ kty, crv, x, y }, 'ES256') as Promise<CryptoKey>;
    publicKeys.set(keyring, key);
  }
  return key;
}

export class AccessTokenError extends Error {}

/**
 * Verifies signature (ES256 only: `alg: none` and every other algorithm are refused, RFC 8725
 * §3.1), `typ` at+jwt (RFC 9068 §4), issuer, audience (RFC 9068 §4 / RFC 8707) and expiry, and
 * the claims the contract requires. Throws AccessTokenError on any failure.
 */
export async function verifyAccessToken(token: string, opts: { keyring: Keyring; issuer: string; audience: string | string[] }): Promise<AccessTokenClaims> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, await oauthPublicKey(opts.keyring), {
      algorithms: ['ES256'],
      typ: 'at+jwt',
      issuer: opts.issuer,
      audience: opts.audience,
      requiredClaims: ['sub', 'exp', 'iat', 'jti', 'client_id', 'gid'],
    }));
  } catch (err) {
    throw new AccessTokenError(err instanceof Error ? err.message : 'invalid token');
  }
  if (typeof payload.sub !== 'string' || typeof payload.client_id !== 'string' || typeof payload.gid !== 'string')
    throw new AccessTokenError('malformed claims');
  const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
  if (!scopes.includes(FULL_ACCESS)) throw new AccessTokenError(`the token lacks the ${FULL_ACCESS} scope`);
  return payload as AccessTokenClaims;
}
