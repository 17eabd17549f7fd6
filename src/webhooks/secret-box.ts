/**
 * Webhook signing secrets at rest. A secret must be recoverable (the sender signs every delivery
 * with it), so it is not hashed like API keys: it is sealed with AES-256-GCM under a key derived
 * from the server's signing secret (keyring.ts, HKDF info "prosa-webhook-secrets"). A database
 * dump alone does not reveal it; changing PROSA_SIGNING_SECRET makes the sealed secrets unreadable
 * (their deliveries fail with a message saying so; rotate each endpoint's secret).
 *
 * Secrets follow the Standard Webhooks format: `whsec_` + base64 of 32 random bytes.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** `v1.<iv>.<ciphertext>.<tag>` (base64url parts). */
export function sealSecret(key: Uint8Array, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), ct.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

class SecretUnreadable extends Error {}

export function openSecret(key: Uint8Array, sealed: string): string {
  const [v, iv, ct, tag] = sealed.split('.');
  if (v !== 'v1' || !iv || !ct || !tag) throw new SecretUnreadable('the stored webhook secret is malformed');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadable("the webhook secret cannot be decrypted (PROSA_SIGNING_SECRET changed since it was created): rotate the endpoint's secret");
  }
}
