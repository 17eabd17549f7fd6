/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com/): the headers `webhook-id`,
 * `webhook-timestamp` (Unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256>` over
 * `{id}.{timestamp}.{body}`, keyed with the base64 part of the `whsec_` secret. Receivers verify
 * with any Standard Webhooks library (docs/webhooks.md).
 */
import { createHmac } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from './secret-box.ts';

function secretKeyBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64');
}

export function signatureHeaders(secret: string, msgId: string, timestampSeconds: number, body: string): Record<string, string> {
  const mac = createHmac('sha256', secretKeyBytes(secret)).update(`${msgId}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return { 'webhook-id': msgId, 'webhook-timestamp': String(timestampSeconds), 'webhook-signature': `v1,${mac}` };
}
