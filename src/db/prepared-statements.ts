import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type pg from 'pg';

/**
 * Statements PostgreSQL parses and plans once per connection instead of on every run.
 *
 * Kysely sends every statement unnamed, so PostgreSQL parses and plans it each time. For a
 * statement of a few microseconds' execution that is most of its cost: the free lookup of an
 * application not in the public-record cache spent 0.4-0.9 ms in parse and bind against 0.02-0.09
 * ms executing (1,000,000 applications, bench/lookup-distinct.ts). A query run through
 * `executePrepared` has its SQL text registered here; the PostgreSQL connections Kysely gets
 * (connect.ts) send a registered text as a named statement (node-postgres prepares a name once per
 * connection and then only binds it). On the embedded database nothing changes.
 *
 * Only hot statements of fixed text belong here: every registered text is prepared on every
 * connection that runs it, so the registry is bounded and callers register texts that do not
 * vary with their arguments (an IN list of one, not of n). A prepared `select *` is planned for
 * the columns of its time: migrations run before a process serves, so none changes under it.
 */
const MAX_STATEMENTS = 64;
const names = new Map<string, string>();

/** The statement name of a registered SQL text. */
export function preparedName(sql: string): string | undefined {
  return names.get(sql);
}

/** Runs `query` as a prepared statement on PostgreSQL (registering its text the first time). */
export function executePrepared<R>(db: { executeQuery<O>(q: CompiledQuery<O>): Promise<QueryResult<O>> }, query: Compilable<R>): Promise<QueryResult<R>> {
  return executeCompiledPrepared(db, query.compile());
}

/** As executePrepared, for a statement already compiled (a raw `sql` statement compiled against its executor). */
export function executeCompiledPrepared<R>(
  db: { executeQuery<O>(q: CompiledQuery<O>): Promise<QueryResult<O>> },
  compiled: CompiledQuery<R>,
): Promise<QueryResult<R>> {
  if (!names.has(compiled.sql) && names.size < MAX_STATEMENTS) {
    names.set(compiled.sql, statementName(compiled.sql));
  }
  return db.executeQuery(compiled);
}

type Executor = { executeQuery<O>(q: CompiledQuery<O>): Promise<QueryResult<O>> };

/**
 * A hot statement of fixed text with named arguments, built and compiled by Kysely once: each run
 * sends the compiled text with the arguments in their places, prepared as `executePrepared` does.
 * Building and compiling the query tree costs tens of microseconds a run otherwise, as much as
 * PostgreSQL's own work for a statement already planned.
 *
 * While the query is built, each argument is a stand-in (a symbol), so an argument may only be a
 * value the query sends (never one the builder looks at: an IN list to expand, a null to test).
 * Every argument must reach the compiled statement; one that does not is a mistake and throws.
 */
export function preparedQuery<R, D extends Executor, A extends Record<string, unknown>>(
  argumentNames: readonly (keyof A & string)[],
  build: (db: D, args: A) => Compilable<R>,
): (db: D, args: A) => Promise<QueryResult<R>> {
  const standIns = new Map<unknown, keyof A & string>(argumentNames.map((name) => [Symbol(`argument ${name}`), name]));
  let compiled: CompiledQuery<R> | undefined;
  return async (db, args) => {
    if (!compiled) {
      const built = build(db, Object.fromEntries([...standIns].map(([standIn, name]) => [name, standIn])) as A).compile();
      const unused = [...standIns].filter(([standIn]) => !built.parameters.includes(standIn)).map(([, name]) => name);
      if (unused.length) throw new Error(`preparedQuery: the query does not use its argument(s) ${unused.join(', ')}`);
      compiled = built;
      if (!names.has(compiled.sql) && names.size < MAX_STATEMENTS) names.set(compiled.sql, statementName(compiled.sql));
    }
    return db.executeQuery({
      ...compiled,
      parameters: compiled.parameters.map((p) => {
        const name = standIns.get(p);
        return name === undefined ? p : args[name];
      }),
    });
  };
}

/** preparedQuery with one argument. */
export function preparedStatement<R, D extends Executor, A = string>(
  build: (db: D, argument: A) => Compilable<R>,
): (db: D, argument: A) => Promise<QueryResult<R>> {
  const run = preparedQuery<R, D, { argument: A }>(['argument'], (db, args) => build(db, args.argument));
  return (db, argument) => run(db, { argument });
}

function statementName(sql: string): string {
  return `prosa_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
}

/** One wrapper per pooled client: Kysely keeps its connection objects by client. */
const wrapped = new WeakMap<pg.PoolClient, pg.PoolClient>();

/** A pool client for Kysely that sends registered texts as named statements. */
export function preparingClient(client: pg.PoolClient): pg.PoolClient {
  const held = wrapped.get(client);
  if (held) return held;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const proxy = new Proxy(client, {
    get(target, prop, receiver) {
      if (prop !== 'query') return Reflect.get(target, prop, receiver);
      return (text: unknown, values?: unknown[]) => {
        const name = typeof text === 'string' ? names.get(text) : undefined;
        return name ? query({ name, text, values }) : values === undefined ? query(text) : query(text, values);
      };
    },
  });
  wrapped.set(client, proxy);
  return proxy;
}
