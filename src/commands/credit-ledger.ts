import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { formatCredits, formatCredits2 } from '../domain/money.ts';

export type LedgerKind = 'welcome' | 'grant' | 'purchase' | 'usage_tokens' | 'export' | 'refund' | 'adjustment';

export interface LedgerEntryProps {
  /** The account whose balance changes. */
  accountId: string;
  /** Signed micro-credits: positive adds credits, negative charges. Never zero. */
  amountMicro: bigint;
  kind: LedgerKind;
  /** Shown to the user in their credit history. */
  description: string;
  /** What the entry is for (analysis id, job id, package id). */
  reference?: string | null;
  /** The firm member whose act this is (migration 032); none for purchases, grants and the system. */
  memberId?: string | null;
  /**
   * When set, a charge that would take the balance below zero is refused with 402
   * insufficient_credits naming this document type and price (exports are credit-gated;
   * token usage is never blocked, spec "Credit billing" 2).
   */
  requireSufficientFor?: { label: string; priceMicro: bigint };
}

export interface LedgerEntryResult {
  ledgerId: bigint;
  balanceAfterMicro: bigint;
}

/**
 * The only way credits move: one statement in the caller's transaction that updates the balance
 * row (taking its lock) and appends the ledger entry with the balance it wrote, keeping the
 * invariant balance = sum(ledger) under any concurrency.
 *
 * A credit-gated charge (`requireSufficientFor`) updates the balance only where it covers the
 * amount: under READ COMMITTED a concurrent charge waits for the row's lock and then re-checks the
 * condition against the committed balance, so two charges can never overdraw it together. When
 * no row is written, one more read says why (402 with the balance, or a missing balance row).
 */
export async function postLedgerEntry(trx: Transaction<Schema>, props: LedgerEntryProps): Promise<LedgerEntryResult> {
  if (props.amountMicro === 0n) throw new Error('ledger entries must move a non-zero amount');
  const gated = props.requireSufficientFor && props.amountMicro < 0n ? props.requireSufficientFor : null;
  const posted = await postEntry(trx, props, gated !== null);
  if (posted) return posted;
  return refuseUncovered(trx, props.accountId, gated);
}

/**
 * Why a credit-gated charge wrote nothing: 402 insufficient_credits with the balance it found (one
 * read), or an error when the account has no balance row at all.
 */
export async function refuseUncovered(trx: Transaction<Schema>, accountId: string, gated: { label: string; priceMicro: bigint } | null): Promise<never> {
  const row = await trx.selectFrom('credit_balances').select('balance_micro').where('account_id', '=', accountId).executeTakeFirst();
  if (!row || !gated) throw new Error(`account ${accountId} has no balance row`);
  throw new AppError(
    402,
    'insufficient_credits',
    `Insufficient credits for a ${gated.label} export: it costs ${formatCredits(gated.priceMicro)} credits and the balance is ${formatCredits2(row.balance_micro)}.`,
    'Tell the user to buy credits in the Prosa web app under Settings > Billing (credit purchases are not available inside some assistants), then retry this request.',
  );
}

/**
 * A statement that updates the account's balance row moves its ledger page version (migration
 * 036) in that same update, and records the bump in the transaction's memory of bumped accounts
 * (migration 043), so the triggers of the ledger line (and job, or analysis) the statement inserts
 * bump nothing more: one row version of the balance and one notification instead of two (issue 24).
 * `PAGE_BUMP` goes in the update's SET, `PAGE_BUMPED` in its RETURNING (computed for each updated
 * row before the statement's triggers run).
 */
export const PAGE_BUMP = sql<string>`page_version + 1`;
export const PAGE_BUMPED = sql<string>`set_config('prosa.credit_pages_bumped', coalesce(nullif(current_setting('prosa.credit_pages_bumped', true), ''), ',') || account_id || ',', true)`;

/**
 * The balance update and the ledger row in one round trip: the UPDATE returns the balance it
 * wrote, which the ledger row records as its balance_after. With `covered`, the UPDATE writes only
 * where the balance covers the (negative) amount; nothing is returned when it does not.
 */
async function postEntry(trx: Transaction<Schema>, props: LedgerEntryProps, covered: boolean): Promise<LedgerEntryResult | null> {
  const row = await trx
    .with('balance', (db) =>
      db
        .updateTable('credit_balances')
        .set({ balance_micro: sql<string>`balance_micro + ${props.amountMicro.toString()}::bigint`, updated_at: new Date(), page_version: PAGE_BUMP })
        .where('account_id', '=', props.accountId)
        .$if(covered, (q) => q.where(sql<boolean>`balance_micro + ${props.amountMicro.toString()}::bigint >= 0`))
        .returning(['balance_micro', PAGE_BUMPED.as('page_bumped')]),
    )
    .insertInto('credit_ledger')
    .columns(['account_id', 'amount_micro', 'balance_after_micro', 'kind', 'description', 'reference', 'member_id'])
    .expression((eb) =>
      eb
        .selectFrom('balance')
        .select((s) => [
          s.val(props.accountId).as('account_id'),
          sql<string>`${props.amountMicro.toString()}::bigint`.as('amount_micro'),
          'balance.balance_micro',
          s.val(props.kind).as('kind'),
          s.val(props.description).as('description'),
          s.val(props.reference ?? null).as('reference'),
          s.val(props.memberId ?? null).as('member_id'),
        ]),
    )
    .returning(['id', 'balance_after_micro'])
    .executeTakeFirst();
  return row ? { ledgerId: row.id, balanceAfterMicro: row.balance_after_micro } : null;
}

/**
 * postEntry's update and insert as two CTEs of a larger statement, `balance` and `ledger` (the
 * line's id), written only when the statement's CTE named `gate` has a row: an analysis' charge in
 * the one statement that stores the analysis (commands/analysis-writer.ts). Not credit-gated.
 */
export function ledgerEntryCtes(props: Omit<LedgerEntryProps, 'requireSufficientFor'>, gate: string): RawBuilder<unknown> {
  if (props.amountMicro === 0n) throw new Error('ledger entries must move a non-zero amount');
  const amount = props.amountMicro.toString();
  return sql`balance as (
      update credit_balances set balance_micro = balance_micro + ${amount}::bigint, updated_at = now(), page_version = ${PAGE_BUMP}
      where account_id = ${props.accountId} and exists (select from ${sql.table(gate)})
      returning balance_micro, ${PAGE_BUMPED}),
    ledger as (
      insert into credit_ledger (account_id, amount_micro, balance_after_micro, kind, description, reference, member_id)
      select ${props.accountId}, ${amount}::bigint, balance_micro, ${props.kind}, ${props.description}, ${props.reference ?? null}, ${props.memberId ?? null}
      from balance
      returning id)`;
}
