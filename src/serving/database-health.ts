/**
 * The database's state for GET /health, answered from process state (issue 12 item 6): a probe
 * (`select 1`) runs at most once per FRESH_MS, in the background, and /health answers with the
 * last result at once. Before, /health queued its own query behind the load: embedded, PGlite
 * has one connection, so /health waited up to 9.7 s under 200 connections of lookups. A database
 * that stops answering is still reported: a probe outstanding for STUCK_MS or more is an error.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

const FRESH_MS = 1000;
const STUCK_MS = 10_000;

export interface DatabaseHealth {
  /** `ok` or `error`; waits only for the very first probe. */
  check(): Promise<{ ok: boolean; error?: unknown }>;
}

export function databaseHealth(db: Db, opts: { freshMs?: number; stuckMs?: number } = {}): DatabaseHealth {
  const freshMs = opts.freshMs ?? FRESH_MS;
  const stuckMs = opts.stuckMs ?? STUCK_MS;
  let last: { ok: boolean; error?: unknown; at: number } | null = null;
  let inFlight: { since: number; done: Promise<void> } | null = null;

  const probe = () => {
    const since = performance.now();
    const done = sql`select 1`
      .execute(db)
      .then(
        () => {
          last = { ok: true, at: performance.now() };
        },
        (error: unknown) => {
          last = { ok: false, error, at: performance.now() };
        },
      )
      .finally(() => {
        inFlight = null;
      });
    inFlight = { since, done };
    return inFlight;
  };

  return {
    async check() {
      const now = performance.now();
      if (last && now - last.at < freshMs) return last;
      const running = inFlight ?? probe();
      if (!last) {
        // The first answer waits for the first probe (bounded like the others).
        const timeout = new Promise<'stuck'>((resolve) => setTimeout(resolve, stuckMs, 'stuck').unref());
        if ((await Promise.race([running.done.then(() => 'done' as const), timeout])) === 'stuck')
          return { ok: false, error: new Error('the database did not answer') };
        return last ?? { ok: false };
      }
      if (performance.now() - running.since >= stuckMs)
        return { ok: false, error: new Error(`the database has not answered for ${Math.round((performance.now() - running.since) / 1000)} s`) };
      return last;
    },
  };
}
