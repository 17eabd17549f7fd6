import { sql, type Kysely } from 'kysely';

/**
 * The docket's outbox (issue 21): one row per thing that happened to an account's docket that
 * someone may want to be told about (a paper the USPTO watch recorded, a deadline approaching, a
 * draft or an analysis completed). The row is written in the same transaction as the change it
 * reports, so nothing is announced that was rolled back and nothing committed goes unannounced.
 * Consumers (e-mail alerts, webhooks) keep their own per-recipient delivery rows keyed by the
 * event id, which is what makes "sent once" hold across restarts and replicas.
 */
export const DOCKET_EVENT_KINDS = ['correspondence.recorded', 'deadline.approaching', 'draft.completed', 'analysis.completed'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('docket_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in (${sql.join(DOCKET_EVENT_KINDS.map((k) => sql.lit(k)))})`))
    .addColumn('application_id', 'text', (c) => c.references('applications.id').onDelete('set null'))
    // What the event is about: correspondence / draft_job / analysis / deadline, and its id.
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    // The event's wire payload (what a webhook body's `data` carries); never secrets.
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('docket_events_account').on('docket_events').columns(['account_id', 'id']).execute();
  // One event per account, kind and subject: recording the same thing twice announces it once.
  await sql`create unique index docket_events_once on docket_events (account_id, kind, subject_type, subject_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('docket_events').execute();
}
