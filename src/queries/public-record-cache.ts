import type { Database } from '../db/connect.ts';

/**
 * A short-lived cache of the free public answers (REST #1 lookup, REST #2 deadlines) (issue 12:
 * PGlite costs 0.3-0.9 ms a statement; a lookup is two). Entries live TTL_MS at most and every
 * cache in the process is cleared whenever public records or docket entries are written here
 * (imports, live ODP fetches, docket and office-action writes). Another process's writes (a
 * scale-out replica, `prosa import` against PostgreSQL) are seen within TTL_MS: that is the bound
 * (docs/decisions.md). Deadlines depend on the date too; a date change is seen within TTL_MS.
 */
export const TTL_MS = 2000;
/** Bounds memory under lookups of many distinct numbers: the oldest entries go first. */
const MAX_ENTRIES = 10_000;

interface Entry {
  value: unknown;
  expiresAt: number;
}

/** One cache per open database (tests open several in one process; answers never cross). */
const caches = new WeakMap<Database, Map<string, Entry>>();
const all = new Set<WeakRef<Map<string, Entry>>>();

function cacheOf(database: Database): Map<string, Entry> {
  let c = caches.get(database);
  if (!c) {
    c = new Map();
    caches.set(database, c);
    all.add(new WeakRef(c));
  }
  return c;
}

/** The cached answer for `key`, or computes, stores and returns it (errors are not cached). */
export async function cachedPublicRecord<T>(database: Database, key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  const cache = cacheOf(database);
  const hit = cache.get(key);
  if (hit && hit.expiresAt > now) return hit.value as T;
  const value = await compute();
  cache.delete(key);
  while (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, { value, expiresAt: now + TTL_MS });
  return value;
}

/** Forgets every cached public answer in this process (called by every writer of public data or dockets). */
export function clearPublicRecordCaches(): void {
  for (const ref of all) {
    const c = ref.deref();
    if (c) c.clear();
    else all.delete(ref);
  }
}
