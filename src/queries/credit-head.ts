import { CompiledQuery } from 'kysely';
import type { Db } from '../db/connect.ts';

/** What GET /api/credits reads on every request on PostgreSQL: the balance, the model multiplier and the ledger page's version. */
export interface CreditHead {
  balanceMicro: bigint;
  modelMultiplierMilli: number;
  /** credit_balances.page_version: bumped by every change a ledger page shows (migration 036). */
  pageVersion: bigint;
}

// Written once, not built by the query builder per request: compiling a Kysely query was 12% of
// this route's profile (issue 24). One primary-key read of each table.
const HEAD = 'select a.model_multiplier_milli, b.balance_micro, b.page_version from accounts a join credit_balances b on b.account_id = a.id where a.id = $1';

/** The account's credit head, in one statement; undefined when the account is gone. */
export async function readCreditHead(db: Db, accountId: string): Promise<CreditHead | undefined> {
  const { rows } = await db.executeQuery<{ model_multiplier_milli: number; balance_micro: bigint; page_version: bigint }>(CompiledQuery.raw(HEAD, [accountId]));
  const row = rows[0];
  return row && { balanceMicro: row.balance_micro, modelMultiplierMilli: row.model_multiplier_milli, pageVersion: row.page_version };
}
