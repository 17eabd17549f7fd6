/**
 * Brings an account's next-deadline sort keys (migration 035) up to date before a page sorted by
 * next deadline is read:
 * - stale entries (a deadline input changed; the triggers marked them): their dates recomputed with
 *   the same engine and inputs as the deadlines the docket shows (applicationsDeadlineFields: the
 *   account's own recorded papers count), and their key taken from those dates;
 * - entries whose key a day passed (key < today): the key advanced from the dates already kept,
 *   in SQL alone.
 * The route calls this only when the page's count statement found such entries, so a read with
 * nothing to refresh runs none of it. It is a cache of a pure function, so no audit event. Stale
 * entries are locked (FOR UPDATE) while their dates are computed: a concurrent write's trigger
 * waits and marks the entry stale again after this commit, so no change is lost.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { DeadlineResult } from '../domain/deadlines/index.ts';
import { pendingActions } from '../queries/application-deadlines.ts';

const CHUNK = 1_000;
/** Recomputing this many keys in one refresh refreshes the planner's statistics too. */
const ANALYZE_AFTER = 1_000;

/** Every date of a pending action's deadlines that a docket can sort by, distinct and in order. */
function upcomingDeadlineDates(result: DeadlineResult): string[] {
  const dates = [result.response_deadline, ...result.extensions.map((e) => e.due_effective), result.critical_deadline_date];
  return [...new Set(dates)].sort();
}

/** The earliest of `dates` on or after `today`, else 'infinity' (sorts last). */
const nextOf = (dates: ReturnType<typeof sql>, today: string) =>
  sql`coalesce((select min(x) from unnest(${dates}) as x where x >= ${today}::date), 'infinity'::date)`;

/** Refreshes the account's stale and passed keys as of `today` (YYYY-MM-DD, UTC); answers how many entries it recomputed with the engine. */
export async function refreshDocketSortKeys(db: Db, accountId: string, today: string): Promise<number> {
  const recomputed = await db.transaction().execute(async (trx) => {
    const stale = await trx
      .selectFrom('docket_entries')
      .select(['id', 'application_id'])
      .where('account_id', '=', accountId)
      .where('deadlines_stale', '=', true)
      .forUpdate()
      .execute();
    if (stale.length > 0) {
      const pending = await pendingActions(
        trx,
        stale.map((s) => s.application_id),
        { accountId },
      );
      for (let i = 0; i < stale.length; i += CHUNK) {
        const rows = stale.slice(i, i + CHUNK).map((s) => {
          const result = pending.get(s.application_id)?.result;
          return sql`(${s.id}, ${`{${result ? upcomingDeadlineDates(result).join(',') : ''}}`})`;
        });
        await sql`update docket_entries as d set upcoming_deadlines = v.dates::date[], next_deadline_key = ${nextOf(sql`v.dates::date[]`, today)}, deadlines_stale = false
          from (values ${sql.join(rows)}) as v(id, dates) where d.id = v.id`.execute(trx);
      }
    }
    await sql`update docket_entries set next_deadline_key = ${nextOf(sql`upcoming_deadlines`, today)}
      where account_id = ${accountId} and next_deadline_key < ${today}::date`.execute(trx);
    return stale.length;
  });
  // Many keys at once means a bulk import (or migration 035 on an existing docket): the planner's
  // statistics may not know the rows yet (the embedded database has no autovacuum), and without
  // them it sorts the whole docket instead of reading the page from the index. Outside the
  // transaction, as examiner-stats/refresh.ts does after its bulk loads. The papers and events
  // too: without their statistics each page's pending-action read scanned every paper (on PGlite
  // at 10,000 entries a sequential scan of the correspondence instead of 50 index probes).
  if (recomputed >= ANALYZE_AFTER) await sql`analyze docket_entries, applications, correspondence, prosecution_events`.execute(db);
  return recomputed;
}
