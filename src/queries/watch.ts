import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { WatchRunsTable } from '../db/schema.ts';
import type { Selectable } from 'kysely';

export interface WatchedApplication {
  id: string;
  application_number: string;
  cursor_date: string | null;
  failures: number;
}

/**
 * The applications a pass reads, least recently checked first (never-checked ones before all), so a
 * pass cut short (rate limit, crash) is taken up where it stopped by the next one: every public
 * application some account dockets, still pending or allowed (a patented or abandoned one gets no
 * office action; the USPTO does not publish an unpublished application, whose record is private),
 * whose backoff after failures has run out.
 */
export async function watchedApplicationsDue(db: Db, now: Date): Promise<WatchedApplication[]> {
  const rows = await db
    .selectFrom('applications as a')
    .leftJoin('watch_state as w', 'w.application_id', 'a.id')
    .select(['a.id', 'a.application_number', 'w.cursor_date', 'w.failures', 'w.last_checked_at'])
    .where('a.owner_account_id', 'is', null)
    .where('a.status', 'not in', ['patented', 'abandoned'])
    .where((eb) => eb.exists(eb.selectFrom('docket_entries as d').select('d.id').whereRef('d.application_id', '=', 'a.id')))
    .where((eb) => eb.or([eb('w.next_check_after', 'is', null), eb('w.next_check_after', '<=', now)]))
    .orderBy(sql`w.last_checked_at asc nulls first`)
    .orderBy('a.application_number')
    .execute();
  return rows.map((r) => ({ id: r.id, application_number: r.application_number, cursor_date: r.cursor_date, failures: r.failures ?? 0 }));
}

/** The document identifiers of the application's papers the watch already handled. */
export async function watchedIdentifiers(db: Db, applicationId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('watch_papers').select('document_identifier').where('application_id', '=', applicationId).execute();
  return new Set(rows.map((r) => r.document_identifier));
}

export type WatchRunRow = Selectable<WatchRunsTable>;

/** The latest pass (finished or not), or null before the first. */
export async function lastWatchRun(db: Db): Promise<WatchRunRow | null> {
  return (await db.selectFrom('watch_runs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst()) ?? null;
}

export interface PendingWatchAnalysis {
  account_id: string;
  correspondence_id: string;
  document_code: string;
  description: string | null;
  application_number: string;
  text: string;
}

/**
 * Announced papers with their text, on the docket of an account that opted in (watch_analyze),
 * that the account has no watch analysis of yet (idempotency key `watch:<correspondence id>`),
 * recorded in the last `days` days. A crash after a paper was recorded leaves its analysis here
 * for the next pass.
 */
export async function pendingWatchAnalyses(db: Db, now: Date, days = 14): Promise<PendingWatchAnalysis[]> {
  const since = new Date(now.getTime() - days * 86_400_000);
  return db
    .selectFrom('watch_papers as w')
    .innerJoin('correspondence as c', 'c.id', 'w.correspondence_id')
    .innerJoin('applications as a', 'a.id', 'w.application_id')
    .innerJoin('docket_entries as d', 'd.application_id', 'w.application_id')
    .innerJoin('accounts as acc', 'acc.id', 'd.account_id')
    .select([
      'acc.id as account_id',
      'c.id as correspondence_id',
      'w.document_code',
      'c.description',
      'a.application_number',
      sql<string>`c.full_text`.as('text'),
    ])
    .where('w.announced', '=', true)
    .where('w.text_status', '=', 'held')
    .where('c.full_text', 'is not', null)
    .where('acc.watch_analyze', '=', true)
    .where('w.recorded_at', '>=', since)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('analyses as an')
            .select('an.id')
            .whereRef('an.account_id', '=', 'acc.id')
            .where('an.idempotency_key', '=', sql<string>`'watch:' || c.id`),
        ),
      ),
    )
    .orderBy('w.recorded_at')
    .orderBy('acc.id')
    .limit(1000)
    .execute();
}
