import Stripe from 'stripe';
import type { StripeConfig } from '../config.ts';

/** The Stripe client for the configured key and API address (a local stand-in in tests). */
export function createStripe(cfg: StripeConfig): Stripe {
  const url = new URL(cfg.apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(cfg.secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Prosa' },
  });
}

/** Webhook signatures older than this are refused (Stripe's default tolerance, 5 minutes). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Signatures dated further ahead of this server's clock than this are refused. Stripe's library
 * checks only the age (`now - t > tolerance`), so an event signed an hour in the future passed and
 * stayed replayable for that hour plus the tolerance (issue 20 item 12). Stripe signs at delivery
 * with a clock in step with ours (NTP); a minute covers any honest skew.
 */
const WEBHOOK_FUTURE_SKEW_SECONDS = 60;

/** Stripe's webhook payloads (Checkout Session events, a few kB; metadata at most 50 x 500 characters) fit well within this. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** The `t=` of a Stripe-Signature header (Unix seconds), or null when absent or malformed. */
function signatureTimestamp(header: string): number | null {
  const t = header
    .split(',')
    .map((p) => p.trim())
    .find((p) => p.startsWith('t='))
    ?.slice(2);
  return t && /^\d{1,12}$/.test(t) ? Number(t) : null;
}

/**
 * Verifies a delivery as Stripe's library does (HMAC-SHA256 of `t.payload` with the endpoint's
 * secret, and `t` at most WEBHOOK_TOLERANCE_SECONDS old), then refuses a `t` more than
 * WEBHOOK_FUTURE_SKEW_SECONDS ahead. Throws an Error saying which check failed.
 */
export function constructWebhookEvent(stripe: Stripe, raw: Buffer, header: string, secret: string, nowMs = Date.now()): Stripe.Event {
  const event = stripe.webhooks.constructEvent(raw, header, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, nowMs);
  const t = signatureTimestamp(header);
  if (t === null) throw new Error('Stripe-Signature has no timestamp');
  if (t - Math.floor(nowMs / 1000) > WEBHOOK_FUTURE_SKEW_SECONDS)
    throw new Error(`Timestamp ${t - Math.floor(nowMs / 1000)} s in the future (more than ${WEBHOOK_FUTURE_SKEW_SECONDS} s of clock skew)`);
  return event;
}
