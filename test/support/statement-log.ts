// Every statement a Kysely database runs, its transactions' included (a transaction's executor is
// derived from the database's through withConnectionProvider, so each derived executor is wrapped
// too), with the wall time each took: the statement-count tests and bench/analysis-store.ts.
import type { Kysely } from 'kysely';

export interface LoggedStatement {
  sql: string;
  ms: number;
}

export interface StatementLog {
  readonly statements: LoggedStatement[];
  /** Stops logging (the database's own executor is restored; executors derived meanwhile log no more). */
  stop(): void;
}

interface Executor {
  executeQuery: (q: { sql: string }, ...rest: unknown[]) => Promise<unknown>;
  withConnectionProvider: (p: unknown) => Executor;
}

function wrap(executor: Executor, log: LoggedStatement[], on: { value: boolean }): void {
  const execute = executor.executeQuery;
  const derive = executor.withConnectionProvider;
  executor.executeQuery = async function (q, ...rest) {
    const t = performance.now();
    try {
      return await execute.call(this, q, ...rest);
    } finally {
      if (on.value) log.push({ sql: q.sql, ms: performance.now() - t });
    }
  };
  executor.withConnectionProvider = function (p) {
    const derived = derive.call(this, p);
    wrap(derived, log, on);
    return derived;
  };
}

/** Logs the statements `db` runs until stop(). */
export function logStatements(db: Kysely<never> | Kysely<unknown> | { getExecutor(): unknown }): StatementLog {
  const executor = (db as { getExecutor(): unknown }).getExecutor() as Executor;
  const { executeQuery, withConnectionProvider } = executor;
  const statements: LoggedStatement[] = [];
  const on = { value: true };
  wrap(executor, statements, on);
  return {
    statements,
    stop() {
      on.value = false;
      executor.executeQuery = executeQuery;
      executor.withConnectionProvider = withConnectionProvider;
    },
  };
}
