import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import { preparingClient } from './prepared-statements.ts';
import { exchangingQueries } from './pglite-queries.ts';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { DurableNodeFS, durableStartParams, needsInitdb, syncDataDirectory } from './durable-pglite.ts';
import { readTemplate } from './pglite-template.ts';
import { createReleasingDump, withEmbeddedMemory } from './pglite-memory.ts';
import type { Schema } from './schema.ts';

export type Db = Kysely<Schema>;

/** An open database: Kysely over PGlite (embedded) or PostgreSQL (scale-out). */
export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** The PGlite instance (embedded only): the job queue and tests need it directly. */
  readonly pglite?: PGlite;
  /** On-disk PGlite only: the file system that turns PostgreSQL's fsync requests into fsync(2) (durable-pglite.ts). */
  readonly durableFs?: DurableNodeFS;
  /** The connection string (PostgreSQL only): the job queue and rate limiter open their own pools. */
  readonly connectionString?: string;
  close(): Promise<void>;
}

const INT8 = 20;
const DATE = 1082;
const BYTEA = 17;

/**
 * Read int8 as bigint (money is micro-credits in bigint) and dates as 'YYYY-MM-DD' strings:
 * node-postgres would otherwise turn a date into a local-time Date and shift it a day.
 */
const parsers = {
  [INT8]: (v: string) => BigInt(v),
  [DATE]: (v: string) => v,
};

/**
 * bytea read on the embedded database from its hex through native Buffer code: PGlite's own
 * parser goes byte by byte in JavaScript (about 1 ms for an analysis' 7 kB packed record,
 * db/packed-json.ts). Read as Buffer, as node-postgres reads it. (Parameters are node-postgres's
 * conversion, pglite-exchange.ts: a Buffer is sent as its bytes.)
 */
const pgliteParsers = { ...parsers, [BYTEA]: (v: string) => Buffer.from(v.slice(2), 'hex') };

export interface OpenOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory (ignored with databaseUrl). 'memory://' for an in-memory database. */
  dataDir?: string;
  /** A gzipped data-dir dump to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob;
  /** A fresh on-disk PGlite directory starts from the migrated template when one is current (default true). */
  useTemplate?: boolean;
  /** Where the template is (tests); default `dist/` of this checkout. */
  templateDir?: string;
  /** Max pool size on PostgreSQL. */
  poolSize?: number;
  /** Told when an idle PostgreSQL connection fails (logged by the server); the pool recovers by itself. */
  onIdleError?: (err: Error) => void;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.onIdleError);
  return openPglite(opts.dataDir ?? './data', opts.loadDataDir, opts.useTemplate ?? true, opts.templateDir);
}

async function openPglite(dataDir: string, loadDataDir?: Blob, useTemplate = true, templateDir?: string): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  const lock: DataDirLock | null = inMemory ? null : acquireDataDirLock(dataDir);
  let pglite: PGlite;
  let durableFs: DurableNodeFS | undefined;
  try {
    if (inMemory) {
      pglite = await createReleasingDump({ dataDir, parsers: pgliteParsers, loadDataDir, startParams: withEmbeddedMemory() });
    } else {
      // On disk, every acknowledged commit must survive a power loss: see durable-pglite.ts.
      const pgdata = `${dataDir}/pgdata`;
      const fresh = needsInitdb(pgdata); // initdb or a loaded dump writes without syncing
      durableFs = new DurableNodeFS(pgdata);
      durableFs.deferSyncs = fresh;
      // A fresh directory starts from the migrated template when there is a current one (pglite-template.ts).
      const initial = loadDataDir ?? (fresh && useTemplate ? readTemplate(templateDir) : undefined);
      pglite = await createReleasingDump({
        fs: durableFs,
        parsers: pgliteParsers,
        loadDataDir: initial,
        startParams: withEmbeddedMemory(durableStartParams()),
      });
      if (fresh) {
        syncDataDirectory(pgdata);
        durableFs.deferSyncs = false;
      }
    }
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = new Kysely<Schema>({ dialect: new PGliteDialect({ pglite: exchangingQueries(pglite) }) });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    pglite,
    durableFs,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await db.destroy();
      } finally {
        if (!pglite.closed) await pglite.close();
        lock?.release();
      }
    },
  };
}

async function openPostgres(connectionString: string, max: number, onIdleError?: (err: Error) => void): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid in parsers ? parsers[oid as keyof typeof parsers] : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client's connection can end at any time (a PostgreSQL restart, a failover, an
  // administrator terminating it): the pool discards that client and opens a new one on the next
  // query. Without a listener, pg.Pool re-emits the error as an uncaught exception and the whole
  // process dies.
  pool.on('error', (err) => onIdleError?.(err));
  // Kysely's connections send the registered hot statements as named ones (prepared-statements.ts).
  const kyselyPool = { Client: pg.Client, options: pool.options, connect: async () => preparingClient(await pool.connect()), end: () => pool.end() };
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: kyselyPool }) });
  let closed = false;
  return {
    db,
    kind: 'postgres',
    connectionString,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}
