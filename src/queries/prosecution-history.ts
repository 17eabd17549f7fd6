import type { Db } from '../db/connect.ts';

export interface HistoryEvent {
  id: bigint;
  event_code: string;
  description: string | null;
  event_date: string;
}

export interface HistoryPage {
  events: HistoryEvent[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/**
 * An application's prosecution events (the USPTO transaction history), newest first, keyset
 * paginated on (event_date, id). `before` is the id of the last event of the previous page; a
 * cursor that is not an event of this application starts from the newest.
 */
export async function listProsecutionHistory(db: Db, applicationId: string, opts: { limit: number; before?: bigint }): Promise<HistoryPage> {
  let q = db.selectFrom('prosecution_events').select(['id', 'event_code', 'description', 'event_date']).where('application_id', '=', applicationId);
  if (opts.before !== undefined) {
    const cursor = await db
      .selectFrom('prosecution_events')
      .select(['id', 'event_date'])
      .where('id', '=', opts.before)
      .where('application_id', '=', applicationId)
      .executeTakeFirst();
    if (cursor) {
      q = q.where((eb) => eb.or([eb('event_date', '<', cursor.event_date), eb.and([eb('event_date', '=', cursor.event_date), eb('id', '<', cursor.id)])]));
    }
  }
  const rows = await q
    .orderBy('event_date', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit + 1)
    .execute();
  const events = rows.slice(0, opts.limit);
  return { events, nextCursor: rows.length > opts.limit ? events[events.length - 1].id.toString() : null };
}
