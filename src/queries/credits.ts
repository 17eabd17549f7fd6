import type { Db } from '../db/connect.ts';
import type { LedgerRow } from '../db/schema.ts';

export async function getBalanceMicro(db: Db, accountId: string): Promise<bigint> {
  const row = await db.selectFrom('credit_balances').select('balance_micro').where('account_id', '=', accountId).executeTakeFirst();
  return row?.balance_micro ?? 0n;
}

/**
 * A ledger line with the member who acted (issue 22: "every ledger line names the member who
 * acted"; null for lines no member made: the sign-up grant, a system refund, lines from before
 * firms) and the application and client matter it was spent on (issue 22 item 7): a usage
 * line's reference is the analysis or draft job it charged (or refunded); that names the
 * application, and the account's docket entry of the application holds its client matter.
 * Purchases and grants have neither.
 */
export type LedgerLine = LedgerRow & {
  application_number: string | null;
  client_matter: string | null;
  member_name: string | null;
  member_email: string | null;
};

export interface LedgerPage {
  entries: LedgerLine[];
  /** Pass as `before` to get the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/** Newest first, keyset-paginated by ledger id. */
export async function listLedger(db: Db, accountId: string, opts: { limit: number; before?: bigint }): Promise<LedgerPage> {
  let q = db
    .selectFrom('credit_ledger as l')
    .leftJoin('analyses as an', (j) => j.onRef('an.id', '=', 'l.reference').onRef('an.account_id', '=', 'l.account_id'))
    .leftJoin('draft_jobs as dj', (j) => j.onRef('dj.id', '=', 'l.reference').onRef('dj.account_id', '=', 'l.account_id'))
    .leftJoin('docket_entries as de', (j) =>
      j.onRef('de.account_id', '=', 'l.account_id').on((eb) => eb('de.application_id', '=', eb.fn.coalesce('an.application_id', 'dj.application_id'))),
    )
    // The member who acted (removed members included: the line keeps naming them).
    .leftJoin('members as m', (j) => j.onRef('m.id', '=', 'l.member_id').onRef('m.account_id', '=', 'l.account_id'))
    .selectAll('l')
    .select((eb) => [
      eb.fn.coalesce('an.application_number', 'dj.application_number').as('application_number'),
      'de.client_matter',
      'm.display_name as member_name',
      'm.email as member_email',
    ])
    .where('l.account_id', '=', accountId);
  if (opts.before !== undefined) q = q.where('l.id', '<', opts.before);
  const rows = await q
    .orderBy('l.id', 'desc')
    .limit(opts.limit + 1)
    .execute();
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
