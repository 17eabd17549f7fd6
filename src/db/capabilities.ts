import { PGliteAdapter } from 'kysely';
import type { Db } from './connect.ts';

/**
 * Whether several transactions may run side by side on `db`. PostgreSQL: yes (a pool of
 * connections). PGlite: no — it is one connection, and Kysely's PGlite driver keeps a single
 * current transaction, so a second concurrent one would interleave with the first. A
 * transaction handle is one connection too.
 */
export function allowsConcurrentTransactions(db: Db): boolean {
  return !db.isTransaction && !(db.getExecutor().adapter instanceof PGliteAdapter);
}
