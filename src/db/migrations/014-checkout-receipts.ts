import type { Kysely } from 'kysely';

/**
 * Receipts (issue 10): Stripe's receipt link for a paid checkout. A Checkout Session does not
 * carry it; it is on the payment's charge (payment_intent.latest_charge.receipt_url), fetched
 * once when the purchases are first listed after crediting and kept here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('checkout_sessions').addColumn('receipt_url', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('checkout_sessions').dropColumn('receipt_url').execute();
}
