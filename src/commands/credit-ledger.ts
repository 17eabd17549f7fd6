import { sql, type Transaction } from 'kysely';
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
 * The only way credits move. Locks the account's balance row (SELECT ... FOR UPDATE), appends
 * the ledger entry and updates the balance in the caller's transaction, keeping the invariant
 * balance = sum(ledger) under any concurrency.
 */
export async function postLedgerEntry(trx: Transaction<Schema>, props: LedgerEntryProps): Promise<LedgerEntryResult> {
  if (props.amountMicro === 0n) throw new Error('ledger entries must move a non-zero amount');
  if (!props.requireSufficientFor) return postUnchecked(trx, props);
  const row = await trx.selectFrom('credit_balances').select('balance_micro').where('account_id', '=', props.accountId).forUpdate().executeTakeFirst();
  if (!row) throw new Error(`account ${props.accountId} has no balance row`);
  const after = row.balance_micro + props.amountMicro;
  if (props.requireSufficientFor && props.amountMicro < 0n && after < 0n) {
    const { label, priceMicro } = props.requireSufficientFor;
    throw new AppError(
      402,
      'insufficient_credits',
      `Insufficient credits for a ${label} export: it costs ${formatCredits(priceMicro)} credits and the balance is ${formatCredits2(row.balance_micro)}.`,
      'Tell the user to buy credits in the Prosa web app under Settings > Billing (credit purchases are not available inside some assistants), then retry this request.',
    );
  }
  await trx.updateTable('credit_balances').set({ balance_micro: after.toString(), updated_at: new Date() }).where('account_id', '=', props.accountId).execute();
  const inserted = await trx
    .insertInto('credit_ledger')
    .values({
      account_id: props.accountId,
      amount_micro: props.amountMicro.toString(),
      balance_after_micro: after.toString(),
      kind: props.kind,
      description: props.description,
      reference: props.reference ?? null,
      member_id: props.memberId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ledgerId: inserted.id, balanceAfterMicro: after };
}

/**
 * An entry no balance check can refuse (every kind but a credit-gated export): one statement.
 * The UPDATE takes the balance row's lock itself and returns the balance it wrote, which the
 * ledger row records as its balance_after, so the invariant holds as with the read-then-write
 * path, in one round trip instead of three (issue 24: an analysis' charge).
 */
async function postUnchecked(trx: Transaction<Schema>, props: LedgerEntryProps): Promise<LedgerEntryResult> {
  const row = await trx
    .with('balance', (db) =>
      db
        .updateTable('credit_balances')
        .set({ balance_micro: sql<string>`balance_micro + ${props.amountMicro.toString()}::bigint`, updated_at: new Date() })
        .where('account_id', '=', props.accountId)
        .returning('balance_micro'),
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
  if (!row) throw new Error(`account ${props.accountId} has no balance row`);
  return { ledgerId: row.id, balanceAfterMicro: row.balance_after_micro };
}
