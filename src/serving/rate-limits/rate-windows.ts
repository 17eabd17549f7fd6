/**
 * Fixed-window counters behind the rate limiter (issue 12). A store counts one hit on every window
 * a request touches ONLY if every one of them has room (all or nothing), in one round trip, so a
 * request refused by its key's limit spends nothing of its account's ceiling and a 429 writes
 * nothing. A window starts at its first hit and lasts `durationMs` (rate-limiter-flexible's
 * semantics, kept); an ended window is overwritten in place by the next hit, and rows whose window
 * ended are purged periodically, so the store's size is bounded by the subjects active within the
 * last purge interval, never by the number of windows.
 *
 * Implementations: memory (one process, the embedded default), PostgreSQL (shared by replicas,
 * rate-windows-sql.ts); a Redis one can sit beside them behind this interface.
 */
export interface WindowHit {
  /** Subject and window, e.g. `authenticated:m:key:<id>`. */
  key: string;
  /** Hits allowed within one window. */
  limit: number;
  durationMs: number;
}

export interface WindowState {
  key: string;
  /** Hits counted in the current window: including this one when admitted. */
  used: number;
  /** Unix milliseconds when the current window ends. */
  expiresAt: number;
}

export interface WindowStore {
  /** One state per hit, in the order given; `admitted` when every window had room (and all were counted). */
  hit(hits: readonly WindowHit[], now: number): Promise<{ admitted: boolean; states: WindowState[] }>;
  /** Deletes windows that ended before `before` (Unix ms); returns how many. */
  purge(before: number): Promise<number>;
  /** The number of stored windows (tests and metrics: the store stays bounded). */
  size(): Promise<number>;
  close(): Promise<void>;
}

/** The embedded store: a Map, purged like the others. */
export function memoryWindowStore(): WindowStore {
  const windows = new Map<string, { count: number; expiresAt: number }>();
  return {
    // Plain loops, one map lookup per window and counters updated in place: this runs on every
    // request of the embedded server (issue 12).
    async hit(hits, now) {
      const states: WindowState[] = new Array(hits.length);
      const stored: Array<{ count: number; expiresAt: number } | undefined> = new Array(hits.length);
      let admitted = true;
      for (let i = 0; i < hits.length; i++) {
        const h = hits[i];
        const w = windows.get(h.key);
        const live = w !== undefined && w.expiresAt > now;
        const used = live ? w.count : 0;
        if (used >= h.limit) admitted = false;
        states[i] = { key: h.key, used, expiresAt: live ? w.expiresAt : now + h.durationMs };
        stored[i] = w;
      }
      if (admitted) {
        for (let i = 0; i < states.length; i++) {
          const s = states[i];
          s.used += 1;
          const w = stored[i];
          if (w) {
            w.count = s.used;
            w.expiresAt = s.expiresAt;
          } else {
            windows.set(s.key, { count: s.used, expiresAt: s.expiresAt });
          }
        }
      }
      return { admitted, states };
    },
    async purge(before) {
      let n = 0;
      for (const [k, w] of windows) if (w.expiresAt < before && windows.delete(k)) n++;
      return n;
    },
    async size() {
      return windows.size;
    },
    async close() {
      windows.clear();
    },
  };
}
