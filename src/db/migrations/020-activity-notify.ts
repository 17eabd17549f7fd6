import { sql, type Kysely } from 'kysely';

/**
 * Live activity for the web app (issue 10: "see work done through an assistant in the web
 * application immediately"): every audit row that belongs to an account is announced on the
 * `prosa_activity` channel. NOTIFY inside a transaction is delivered only when it commits
 * (PostgreSQL docs, NOTIFY), so a listener never hears of work that was rolled back, and the
 * announcement costs no extra round trip from the application. The payload carries only what the
 * account's own audit log shows (never details, which may be long), well under NOTIFY's 8000 bytes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function prosa_notify_activity() returns trigger language plpgsql as $$
begin
  if new.account_id is not null then
    perform pg_notify('prosa_activity', json_build_object(
      'account_id', new.account_id,
      'id', new.id::text,
      'action', new.action,
      'source', new.actor,
      'target_type', new.target_type,
      'target_id', new.target_id)::text);
  end if;
  return null;
end $$`.execute(db);
  await sql`create trigger audit_log_notify_activity after insert on audit_log
    for each row execute function prosa_notify_activity()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists audit_log_notify_activity on audit_log`.execute(db);
  await sql`drop function if exists prosa_notify_activity()`.execute(db);
}
