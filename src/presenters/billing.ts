/**
 * Wire shapes of credit top-ups (/api/billing*): the offer, a started checkout, its confirmation
 * and the account's purchases. The web app's billing page types come from these.
 */
import { z } from 'zod';
import type { CheckoutSessionRow } from '../db/schema.ts';
import { formatCredits } from '../domain/money.ts';

/** open | credited | expired: the checkout_sessions check constraint (migration 011). */
const checkoutStatusSchema = z.enum(['open', 'credited', 'expired']);
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

/** GET /api/billing. */
export const billingOfferSchema = z.object({
  configured: z.boolean().describe('Stripe is configured: checkouts can start'),
  currency: z.string(),
  packages: z.array(z.object({ id: z.string(), price: z.string(), credits: z.string(), bonus: z.string() })),
  custom: z.object({ min: z.string(), max: z.string(), rate: z.string() }).describe('A whole-dollar amount between min and max'),
  billing_url: z.string().describe("The web app's billing page"),
  not_configured_message: z.string().nullable(),
});
export type BillingOfferWire = z.infer<typeof billingOfferSchema>;

/** POST /api/billing/checkout (201): send the browser to `url`. */
export const checkoutStartedSchema = z.object({ session_id: z.string(), url: z.string().describe("Stripe Checkout's page") });

/** POST /api/billing/checkout/{id}/confirm. */
export const checkoutConfirmedSchema = z.object({
  session_id: z.string(),
  status: checkoutStatusSchema,
  credited: z.boolean(),
  balance: z.string().describe('The balance after it, in credits'),
});
export type CheckoutConfirmedWire = z.infer<typeof checkoutConfirmedSchema>;

const purchaseSchema = z.object({
  session_id: z.string(),
  package_id: z.string().nullable().describe('null for a custom amount'),
  amount: z.string().describe('Paid, in the currency'),
  currency: z.string(),
  credits: z.string().describe('Credits received, bonus included'),
  bonus: z.string(),
  status: checkoutStatusSchema,
  created_at: z.string(),
  credited_at: z.string().nullable(),
  receipt_url: z.string().nullable().describe("Stripe's receipt, once known"),
});
export type PurchaseWire = z.infer<typeof purchaseSchema>;

/** GET /api/billing/purchases: the account's last 100, newest first. */
export const purchasesSchema = z.object({ purchases: z.array(purchaseSchema) });

export function presentPurchase(s: CheckoutSessionRow): PurchaseWire {
  return {
    session_id: s.id,
    package_id: s.package_id,
    amount: (s.amount_cents / 100).toFixed(2),
    currency: s.currency,
    credits: formatCredits(s.credits_micro + s.bonus_micro),
    bonus: formatCredits(s.bonus_micro),
    status: s.status as CheckoutStatus,
    created_at: s.created_at.toISOString(),
    credited_at: s.credited_at?.toISOString() ?? null,
    receipt_url: s.receipt_url,
  };
}
