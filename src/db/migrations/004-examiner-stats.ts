import { sql, type Kysely } from 'kysely';

/**
 * Examiner intelligence (REST #7) and bulk USPTO data (PatEx, ODP OA Rejections).
 * Design and definitions: docs/examiner-profile.md.
 *
 * - applications.examiner_id: PatEx's stable examiner key (uspto-data.md §2); ODP has none.
 * - uspto_event_codes: PatEx event_codes.csv, so imported transactions carry descriptions.
 * - office_action_rejections: one row per office action with its rejection-basis flags (ODP OA
 *   Rejections API, hasRej101/102/103/112/DP), keyed by application NUMBER because that dataset
 *   arrives independently of the application records.
 * - analysis_rejection_bases: bases found by an account's own office-action analyses; private to
 *   that account (another tenant never sees or moves them).
 * - examiner_app_facts: what each public application contributes (outcome, actions to allowance,
 *   interview, bases), derived from applications + events + rejections.
 * - examiner_stats: sums of those facts per (examiner variant, art unit, disposal year); the
 *   profile reads a few dozen of these rows, whatever the size of the data.
 * - examiner_stats_dirty / _dirty_keys: the work list of the incremental refresh. Statement-level
 *   triggers with transition tables add every public application whose inputs changed, whoever
 *   wrote them (PatEx or ODP importers, the live connector, seeds, deletes), in the writer's own
 *   transaction, so no change can be missed and a crash loses nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('applications').addColumn('examiner_id', 'text').execute();

  await db.schema
    .createTable('uspto_event_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('description', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('office_action_rejections')
    .addColumn('application_number', 'text', (c) => c.notNull())
    .addColumn('action_key', 'text', (c) => c.notNull())
    .addColumn('document_code', 'text')
    .addColumn('mailing_date', 'date')
    .addColumn('art_unit', 'text')
    .addColumn('rej_101', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('rej_102', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('rej_103', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('rej_112', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('rej_dp', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('office_action_rejections_pk', ['application_number', 'action_key'])
    .execute();

  await db.schema
    .createTable('analysis_rejection_bases')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('action_key', 'text', (c) => c.notNull())
    .addColumn('application_id', 'text', (c) => c.references('applications.id').onDelete('set null'))
    .addColumn('application_number', 'text')
    .addColumn('examiner_name', 'text', (c) => c.notNull())
    .addColumn('name_last', 'text', (c) => c.notNull())
    .addColumn('name_first', 'text', (c) => c.notNull())
    .addColumn('name_middle', 'text', (c) => c.notNull())
    .addColumn('basis', 'text', (c) => c.notNull())
    .addColumn('mailing_date', 'date')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('analysis_rejection_bases_unique', ['account_id', 'action_key', 'basis'])
    .execute();
  await db.schema.createIndex('analysis_rejection_bases_examiner').on('analysis_rejection_bases').columns(['account_id', 'name_last', 'name_first']).execute();

  await db.schema
    .createTable('examiner_app_facts')
    .addColumn('application_id', 'text', (c) => c.primaryKey())
    .addColumn('examiner_key', 'text', (c) => c.notNull())
    .addColumn('name_last', 'text', (c) => c.notNull())
    .addColumn('name_first', 'text', (c) => c.notNull())
    .addColumn('name_middle', 'text', (c) => c.notNull())
    .addColumn('examiner_id', 'text')
    .addColumn('examiner_name', 'text', (c) => c.notNull())
    .addColumn('art_unit', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('disposal_date', 'date')
    .addColumn('disposal_year', 'integer', (c) => c.notNull())
    .addColumn('actions_to_allowance', 'integer', (c) => c.notNull())
    .addColumn('has_interview', 'boolean', (c) => c.notNull())
    .addColumn('filing_date', 'date')
    .addColumn('rej_actions', 'integer', (c) => c.notNull())
    .addColumn('rej_101', 'integer', (c) => c.notNull())
    .addColumn('rej_102', 'integer', (c) => c.notNull())
    .addColumn('rej_103', 'integer', (c) => c.notNull())
    .addColumn('rej_112', 'integer', (c) => c.notNull())
    .addColumn('rej_dp', 'integer', (c) => c.notNull())
    .addCheckConstraint('examiner_app_facts_outcome', sql`outcome in ('allowed','abandoned','pending','excluded')`)
    .execute();
  await db.schema.createIndex('examiner_app_facts_key').on('examiner_app_facts').column('examiner_key').execute();

  await db.schema
    .createTable('examiner_stats')
    .addColumn('examiner_key', 'text', (c) => c.notNull())
    .addColumn('art_unit', 'text', (c) => c.notNull())
    .addColumn('disposal_year', 'integer', (c) => c.notNull())
    .addColumn('name_last', 'text', (c) => c.notNull())
    .addColumn('name_first', 'text', (c) => c.notNull())
    .addColumn('name_middle', 'text', (c) => c.notNull())
    .addColumn('examiner_id', 'text')
    .addColumn('examiner_name', 'text', (c) => c.notNull())
    .addColumn('allowed', 'integer', (c) => c.notNull())
    .addColumn('abandoned', 'integer', (c) => c.notNull())
    .addColumn('allowed_interview', 'integer', (c) => c.notNull())
    .addColumn('abandoned_interview', 'integer', (c) => c.notNull())
    .addColumn('actions_sum', 'integer', (c) => c.notNull())
    .addColumn('pending', 'integer', (c) => c.notNull())
    .addColumn('excluded', 'integer', (c) => c.notNull())
    .addColumn('rej_actions', 'integer', (c) => c.notNull())
    .addColumn('rej_101', 'integer', (c) => c.notNull())
    .addColumn('rej_102', 'integer', (c) => c.notNull())
    .addColumn('rej_103', 'integer', (c) => c.notNull())
    .addColumn('rej_112', 'integer', (c) => c.notNull())
    .addColumn('rej_dp', 'integer', (c) => c.notNull())
    .addColumn('first_disposal', 'date')
    .addColumn('last_disposal', 'date')
    .addColumn('last_filing', 'date')
    .addColumn('refreshed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('examiner_stats_pk', ['examiner_key', 'art_unit', 'disposal_year'])
    .execute();
  await db.schema.createIndex('examiner_stats_name').on('examiner_stats').columns(['name_last', 'name_first']).execute();
  await db.schema.createIndex('examiner_stats_art_unit').on('examiner_stats').columns(['art_unit', 'disposal_year']).execute();

  await db.schema
    .createTable('examiner_stats_dirty')
    .addColumn('application_id', 'text', (c) => c.primaryKey())
    .execute();
  await db.schema
    .createTable('examiner_stats_dirty_keys')
    .addColumn('examiner_key', 'text', (c) => c.primaryKey())
    .execute();

  // One function per source table; each trigger names its transition table `changed_rows`.
  await sql`create function prosa_examiner_dirty_applications() returns trigger language plpgsql as $$
    begin
      insert into examiner_stats_dirty (application_id)
        select distinct id from changed_rows where owner_account_id is null order by 1
        on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`create function prosa_examiner_dirty_events() returns trigger language plpgsql as $$
    begin
      insert into examiner_stats_dirty (application_id)
        select distinct application_id from changed_rows order by 1
        on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`create function prosa_examiner_dirty_rejections() returns trigger language plpgsql as $$
    begin
      insert into examiner_stats_dirty (application_id)
        select a.id from applications a
        where a.owner_account_id is null
          and a.application_number in (select application_number from changed_rows)
        order by 1
        on conflict do nothing;
      return null;
    end $$`.execute(db);
  // Transition tables allow one event per trigger, hence three triggers per table.
  for (const [table, fn] of [
    ['applications', 'prosa_examiner_dirty_applications'],
    ['prosecution_events', 'prosa_examiner_dirty_events'],
    ['office_action_rejections', 'prosa_examiner_dirty_rejections'],
  ] as const) {
    for (const [event, side] of [
      ['insert', 'new'],
      ['update', 'new'],
      ['delete', 'old'],
    ] as const) {
      await sql
        .raw(`create trigger ${table}_examiner_dirty_${event} after ${event} on ${table}
        referencing ${side} table as changed_rows for each statement execute function ${fn}()`)
        .execute(db);
    }
  }

  // Applications already stored get their facts on the first refresh.
  await sql`insert into examiner_stats_dirty (application_id)
    select id from applications where owner_account_id is null and examiner_name is not null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
