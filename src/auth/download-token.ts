/**
 * Download tokens (REST #6): an HS256 JWT bound to one job and its account, valid one hour.
 * The token is the only credential of the download URL, so it names exactly what it opens
 * (`sub` = job id, `acc` = account id) and what it is for (`purpose` = download); a random `jti`
 * makes every issued URL distinct, even two issued within one second.
 */
import { SignJWT, errors, jwtVerify } from 'jose';
import { randomBase62 } from './secrets.ts';
import type { Keyring } from './keyring.ts';

const DOWNLOAD_TOKEN_SECONDS = 60 * 60;
const PURPOSE = 'download';

export interface DownloadClaims {
  jobId: string;
  accountId: string;
  expiresAt: Date;
}

export interface IssueOptions {
  /** Seconds since the epoch to issue at (tests sign tokens in the past). */
  now?: number;
  lifetimeSeconds?: number;
}

export async function issueDownloadToken(
  keyring: Keyring,
  jobId: string,
  accountId: string,
  opts: IssueOptions = {},
): Promise<{ token: string; expiresAt: Date }> {
  const iat = opts.now ?? Math.floor(Date.now() / 1000);
  const exp = iat + (opts.lifetimeSeconds ?? DOWNLOAD_TOKEN_SECONDS);
  const token = await new SignJWT({ acc: accountId, purpose: PURPOSE })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(jobId)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(randomBase62(16))
    .sign(keyring.downloadKey);
  return { token, expiresAt: new Date(exp * 1000) };
}

export type DownloadTokenCheck = { ok: true; claims: DownloadClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Verifies signature, algorithm, expiry and purpose. The caller compares the job id. */
export async function verifyDownloadToken(keyring: Keyring, token: string): Promise<DownloadTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, keyring.downloadKey, { algorithms: ['HS256'], requiredClaims: ['sub', 'exp', 'iat'] });
    if (payload.purpose !== PURPOSE || typeof payload.acc !== 'string' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: { jobId: payload.sub, accountId: payload.acc, expiresAt: new Date(payload.exp * 1000) } };
  } catch (err) {
    // Expiry is reported only for a token whose signature checked out (jose verifies it first).
    if (err instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}
