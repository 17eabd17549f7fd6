import { sql, type Kysely } from 'kysely';

/**
 * Draft jobs (issue 6): one row per billed document export (OA response, IDS, form, drawing),
 * from submission to the stored DOCX. The queue message lives in pg-boss; this row is the
 * system of record the status and download endpoints read.
 *
 * The status machine is queued → in_progress → complete | failed (in_progress → in_progress for
 * a retry after a crash). src/commands/draft-job-transitions.ts is the only code that changes `status`, with a
 * conditional UPDATE; the trigger below refuses any other change even from hand-written SQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('draft_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('export_type', 'text', (c) => c.notNull().check(sql`export_type in ('oa_response', 'ids', 'form', 'drawing')`))
    .addColumn('form_kind', 'text', (c) => c.check(sql`form_kind in ('extension_of_time', 'interview_request')`))
    .addColumn('analysis_id', 'text', (c) => c.references('analyses.id').onDelete('set null'))
    .addColumn('application_id', 'text', (c) => c.references('applications.id').onDelete('set null'))
    .addColumn('application_number', 'text')
    .addColumn('request', 'jsonb', (c) => c.notNull())
    .addColumn('request_fingerprint', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued').check(sql`status in ('queued', 'in_progress', 'complete', 'failed')`))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0).check(sql`progress between 0 and 100`))
    .addColumn('current_step', 'text')
    .addColumn('error_message', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_micro', 'bigint', (c) => c.notNull())
    .addColumn('charge_ledger_id', 'bigint', (c) => c.references('credit_ledger.id'))
    .addColumn('refund_ledger_id', 'bigint', (c) => c.references('credit_ledger.id'))
    .addColumn('document', 'bytea')
    .addColumn('filename', 'text')
    .addColumn('media_type', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // A form names its kind; nothing else does.
    .addCheckConstraint('draft_jobs_form_kind', sql`(export_type = 'form') = (form_kind is not null)`)
    // A complete job has its document; a failed one says why.
    .addCheckConstraint(
      'draft_jobs_complete_has_document',
      sql`status <> 'complete' or (document is not null and filename is not null and media_type is not null)`,
    )
    .addCheckConstraint('draft_jobs_failed_has_message', sql`status <> 'failed' or error_message is not null`)
    .execute();
  await db.schema.createIndex('draft_jobs_account').on('draft_jobs').columns(['account_id', 'created_at']).execute();
  await sql`create unique index draft_jobs_idempotency on draft_jobs (account_id, idempotency_key)
    where idempotency_key is not null`.execute(db);
  await sql`create index draft_jobs_unfinished on draft_jobs (created_at) where status in ('queued', 'in_progress')`.execute(db);

  await sql`create function prosa_draft_jobs_transition() returns trigger language plpgsql as $$
    begin
      if (old.status = 'queued' and new.status = 'in_progress')
        or (old.status = 'in_progress' and new.status in ('in_progress', 'complete', 'failed')) then
        return new;
      end if;
      raise exception 'draft job %: status may not change from % to %', old.id, old.status, new.status
        using errcode = 'check_violation';
    end $$`.execute(db);
  await sql`create trigger draft_jobs_transition before update of status on draft_jobs
    for each row execute function prosa_draft_jobs_transition()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
