import { sql, type Kysely } from 'kysely';

/**
 * Issue 11: six more forms at the Form price. `draft_jobs.form_kind` was checked against the first
 * two; the check is replaced by one naming all eight (FORM_KINDS in src/commands/draft-requests/request-types.ts).
 */
const KINDS = [
  'extension_of_time',
  'interview_request',
  'rce_transmittal',
  'notice_of_appeal',
  'pre_appeal_request',
  'terminal_disclaimer',
  'issue_fee_transmittal',
  'client_report',
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table draft_jobs drop constraint if exists draft_jobs_form_kind_check`.execute(db);
  await sql`alter table draft_jobs add constraint draft_jobs_form_kind_check check (form_kind in (${sql.join(KINDS.map((k) => sql.lit(k)))}))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table draft_jobs drop constraint if exists draft_jobs_form_kind_check`.execute(db);
  await sql`alter table draft_jobs add constraint draft_jobs_form_kind_check check (form_kind in ('extension_of_time', 'interview_request'))`.execute(db);
}
