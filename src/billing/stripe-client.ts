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
export const WEBHOOK_TOLERANCE_SECONDS = 300;
