import { sql, type Kysely } from 'kysely';

/**
 * The docket's sort key by next deadline (a page of 50 out of 10,000 without computing 10,000
 * entries' deadlines per request).
 *
 * - docket_entries.upcoming_deadlines: every deadline date the deadline engine
 *   (src/queries/application-deadlines.ts) computed for the entry's pending action: the response
 *   deadline, each extension month's due date, the critical date. Empty = nothing pending.
 * - docket_entries.next_deadline_key: the smallest of them on or after the day it was taken (UTC);
 *   'infinity' when none is left, so entries without a deadline sort last with no null handling.
 *   The index (account_id, next_deadline_key, id) is the default sort's order: the first page reads
 *   50 index entries, not 10,000 rows. When a day passes a key (key < today) it is advanced from
 *   upcoming_deadlines in SQL alone, without the engine (src/commands/docket-sort-keys.ts).
 * - docket_entries.deadlines_stale: the dates may be out of date. Triggers set it when an input of
 *   the engine changes (a paper or event of the application, its status or entity status, the
 *   entry's entity size); src/commands/docket-sort-keys.ts recomputes the stale entries before a
 *   page sorted by next deadline is read. New entries start stale. The key only orders: the dates
 *   a page shows are always computed live, so a stale key can mis-order but never show a wrong date.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('docket_entries')
    .addColumn('upcoming_deadlines', sql`date[]`, (c) => c.notNull().defaultTo(sql`'{}'::date[]`))
    .addColumn('next_deadline_key', 'date', (c) => c.notNull().defaultTo(sql`'infinity'::date`))
    .addColumn('deadlines_stale', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await sql`create index docket_entries_next_deadline on docket_entries (account_id, next_deadline_key, id)`.execute(db);
  // The triggers find an application's entries; the refresh finds an account's stale ones.
  await sql`create index docket_entries_application on docket_entries (application_id)`.execute(db);
  await sql`create index docket_entries_stale on docket_entries (account_id) where deadlines_stale`.execute(db);

  await sql`create function prosa_docket_deadlines_stale() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'DELETE' then
        update docket_entries set deadlines_stale = true where application_id = new.application_id and not deadlines_stale;
      end if;
      if tg_op <> 'INSERT' then
        update docket_entries set deadlines_stale = true where application_id = old.application_id and not deadlines_stale;
      end if;
      return null;
    end $$`.execute(db);
  for (const table of ['correspondence', 'prosecution_events']) {
    await sql
      .raw(`create trigger ${table}_docket_deadlines_stale after insert or update or delete on ${table}
      for each row execute function prosa_docket_deadlines_stale()`)
      .execute(db);
  }

  await sql`create function prosa_docket_application_stale() returns trigger language plpgsql as $$
    begin
      update docket_entries set deadlines_stale = true where application_id = new.id and not deadlines_stale;
      return null;
    end $$`.execute(db);
  await sql`create trigger applications_docket_deadlines_stale after update of status, entity_status on applications
    for each row when (old.status is distinct from new.status or old.entity_status is distinct from new.entity_status)
    execute function prosa_docket_application_stale()`.execute(db);

  await sql`create function prosa_docket_entry_stale() returns trigger language plpgsql as $$
    begin
      new.deadlines_stale := true;
      return new;
    end $$`.execute(db);
  await sql`create trigger docket_entries_entity_stale before update of entity_size on docket_entries
    for each row when (old.entity_size is distinct from new.entity_size)
    execute function prosa_docket_entry_stale()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
