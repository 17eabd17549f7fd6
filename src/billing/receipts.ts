import type Stripe from 'stripe';
import type { Db } from '../db/connect.ts';
import type { CheckoutSessionRow } from '../db/schema.ts';

/** At most this many receipts are fetched from Stripe per listing; the rest on the next one. */
const FETCH_PER_LISTING = 10;

/**
 * Stripe's receipt link for a paid checkout: the session names its payment intent, whose latest
 * charge carries receipt_url (GET /v1/payment_intents/{id}?expand[]=latest_charge). Null when
 * Stripe has none (yet) or cannot be reached: a missing receipt link must never break the page.
 */
async function fetchReceiptUrl(stripe: Stripe, paymentIntentId: string): Promise<string | null> {
  try {
    const pi = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
    const charge = pi.latest_charge;
    return charge && typeof charge === 'object' ? (charge.receipt_url ?? null) : null;
  } catch {
    return null;
  }
}

/**
 * Fills in receipt_url for credited purchases that lack it, lazily when the purchases are
 * listed (crediting stays one local transaction, never waiting on Stripe), and caches it in
 * checkout_sessions so Stripe is asked once per purchase.
 */
export async function withReceipts(db: Db, stripe: Stripe | null, rows: CheckoutSessionRow[]): Promise<CheckoutSessionRow[]> {
  if (!stripe) return rows;
  const missing = rows.filter((r) => r.status === 'credited' && r.payment_intent && !r.receipt_url).slice(0, FETCH_PER_LISTING);
  const found = new Map<string, string>();
  await Promise.all(
    missing.map(async (r) => {
      const url = await fetchReceiptUrl(stripe, r.payment_intent!);
      if (!url) return;
      found.set(r.id, url);
      await db.updateTable('checkout_sessions').set({ receipt_url: url }).where('id', '=', r.id).execute();
    }),
  );
  return rows.map((r) => (found.has(r.id) ? { ...r, receipt_url: found.get(r.id)! } : r));
}
