/**
 * Recomputes the next-deadline sort key (docket_entries.upcoming_deadlines, migration 035) of an
 * account's stale entries, with the same engine and inputs as the deadlines the docket shows
 * (applicationsDeadlineFields: the account's own recorded papers count).
 *
 * This is the one write on a read path (GET /api/docket sorted by next deadline): the triggers of
 * migration 035 only mark entries stale, and the key is brought up to date here before the page
 * is read, for the stale entries alone: a write then a read recomputes that one entry. It is a
 * cache of a pure function, so no audit event. Entries are locked (FOR UPDATE) while their key is
 * computed: a concurrent write's trigger waits and marks the entry stale again after this commit,
 * so no change is lost between the read and the update.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { DeadlineResult } from '../domain/deadlines/index.ts';
import { pendingActions } from '../queries/application-deadlines.ts';

const CHUNK = 1_000;

/** Every date of a pending action's deadlines that a docket can sort by, distinct and in order. */
export function upcomingDeadlineDates(result: DeadlineResult): string[] {
  const dates = [result.response_deadline, ...result.extensions.map((e) => e.due_effective), result.critical_deadline_date];
  return [...new Set(dates)].sort();
}

/** Refreshes the account's stale keys; answers how many entries it recomputed. */
export async function refreshDocketSortKeys(db: Db, accountId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const stale = await trx.selectFrom('docket_entries').select(['id', 'application_id'])
      .where('account_id', '=', accountId).where('deadlines_stale', '=', true)
      .forUpdate().execute();
    if (stale.length === 0) return 0;
    const pending = await pendingActions(trx, stale.map((s) => s.application_id), { accountId });
    for (let i = 0; i < stale.length; i += CHUNK) {
      const rows = stale.slice(i, i + CHUNK).map((s) => {
        const result = pending.get(s.application_id)?.result;
        return sql`(${s.id}, ${`{${result ? upcomingDeadlineDates(result).join(',') : ''}}`})`;
      });
      await sql`update docket_entries as d set upcoming_deadlines = v.dates::date[], deadlines_stale = false
        from (values ${sql.join(rows)}) as v(id, dates) where d.id = v.id`.execute(trx);
    }
    return stale.length;
  });
}
