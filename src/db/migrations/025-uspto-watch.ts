import { sql, type Kysely } from 'kysely';

/**
 * The USPTO watch (issue 21, docs/uspto-watch.md):
 * - `watch_state`: per watched application, when the watch last read its documents list, how that
 *   went, the backoff after failures, and the cursor (the newest official date seen). A pass takes
 *   applications least recently checked first, so a pass cut short is resumed by the next one.
 * - `watch_papers`: every outgoing paper the watch has handled, once per application and USPTO
 *   document identifier (the primary key). The correspondence row, this row and the docket events
 *   commit together, so a crash before the commit leaves nothing and the next pass does it again.
 * - `watch_runs`: one row per pass with its figures (GET /api/watch, `prosa watch status`).
 * - `accounts.watch_analyze`: the account's opt-in to have new papers analyzed (billed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table accounts add column watch_analyze boolean not null default false`.execute(db);

  await db.schema
    .createTable('watch_state')
    .addColumn('application_id', 'text', (c) => c.primaryKey().references('applications.id').onDelete('cascade'))
    .addColumn('last_checked_at', 'timestamptz')
    // ok | not_found | error
    .addColumn('last_status', 'text')
    .addColumn('last_error', 'text')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    // After failures: not checked again before this time.
    .addColumn('next_check_after', 'timestamptz')
    // The newest officialDate (YYYY-MM-DD) seen in the application's documents list.
    .addColumn('cursor_date', 'date')
    .execute();
  await db.schema.createIndex('watch_state_checked').on('watch_state').columns(['last_checked_at']).execute();

  await db.schema
    .createTable('watch_papers')
    .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('document_identifier', 'text', (c) => c.notNull())
    .addColumn('correspondence_id', 'text', (c) => c.notNull().references('correspondence.id').onDelete('cascade'))
    .addColumn('document_code', 'text', (c) => c.notNull())
    .addColumn('mailing_date', 'date', (c) => c.notNull())
    // true: new and still actionable, so announced (docket events) and its text fetched; false:
    // recorded quietly (its reply period had run out before the watch first saw it).
    .addColumn('announced', 'boolean', (c) => c.notNull())
    // held | none (not fetched) | skipped (could not be had or read; see text_note)
    .addColumn('text_status', 'text', (c) => c.notNull())
    .addColumn('text_note', 'text')
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('watch_papers_pk', ['application_id', 'document_identifier'])
    .execute();

  await db.schema
    .createTable('watch_runs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    // schedule | cli
    .addColumn('trigger', 'text', (c) => c.notNull())
    // The day the deadlines and "still actionable" are judged on (YYYY-MM-DD).
    .addColumn('run_date', 'date', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('applications_due', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('applications_checked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('requests_made', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('papers_recorded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('papers_announced', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('events_written', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('analyses_created', 'integer', (c) => c.notNull().defaultTo(0))
    // Why the pass ended before every due application was checked: rate_limited | key_rejected | unavailable | error
    .addColumn('stopped_reason', 'text')
    .addColumn('error', 'text')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
