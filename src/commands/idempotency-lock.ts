import { sql, type Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';

/**
 * Serialises the transactions that carry one account's Idempotency-Key (issue 12, item 2): a
 * transaction-scoped advisory lock on (scope, account, key), released at commit or rollback. A
 * concurrent copy of the request waits here until the first copy has committed (or rolled back),
 * then finds its row by a fresh read (READ COMMITTED: every statement takes a new snapshot) and
 * answers it instead of charging again. Works on PGlite (single connection) and PostgreSQL.
 */
export async function lockIdempotencyKey(trx: Transaction<Schema>, scope: 'draft_job' | 'analysis', accountId: string, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`${scope} ${accountId} ${key}`}, 0))`.execute(trx);
}
