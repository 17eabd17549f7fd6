import { sql, type Kysely } from 'kysely';

/**
 * Response plans (issue 9, the guided response wizard): one row per plan, the practitioner's
 * edits on top of an analysis (strategies and texts per claim, arguments per ground, the
 * election). The grounds and recommendations are re-derived from the analysis record, which never
 * changes. An account has at most one open plan per analysis; submitting one links its draft job.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('response_plans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('analysis_id', 'text', (c) => c.notNull().references('analyses.id').onDelete('cascade'))
    .addColumn('application_number', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'submitted')`))
    .addColumn('claims', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('arguments', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('election', 'jsonb')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('draft_job_id', 'text', (c) => c.references('draft_jobs.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('submitted_at', 'timestamptz')
    .addCheckConstraint('response_plans_submitted_at', sql`(status = 'submitted') = (submitted_at is not null)`)
    .execute();
  await sql`create unique index response_plans_open on response_plans (account_id, analysis_id) where status = 'open'`.execute(db);
  await db.schema.createIndex('response_plans_account').on('response_plans').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('response_plans_account_application').on('response_plans').columns(['account_id', 'application_number']).execute();
  await db.schema.createIndex('response_plans_analysis').on('response_plans').columns(['analysis_id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
