import type { Database } from '../db/connect.ts';

/**
 * A short-lived cache of the free public answers (REST #1 lookup, REST #2 deadlines) (issue 12:
 * PGlite costs 0.3-0.9 ms a statement; a lookup is two). Entries live TTL_MS at most and every
 * cache in the process is cleared whenever public records or docket entries are written here
 * (imports, live ODP fetches, docket and office-action writes). Another process's writes (a
 * scale-out replica, `prosa import` against PostgreSQL) are seen within TTL_MS: that is the bound
 * (docs/decisions/scale-out-and-speed.md). Deadlines depend on the date too; a date change is seen within TTL_MS.
 */
export const TTL_MS = 2000;
/** Bounds memory under lookups of many distinct numbers: the oldest entries go first. */
const MAX_ENTRIES = 10_000;

interface Entry {
  value: unknown;
  expiresAt: number;
}

interface Cache {
  entries: Map<string, Entry>;
  /** Computations under way: concurrent misses of one key share one (no stampede at expiry). */
  pending: Map<string, Promise<unknown>>;
  /** Bumped by every clear: a computation started before a clear must not store its answer. */
  generation: number;
}

/** One cache per open database (tests open several in one process; answers never cross). */
const caches = new WeakMap<Database, Cache>();
const all = new Set<WeakRef<Cache>>();

function cacheOf(database: Database): Cache {
  let c = caches.get(database);
  if (!c) {
    c = { entries: new Map(), pending: new Map(), generation: 0 };
    caches.set(database, c);
    all.add(new WeakRef(c));
  }
  return c;
}

/**
 * The cached answer for `key`, or computes, stores and returns it (errors are not cached). Under
 * load every request in flight used to miss together when an entry expired (50 concurrent
 * lookups, 50 identical queries); now the first computes and the others wait for its answer. An
 * answer computed across a clear (a write landed meanwhile) is returned to its callers but not
 * stored, so the next request reads the write.
 */
export async function cachedPublicRecord<T>(database: Database, key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  const cache = cacheOf(database);
  const hit = cache.entries.get(key);
  if (hit && hit.expiresAt > now) return hit.value as T;
  const running = cache.pending.get(key);
  if (running) return running as Promise<T>;
  const generation = cache.generation;
  const computing = compute();
  cache.pending.set(key, computing);
  try {
    const value = await computing;
    if (cache.generation === generation) {
      cache.entries.delete(key);
      while (cache.entries.size >= MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
      cache.entries.set(key, { value, expiresAt: now + TTL_MS });
    }
    return value;
  } finally {
    if (cache.pending.get(key) === computing) cache.pending.delete(key);
  }
}

/** Forgets every cached public answer in this process (called by every writer of public data or dockets). */
export function clearPublicRecordCaches(): void {
  for (const ref of all) {
    const c = ref.deref();
    if (c) {
      c.entries.clear();
      // Requests arriving after the write must not join a computation that may predate it.
      c.pending.clear();
      c.generation += 1;
    } else all.delete(ref);
  }
}
