import { CompiledQuery } from 'kysely';
import type { Db } from '../db/connect.ts';
import { BatchedReader } from '../db/batched-reader.ts';

/** What GET /api/credits reads on every request on PostgreSQL: the balance, the model multiplier and the ledger page's version. */
export interface CreditHead {
  balanceMicro: bigint;
  modelMultiplierMilli: number;
  /** credit_balances.page_version: bumped by every change a ledger page shows (migration 036). */
  pageVersion: bigint;
}

// Written once, not built by the query builder per request: compiling a Kysely query was 12% of
// this route's profile (issue 24). Primary-key reads of both tables, for every account asked.
const HEADS =
  'select a.id, a.model_multiplier_milli, b.balance_micro, b.page_version from accounts a join credit_balances b on b.account_id = a.id where a.id = any($1::text[])';

/**
 * Reads credit heads, the reads that arrive together in one statement (db/batched-reader.ts): each
 * read is answered by a statement that began after it did, what the ledger page cache's versions
 * rely on (ledger-page-cache.ts).
 */
export class CreditHeadReader extends BatchedReader<string, CreditHead> {}

/** A reader of the credit heads in `db`. */
export function creditHeadReader(db: Db): CreditHeadReader {
  return new CreditHeadReader(async (accountIds) => {
    const { rows } = await db.executeQuery<{ id: string; model_multiplier_milli: number; balance_micro: bigint; page_version: bigint }>(
      CompiledQuery.raw(HEADS, [accountIds]),
    );
    return new Map(rows.map((r) => [r.id, { balanceMicro: r.balance_micro, modelMultiplierMilli: r.model_multiplier_milli, pageVersion: r.page_version }]));
  });
}
