import type Stripe from 'stripe';
import type { Db } from '../db/connect.ts';
import type { CheckoutSessionRow } from '../db/schema.ts';
import type { Actor } from '../commands/actor.ts';
import { writeAudit } from '../commands/audit.ts';
import { postLedgerEntry } from '../commands/credit-ledger.ts';
import { formatCredits } from '../domain/money.ts';
import { AppError, notFound } from '../errors.ts';
import { CURRENCY, type Offer } from './offers.ts';
import { nextPathProblem } from '../domain/safe-next-path.ts';

export interface StartedCheckout {
  sessionId: string;
  url: string;
}

/**
 * Creates a Stripe Checkout Session with the server's own price and records it, so that only
 * this session, for this account and amount, can ever be credited. (The client's automatic
 * retries send Stripe an idempotency key of their own, so a retried create is the same session.)
 */
export async function checkoutStarter(
  db: Db,
  stripe: Stripe,
  actor: Actor,
  props: { accountId: string; email: string; offer: Offer; baseUrl: string; next?: string },
): Promise<StartedCheckout> {
  const { offer } = props;
  const billingUrl = `${props.baseUrl}/settings/billing`;
  // Stripe returns to the billing page (which confirms the payment) carrying the page that
  // needed the credits; only a same-site path is carried (no open redirect).
  const next =
    props.next !== undefined && nextPathProblem(props.next) === null && props.next !== '/settings/billing' ? `&next=${encodeURIComponent(props.next)}` : '';
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: CURRENCY, unit_amount: offer.amountCents, product_data: { name: offer.label } } }],
      client_reference_id: props.accountId,
      customer_email: props.email,
      metadata: {
        account_id: props.accountId,
        package_id: offer.packageId ?? 'custom',
        credits_micro: offer.creditsMicro.toString(),
        bonus_micro: offer.bonusMicro.toString(),
      },
      payment_intent_data: { metadata: { account_id: props.accountId } },
      success_url: `${billingUrl}?checkout=success&session_id={CHECKOUT_SESSION_ID}${next}`,
      cancel_url: `${billingUrl}?checkout=cancelled${next}`,
    });
  } catch (err) {
    throw stripeUnavailable(err);
  }
  if (!session.url) throw new AppError(502, 'payment_provider_error', 'Stripe did not return a checkout page.', 'Try again in a minute.');
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('checkout_sessions')
      .values({
        id: session.id,
        account_id: props.accountId,
        package_id: offer.packageId,
        amount_cents: offer.amountCents,
        currency: CURRENCY,
        credits_micro: offer.creditsMicro.toString(),
        bonus_micro: offer.bonusMicro.toString(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: 'billing.checkout_started',
      targetType: 'checkout_session',
      targetId: session.id,
      details: { package_id: offer.packageId, amount_cents: offer.amountCents, currency: CURRENCY },
    });
  });
  return { sessionId: session.id, url: session.url };
}

export type SettleOutcome = 'credited' | 'already_credited' | 'not_paid' | 'mismatch' | 'unknown_session' | 'expired';

export interface SettleResult {
  outcome: SettleOutcome;
  row: CheckoutSessionRow | null;
}

/**
 * The one crediting step, shared by the webhook and the success page: in ONE transaction,
 * optionally record the event id (a redelivered event stops here), lock the recorded session,
 * and credit it only if Stripe says it is paid and it matches what the server created (amount,
 * currency, account) and it was not credited yet. The paid amount and the bonus are separate
 * ledger lines, each unique by reference (migration 011).
 */
export async function checkoutSettler(
  db: Db,
  actor: Actor,
  session: Pick<
    Stripe.Checkout.Session,
    'id' | 'payment_status' | 'amount_total' | 'currency' | 'client_reference_id' | 'metadata' | 'payment_intent' | 'status'
  >,
  opts: { event?: { id: string; type: string } } = {},
): Promise<SettleResult & { duplicateEvent?: boolean }> {
  return db.transaction().execute(async (trx) => {
    if (opts.event) {
      const inserted = await trx
        .insertInto('stripe_events')
        .values({ id: opts.event.id, type: opts.event.type, session_id: session.id })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return { outcome: 'already_credited' as const, row: null, duplicateEvent: true };
    }
    const row = await trx.selectFrom('checkout_sessions').selectAll().where('id', '=', session.id).forUpdate().executeTakeFirst();
    if (!row) return { outcome: 'unknown_session' as const, row: null };
    if (row.status === 'credited') return { outcome: 'already_credited' as const, row };
    if (opts.event?.type === 'checkout.session.expired' || session.status === 'expired') {
      await trx.updateTable('checkout_sessions').set({ status: 'expired' }).where('id', '=', row.id).execute();
      return { outcome: 'expired' as const, row };
    }
    if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return { outcome: 'not_paid' as const, row };
    const accountOnSession = session.client_reference_id ?? session.metadata?.account_id ?? null;
    const matches =
      session.payment_status === 'paid' &&
      session.amount_total === row.amount_cents &&
      (session.currency ?? '').toLowerCase() === row.currency &&
      accountOnSession === row.account_id;
    if (!matches) {
      await writeAudit(trx, actor, {
        accountId: row.account_id,
        action: 'billing.checkout_mismatch',
        targetType: 'checkout_session',
        targetId: row.id,
        details: { amount_total: session.amount_total, currency: session.currency, expected_cents: row.amount_cents, payment_status: session.payment_status },
      });
      return { outcome: 'mismatch' as const, row };
    }
    const base = await postLedgerEntry(trx, {
      accountId: row.account_id,
      amountMicro: row.credits_micro,
      kind: 'purchase',
      description: `Credit purchase: $${(row.amount_cents / 100).toFixed(2)} (Stripe Checkout)`,
      reference: `stripe:${row.id}`,
    });
    if (row.bonus_micro > 0n) {
      await postLedgerEntry(trx, {
        accountId: row.account_id,
        amountMicro: row.bonus_micro,
        kind: 'purchase',
        description: `Package bonus: ${formatCredits(row.bonus_micro)} credits (${row.package_id})`,
        reference: `stripe:${row.id}:bonus`,
      });
    }
    const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
    const updated = await trx
      .updateTable('checkout_sessions')
      .set({ status: 'credited', credited_at: new Date(), payment_intent: paymentIntent })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, actor, {
      accountId: row.account_id,
      action: 'credits.purchase',
      targetType: 'checkout_session',
      targetId: row.id,
      details: {
        amount_cents: row.amount_cents,
        credits_micro: row.credits_micro.toString(),
        bonus_micro: row.bonus_micro.toString(),
        ledger_id: base.ledgerId.toString(),
        via: opts.event ? `webhook ${opts.event.type}` : 'success page',
      },
    });
    return { outcome: 'credited' as const, row: updated };
  });
}

/** The account's own recorded session (another account's id is 404). */
export async function findOwnCheckoutSession(db: Db, accountId: string, sessionId: string): Promise<CheckoutSessionRow> {
  const row = await db.selectFrom('checkout_sessions').selectAll().where('id', '=', sessionId).where('account_id', '=', accountId).executeTakeFirst();
  if (!row) throw notFound('Checkout session', 'checkout_session_not_found', 'Start a new purchase on the billing page.');
  return row;
}

export function stripeUnavailable(err: unknown): AppError {
  const message = err instanceof Error ? err.message : String(err);
  return new AppError(502, 'payment_provider_error', `Stripe refused or could not be reached: ${message}`, 'Try again in a minute; nothing was charged.');
}
