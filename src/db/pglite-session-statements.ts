import { preparedName } from './prepared-statements.ts';

/**
 * Which statements one embedded session keeps prepared, and under what names (pglite-exchange.ts).
 *
 * A prepared statement is parsed and analysed once; each later run only binds its parameters and
 * executes, planning again only when PostgreSQL's plan cache says so. On the embedded database
 * every parse and plan runs on the same thread as the server, so the session prepares:
 * - the statements registered as hot (prepared-statements.ts), from their first run, under their
 *   registered names, as the PostgreSQL deployment prepares them;
 * - any other query (SELECT, INSERT, UPDATE, DELETE, WITH) whose text it has run
 *   AUTO_PREPARE_AFTER times, as PostgreSQL's JDBC driver does after five runs
 *   (prepareThreshold): one-off texts, such as a list of values spelt into the SQL, stay unnamed.
 *
 * At most CAPACITY are kept; the least recently used is closed when another is added. A schema
 * change (what a migration runs) closes them all first: a prepared `select *` would otherwise
 * fail once its table had changed ("cached plan must not change result type"); so do DISCARD and
 * DEALLOCATE, which drop them on PostgreSQL's side. A statement that fails with that error all the
 * same is closed so its next run parses it again. Other statements (SET, SAVEPOINT, LOCK...) run
 * unnamed and leave the prepared ones alone.
 */
const AUTO_PREPARE_AFTER = 3;
const CAPACITY = 200;
/** How many unprepared texts are counted before the counts start again (bounds the map). */
const COUNTED_TEXTS = 2_000;

const QUERY_TEXT = /^\s*(?:select|insert|update|delete|with)\b/i;
const SCHEMA_CHANGE = /^\s*(?:create|alter|drop|truncate|comment|grant|revoke|reindex|cluster|refresh|import|security|discard|deallocate|do)\b/i;

export interface StatementTurn {
  /** The statement name to parse and/or bind ('' = the unnamed statement). */
  name: string;
  /** Parse before binding (the first run under this name, or an unnamed statement). */
  parse: boolean;
  /** Statements to close before this one (evicted, or all of them before DDL). */
  close: string[];
}

export class SessionStatements {
  /** Prepared texts and their names, least recently used first. */
  readonly #names = new Map<string, string>();
  /** Names parsed in this session. */
  readonly #parsed = new Set<string>();
  readonly #runs = new Map<string, number>();
  #nextName = 0;

  /** How to run `sql` now. */
  turn(sql: string): StatementTurn {
    if (!QUERY_TEXT.test(sql)) return { name: '', parse: true, close: SCHEMA_CHANGE.test(sql) ? this.#closeAll() : [] };
    const known = this.#names.get(sql);
    if (known) {
      this.#names.delete(sql);
      this.#names.set(sql, known);
      return { name: known, parse: !this.#parsed.has(known), close: [] };
    }
    const registered = preparedName(sql);
    if (!registered) {
      const runs = (this.#runs.get(sql) ?? 0) + 1;
      if (runs < AUTO_PREPARE_AFTER) {
        if (this.#runs.size >= COUNTED_TEXTS) this.#runs.clear();
        this.#runs.set(sql, runs);
        return { name: '', parse: true, close: [] };
      }
      this.#runs.delete(sql);
    }
    const name = registered ?? `prosa_auto_${++this.#nextName}`;
    const close: string[] = [];
    if (this.#names.size >= CAPACITY) {
      const [oldestSql, oldest] = this.#names.entries().next().value as [string, string];
      this.#names.delete(oldestSql);
      this.#parsed.delete(oldest);
      close.push(oldest);
    }
    this.#names.set(sql, name);
    return { name, parse: true, close };
  }

  /** The exchange that parsed `name` succeeded. */
  parsed(name: string): void {
    if (name) this.#parsed.add(name);
  }

  /**
   * The exchange running `sql` under `name` failed: returns the names to close now. A statement
   * parsed in that exchange may or may not exist; one whose plan no longer fits its tables
   * (SQLSTATE 0A000) must be parsed again.
   */
  failed(sql: string, turn: StatementTurn, code: unknown): string[] {
    if (!turn.name || (!turn.parse && code !== '0A000')) return [];
    this.#names.delete(sql);
    this.#parsed.delete(turn.name);
    return [turn.name];
  }

  #closeAll(): string[] {
    const all = [...this.#names.values()];
    this.#names.clear();
    this.#parsed.clear();
    return all;
  }
}
