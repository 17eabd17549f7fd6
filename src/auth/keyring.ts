/**
 * The server's signing secret (download tokens, and every OAuth key derived from it). Embedded, it is generated on first start into
 * `<dataDir>/secrets.json` (mode 0600) and reused, so download URLs survive a restart. In
 * scale-out every API process must sign and verify with the same secret, so it comes from the
 * environment (PROSA_SIGNING_SECRET) and a process without one refuses to start.
 */
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createECDH, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ConfigError } from '../config.ts';

export interface Keyring {
  /** HMAC key for download tokens (HS256). */
  readonly downloadKey: Uint8Array;
  /**
   * The OAuth authorization server's ES256 signing key (a private JWK with its `kid`), derived
   * from the signing secret (HKDF-SHA256, RFC 5869, info "prosa-oauth-es256"): every process
   * with the same secret signs and verifies access tokens with the same key.
   */
  readonly oauthSigningJwk: OAuthSigningJwk;
  /** The MCP server's client secret for its static client `prosa-mcp` (HKDF info "prosa-mcp-client", base64url of 32 bytes). */
  readonly mcpClientSecret: string;
  /** Keys signing the authorization server's cookies (HKDF info "prosa-oauth-cookies"): the same on every process. */
  readonly oauthCookieKeys: string[];
  /** AES-256-GCM key sealing webhook endpoints' signing secrets at rest (HKDF info "prosa-webhook-secrets"). */
  readonly webhookSecretKey: Uint8Array;
}

/** A P-256 private key as a JWK (RFC 7517/7518), with its RFC 7638 thumbprint as `kid`. */
export interface OAuthSigningJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  d: string;
  kid: string;
  alg: 'ES256';
  use: 'sig';
}

const SECRETS_FILE = 'secrets.json';

interface SecretsFile {
  signing_secret: string;
}

export interface KeyringSource {
  /** PROSA_SIGNING_SECRET, when set (always wins). */
  signingSecret?: string;
  /** Embedded: the data directory; scale-out: undefined. */
  dataDir?: string;
  /** True in scale-out (PostgreSQL): no file fallback. */
  scaleOut: boolean;
}

export function keyringFromSecret(secret: string): Keyring {
  return {
    downloadKey: new TextEncoder().encode(secret),
    oauthSigningJwk: deriveEs256Jwk(secret),
    mcpClientSecret: derive(secret, 'prosa-mcp-client', 32).toString('base64url'),
    oauthCookieKeys: [derive(secret, 'prosa-oauth-cookies', 32).toString('base64url')],
    webhookSecretKey: new Uint8Array(derive(secret, 'prosa-webhook-secrets', 32)),
  };
}

/** HKDF-SHA256 (RFC 5869) with an empty salt: the secret is already high-entropy. */
function derive(secret: string, info: string, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), info, length));
}

/**
 * A deterministic P-256 key: 32 derived bytes as the private scalar d. The rare value outside
 * [1, n-1] (probability about 2^-32) is refused by setPrivateKey, so the next counter is tried.
 */
function deriveEs256Jwk(secret: string): OAuthSigningJwk {
  for (let i = 0; ; i++) {
    const d = derive(secret, i === 0 ? 'prosa-oauth-es256' : `prosa-oauth-es256/${i}`, 32);
    const ecdh = createECDH('prime256v1');
    try {
      ecdh.setPrivateKey(d);
    } catch {
      continue;
    }
    const point = ecdh.getPublicKey(); // 0x04 || x || y
    const x = point.subarray(1, 33).toString('base64url');
    const y = point.subarray(33, 65).toString('base64url');
    // RFC 7638 thumbprint: SHA-256 of the required members in lexicographic order, no spaces.
    const kid = createHash('sha256')
      .update(JSON.stringify({ crv: 'P-256', kty: 'EC', x, y }))
      .digest('base64url');
    return { kty: 'EC', crv: 'P-256', x, y, d: d.toString('base64url'), kid, alg: 'ES256', use: 'sig' };
  }
}

export function loadKeyring(src: KeyringSource): Keyring {
  if (src.signingSecret) return keyringFromSecret(src.signingSecret);
  if (src.scaleOut) {
    throw new ConfigError(
      'PROSA_SIGNING_SECRET is not set. Processes started with --role share PostgreSQL and must sign download links with the same secret: ' +
        'set PROSA_SIGNING_SECRET to the same random value of at least 32 characters on every process (for example the output of `openssl rand -base64 48`).',
    );
  }
  if (!src.dataDir || src.dataDir.startsWith('memory://')) {
    throw new ConfigError(
      'PROSA_SIGNING_SECRET is not set and the data directory is in memory, so no generated secret could be kept: set PROSA_SIGNING_SECRET (at least 32 characters).',
    );
  }
  return keyringFromSecret(readOrCreateSecret(src.dataDir));
}

function readOrCreateSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, SECRETS_FILE);
  // Written whole to a private temporary file, then linked into place: link() fails if the file
  // exists, so only the first of two racing starts creates it, and no start reads a half-written one.
  const secret = randomBytes(48).toString('base64url');
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ signing_secret: secret } satisfies SecretsFile, null, 2)}\n`, { mode: 0o600 });
  try {
    linkSync(tmp, path);
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(tmp, { force: true });
  }
  // Tighten the mode in case the file was copied in with a looser one.
  chmodSync(path, 0o600);
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<SecretsFile>;
  if (typeof parsed.signing_secret !== 'string' || parsed.signing_secret.length < 32) {
    throw new ConfigError(
      `${path} has no valid signing_secret (at least 32 characters); delete it to have a new one generated (outstanding download links stop working).`,
    );
  }
  return parsed.signing_secret;
}
