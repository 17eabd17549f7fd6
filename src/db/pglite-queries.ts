import type { PGlite } from '@electric-sql/pglite';
import type { PGlite as KyselyPGlite, PGliteQueryResults } from 'kysely';
import { exchangeStatement } from './pglite-exchange.ts';

/**
 * The PGlite instance as Kysely's PGlite dialect sees it, with every statement sent as one
 * exchange (pglite-exchange.ts) instead of through PGlite's `query()`.
 *
 * The locks are PGlite's own, taken as its `query()` takes them: a statement outside a transaction
 * waits for any transaction in progress (PGlite's transaction lock), then holds the query lock for
 * its exchange; a statement inside a transaction holds the query lock only. Transactions are
 * PGlite's own `transaction()` (BEGIN, COMMIT, ROLLBACK and the aborted-transaction error), so
 * Kysely's dialect drives them as it drives PGlite itself. Other users of the instance (pg-boss,
 * LISTEN, backups) keep calling PGlite and are ordered against these statements by the same locks.
 */
export function exchangingQueries(pglite: PGlite): KyselyPGlite {
  const inTransaction = <T>(sql: string, params: readonly unknown[] = []) =>
    pglite._runExclusiveQuery(() => exchangeStatement(pglite, sql, params, false)) as Promise<PGliteQueryResults<T>>;
  return {
    get closed() {
      return pglite.closed;
    },
    get ready() {
      return pglite.ready;
    },
    get waitReady() {
      return pglite.waitReady;
    },
    close: () => pglite.close(),
    // As query(): a closed or not yet started instance says so before anything is sent.
    query: async <T>(sql: string, params: readonly unknown[] = []) => {
      await pglite._checkReady();
      return (await pglite._runExclusiveTransaction(() =>
        pglite._runExclusiveQuery(() => exchangeStatement(pglite, sql, params, true)),
      )) as PGliteQueryResults<T>;
    },
    transaction: (callback) =>
      pglite.transaction((tx) =>
        callback({
          query: inTransaction,
          rollback: () => tx.rollback(),
        }),
      ),
  };
}
