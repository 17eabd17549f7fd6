import type { Db } from '../db/connect.ts';
import type { LedgerRow } from '../db/schema.ts';

export async function getBalanceMicro(db: Db, accountId: string): Promise<bigint> {
  const row = await db.selectFrom('credit_balances').select('balance_micro').where('account_id', '=', accountId).executeTakeFirst();
  return row?.balance_micro ?? 0n;
}

export interface LedgerPage {
  entries: LedgerRow[];
  /** Pass as `before` to get the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/** Newest first, keyset-paginated by ledger id. */
export async function listLedger(db: Db, accountId: string, opts: { limit: number; before?: bigint }): Promise<LedgerPage> {
  let q = db.selectFrom('credit_ledger').selectAll().where('account_id', '=', accountId);
  if (opts.before !== undefined) q = q.where('id', '<', opts.before);
  const rows = await q.orderBy('id', 'desc').limit(opts.limit + 1).execute();
  const entries = rows.slice(0, opts.limit);
  return { entries, nextCursor: rows.length > opts.limit ? entries[entries.length - 1].id.toString() : null };
}

/** Sum of the ledger: equals the balance row at all times (the ledger invariant). */
export async function ledgerSumMicro(db: Db, accountId: string): Promise<bigint> {
  const row = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_micro'), eb.val('0')).as('total'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}
