/**
 * The server's signing secret (download tokens). Embedded, it is generated on first start into
 * `<dataDir>/secrets.json` (mode 0600) and reused, so download URLs survive a restart. In
 * scale-out every API process must sign and verify with the same secret, so it comes from the
 * environment (PROSA_SIGNING_SECRET) and a process without one refuses to start.
 */
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ConfigError } from '../config.ts';

export interface Keyring {
  /** HMAC key for download tokens (HS256). */
  readonly downloadKey: Uint8Array;
}

export const SECRETS_FILE = 'secrets.json';

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
  return { downloadKey: new TextEncoder().encode(secret) };
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
    throw new ConfigError('PROSA_SIGNING_SECRET is not set and the data directory is in memory, so no generated secret could be kept: set PROSA_SIGNING_SECRET (at least 32 characters).');
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
    throw new ConfigError(`${path} has no valid signing_secret (at least 32 characters); delete it to have a new one generated (outstanding download links stop working).`);
  }
  return parsed.signing_secret;
}
