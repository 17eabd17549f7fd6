import type { WindowHit, WindowState, WindowStore } from './rate-windows.ts';

/** What the store needs of a client: node-postgres' Pool and PGlite both fit. */
export interface SqlClient {
  query<R extends object>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

/**
 * One statement per batch of checks, every window of every check at once: the function of
 * migration 021 decides the checks in order, each all or nothing, and writes only what admitted
 * checks counted (a 429 writes nothing).
 */
const HITS =
  'select hit, hit_used, hit_expires_at::text as hit_expires_at, hit_admitted from prosa_rate_hits($1::text[], $2::integer[], $3::bigint[], $4::integer[], $5::bigint[])';

export interface SqlWindowStoreOptions {
  /** Checks sent in one statement at most (a batch's statement locks all their rows). */
  maxBatch?: number;
  /** Statements in flight at once; checks arriving meanwhile wait for the next batch. */
  maxInFlight?: number;
}

interface Pending {
  hits: readonly WindowHit[];
  now: number;
  resolve: (r: { admitted: boolean; states: WindowState[] }) => void;
  reject: (err: unknown) => void;
}

/**
 * The PostgreSQL window store, shared by every replica (issue 12). Checks are coalesced like a
 * group commit: the first check goes out at once; checks that arrive while statements are in
 * flight queue and go out together in the next statement. Exactness does not depend on the
 * batching: each batch is decided in the database under row locks, so limits hold across any
 * number of replicas; a request costs at most one statement (one when alone, a share of one under
 * load), which is what made PostgreSQL 20x slower than bare Fastify on the free lookup.
 */
export function sqlWindowStore(client: SqlClient, close: () => Promise<void> = async () => {}, opts: SqlWindowStoreOptions = {}): WindowStore {
  // One statement in flight, up to 64 checks in it (classic group commit). Measured end to end
  // (bench/lookup-ratio.ts, PostgreSQL, 50 clients, a busy 2-core machine), API process CPU per
  // request: 64 x 1 in flight 47-51 us, 64 x 2 59-64 us, 32 x 4 66-76 us, one check per statement
  // (before) 200-260 us; req/s alike among the three, 2-3x the one-check store. The statement is
  // not a named (prepared) one: that would be session state, which PgBouncer in transaction mode
  // (docs/operations.md) does not keep; its gain was within the noise (bench/rate-store-batches.ts).
  const maxBatch = opts.maxBatch ?? 64;
  const maxInFlight = opts.maxInFlight ?? 1;
  let queue: Pending[] = [];
  let inFlight = 0;

  const send = async (batch: Pending[]): Promise<void> => {
    const keys: string[] = [],
      limits: number[] = [],
      durations: number[] = [],
      checks: number[] = [],
      nows: number[] = [];
    batch.forEach((p, c) => {
      for (const h of p.hits) {
        keys.push(h.key);
        limits.push(h.limit);
        durations.push(h.durationMs);
        checks.push(c);
        nows.push(p.now);
      }
    });
    try {
      const { rows } = await client.query<{ hit: number; hit_used: number; hit_expires_at: string; hit_admitted: boolean }>(HITS, [
        keys,
        limits,
        durations,
        checks,
        nows,
      ]);
      // Rows come back per hit, 1-based, in the order sent; a check's hits are contiguous.
      const byHit = new Array<(typeof rows)[number]>(keys.length);
      for (const r of rows) byHit[Number(r.hit) - 1] = r;
      let at = 0;
      for (const p of batch) {
        const states = p.hits.map((h, i) => ({ key: h.key, used: Number(byHit[at + i].hit_used), expiresAt: Number(byHit[at + i].hit_expires_at) }));
        const admitted = p.hits.length === 0 || byHit[at].hit_admitted === true;
        at += p.hits.length;
        p.resolve({ admitted, states });
      }
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  };

  const pump = (): void => {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
      queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
      inFlight += 1;
      void send(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  };

  return {
    hit(hits, now) {
      return new Promise((resolve, reject) => {
        queue.push({ hits, now, resolve, reject });
        pump();
      });
    },
    async purge(before) {
      // Rows a batch has locked are left to the next purge (skip locked): the purge never waits on
      // a batch, so the two cannot deadlock over rows they lock in different orders.
      const { rows } = await client.query<{ n: string }>(
        `with gone as (delete from prosa_rate_windows where key in (select key from prosa_rate_windows where expires_at < $1 for update skip locked) returning 1) select count(*)::text as n from gone`,
        [before],
      );
      return Number(rows[0]?.n ?? 0);
    },
    async size() {
      const { rows } = await client.query<{ n: string }>('select count(*)::text as n from prosa_rate_windows');
      return Number(rows[0]?.n ?? 0);
    },
    close,
  };
}
