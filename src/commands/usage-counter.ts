import type { Db } from '../db/connect.ts';
import { addUsage, startOfUtcDay, startOfUtcHour, storedUsage, type UsageCounts, type UsageIncrement } from './usage-recorder.ts';

/**
 * Counts authenticated requests per account and UTC hour (table usage_hourly, the
 * X-Usage-Requests-Today / -Hour headers) in memory, and writes them in batches: one multi-row
 * upsert per flush, every `flushIntervalMs` and on close (issue 12: one write, and since session
 * 3 one fsync, per request was the largest cost of an authenticated read).
 *
 * The figures a response shows are this account's stored counts plus what this process has
 * counted and not yet stored, so within one process they are exact. Other replicas' requests
 * show once they have flushed and this process has flushed the account since (each flush reads
 * the stored totals back): at most about two flush intervals late.
 *
 * usage_hourly is a usage statistic only: billing is the credit ledger (credit-ledger.ts) and
 * limits are the rate-limit windows (rate-limit-store.ts); neither reads it. A graceful stop
 * flushes everything; a crash (kill -9, power loss) loses at most the last flush interval's
 * counts, and a failed flush keeps its counts for the next one.
 */
export interface UsageCounterOptions {
  flushIntervalMs?: number;
  /** Unix ms; tests move it across hour and day boundaries. */
  now?: () => number;
  /** A flush that failed (its counts are kept and retried). */
  onFlushError?: (err: unknown) => void;
}

const USAGE_FLUSH_INTERVAL_MS = 1000;
/** Rows per upsert statement (3 parameters each, far below PostgreSQL's 65,535). */
const ROWS_PER_STATEMENT = 1000;

/** What the database held for an account when last read or flushed, for one hour. */
interface Stored {
  hour: number;
  hourRequests: number;
  /** The day's hours before `hour`. */
  earlierToday: number;
}

const slot = (accountId: string, hour: number) => `${hour}|${accountId}`;

export class UsageCounter {
  readonly #db: Db;
  readonly #now: () => number;
  readonly #onFlushError: (err: unknown) => void;
  /** Counted, not yet written; by `slot`. */
  #pending = new Map<string, UsageIncrement>();
  /** Being written by the flush under way; still part of the figures. */
  #inFlight = new Map<string, UsageIncrement>();
  readonly #stored = new Map<string, Stored>();
  /** Reads of stored counts and flushes run one at a time, so a read never overlaps a write in flight. */
  #queue: Promise<unknown> = Promise.resolve();
  readonly #timer: NodeJS.Timeout;
  #closed = false;

  constructor(db: Db, opts: UsageCounterOptions = {}) {
    this.#db = db;
    this.#now = opts.now ?? Date.now;
    this.#onFlushError = opts.onFlushError ?? (() => {});
    this.#timer = setInterval(() => void this.flush().catch(() => {}), opts.flushIntervalMs ?? USAGE_FLUSH_INTERVAL_MS);
    this.#timer.unref();
  }

  /** Counts one admitted request and returns the account's figures including it. */
  async record(accountId: string): Promise<UsageCounts> {
    const hour = startOfUtcHour(this.#now());
    const stored = await this.#storedFor(accountId, hour);
    const key = slot(accountId, hour);
    const p = this.#pending.get(key);
    if (p) p.requests += 1;
    else this.#pending.set(key, { accountId, hour, requests: 1 });
    return this.#figures(accountId, stored);
  }

  /** The account's figures without counting anything (a refused request's headers). */
  async read(accountId: string): Promise<UsageCounts> {
    const hour = startOfUtcHour(this.#now());
    return this.#figures(accountId, await this.#storedFor(accountId, hour));
  }

  /** Writes everything counted so far; resolves once it is stored. */
  flush(): Promise<void> {
    return this.#serial(async () => {
      if (this.#pending.size === 0) return;
      this.#inFlight = this.#pending;
      this.#pending = new Map();
      const batch = [...this.#inFlight.values()];
      try {
        for (let i = 0; i < batch.length; i += ROWS_PER_STATEMENT) {
          const part = batch.slice(i, i + ROWS_PER_STATEMENT);
          const totals = await addUsage(this.#db, part);
          for (const inc of part) this.#inFlight.delete(slot(inc.accountId, inc.hour));
          this.#noteStored(part, totals);
        }
      } catch (err) {
        // Keep what was not stored for the next flush.
        for (const [key, inc] of this.#inFlight) {
          const p = this.#pending.get(key);
          if (p) p.requests += inc.requests;
          else this.#pending.set(key, inc);
        }
        this.#onFlushError(err);
        throw err;
      } finally {
        this.#inFlight = new Map();
      }
    });
  }

  /** Stops the timer and writes what is left (graceful shutdown). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#timer);
    await this.flush();
  }

  #figures(accountId: string, stored: Stored): UsageCounts {
    const day = startOfUtcDay(stored.hour);
    let hour = stored.hourRequests;
    let today = stored.earlierToday;
    for (const m of [this.#pending, this.#inFlight]) {
      for (const inc of m.values()) {
        if (inc.accountId !== accountId || inc.hour < day || inc.hour > stored.hour) continue;
        if (inc.hour === stored.hour) hour += inc.requests;
        else today += inc.requests;
      }
    }
    return { hour, today: today + hour };
  }

  /** The account's stored counts for this hour: from memory, or one read (then kept). */
  async #storedFor(accountId: string, hour: number): Promise<Stored> {
    const known = this.#stored.get(accountId);
    if (known?.hour === hour) return known;
    return this.#serial(async () => {
      const again = this.#stored.get(accountId);
      if (again?.hour === hour) return again;
      const s = await storedUsage(this.#db, accountId, hour);
      const stored = { hour, hourRequests: s.hour, earlierToday: s.earlierToday };
      this.#stored.set(accountId, stored);
      return stored;
    });
  }

  /** After a flush: the stored totals it returned replace what was known (other processes' counts included). */
  #noteStored(flushed: UsageIncrement[], totals: UsageIncrement[]): void {
    for (const inc of flushed) {
      const known = this.#stored.get(inc.accountId);
      if (!known) continue;
      if (inc.hour < known.hour && inc.hour >= startOfUtcDay(known.hour)) known.earlierToday += inc.requests;
    }
    for (const t of totals) {
      const known = this.#stored.get(t.accountId);
      if (known?.hour === t.hour) known.hourRequests = t.requests;
    }
    // Accounts whose stored hour has passed are read again when next seen: forget them.
    const current = startOfUtcHour(this.#now());
    for (const [accountId, s] of this.#stored) if (s.hour < current) this.#stored.delete(accountId);
  }

  #serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(fn, fn);
    this.#queue = run.catch(() => {});
    return run;
  }
}
