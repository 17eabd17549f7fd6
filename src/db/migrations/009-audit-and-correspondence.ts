import { sql, type Kysely } from 'kysely';

/**
 * Account API (issue 9):
 * - `correspondence.owner_account_id`: a paper an account recorded itself (POST
 *   /api/docket/{id}/office-actions) belongs to that account alone, even on a public application.
 *   Null is the public record (USPTO data, the demo seed). Every reader filters with
 *   `queries/correspondence-visibility.ts`; the public REST endpoints see only null.
 * - `accounts.firm_name`, edited with PATCH /api/account.
 * - `audit_log` becomes append-only like `credit_ledger`: a trigger refuses UPDATE, DELETE and
 *   TRUNCATE at the database itself.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table correspondence add column owner_account_id text references accounts (id) on delete cascade`.execute(db);
  // An account records one paper of a kind per mailing date and application (a retry is a 409).
  await sql`create unique index correspondence_recorded_once on correspondence (application_id, owner_account_id, document_code, mailing_date)
    where owner_account_id is not null`.execute(db);

  await sql`alter table accounts add column if not exists firm_name text`.execute(db);

  await sql`create function prosa_audit_append_only() returns trigger language plpgsql as $$
    begin raise exception 'audit_log is append-only'; end $$`.execute(db);
  await sql`create trigger audit_log_no_update before update or delete on audit_log
    for each row execute function prosa_audit_append_only()`.execute(db);
  await sql`create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function prosa_audit_append_only()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
