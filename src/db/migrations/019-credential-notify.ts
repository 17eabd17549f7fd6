import { sql, type Kysely } from 'kysely';

/**
 * Every process keeps verified API keys and accounts' balances in memory for read requests
 * (src/auth/credential-cache.ts, account-cache.ts; issue 12). A key that is revoked, changed or
 * deleted must stop working at once on every replica, and a balance must not be shown stale,
 * whoever made the change: the app, `prosa admin`, or an operator in psql. Triggers therefore send
 * NOTIFY prosa_credentials with 'key:<api key id>' or 'account:<account id>' (delivered at commit,
 * PostgreSQL "NOTIFY"), which every process LISTENs to (credential-listener.ts). The
 * once-a-minute last_used_at refresh changes nothing a cache holds, so it notifies nobody.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function prosa_notify_key_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('prosa_credentials', 'key:' || old.id);
      return null;
    end $$`.execute(db);
  await sql`create trigger api_keys_notify_update after update on api_keys for each row
    when (old.revoked_at is distinct from new.revoked_at or old.key_hash is distinct from new.key_hash or old.account_id is distinct from new.account_id)
    execute function prosa_notify_key_change()`.execute(db);
  await sql`create trigger api_keys_notify_delete after delete on api_keys for each row
    execute function prosa_notify_key_change()`.execute(db);

  // accounts: keyed by id; credit_balances: by account_id.
  await sql`create or replace function prosa_notify_account_change() returns trigger language plpgsql as $$
    declare
      changed text;
    begin
      if tg_table_name = 'accounts' and tg_op = 'DELETE' then
        changed := old.id;
      elsif tg_table_name = 'accounts' then
        changed := new.id;
      elsif tg_op = 'DELETE' then
        changed := old.account_id;
      else
        changed := new.account_id;
      end if;
      perform pg_notify('prosa_credentials', 'account:' || changed);
      return null;
    end $$`.execute(db);
  for (const table of ['accounts', 'credit_balances']) {
    await sql`create trigger ${sql.raw(`${table}_notify_change`)} after insert or update or delete on ${sql.table(table)} for each row
      execute function prosa_notify_account_change()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists api_keys_notify_update on api_keys`.execute(db);
  await sql`drop trigger if exists api_keys_notify_delete on api_keys`.execute(db);
  await sql`drop trigger if exists accounts_notify_change on accounts`.execute(db);
  await sql`drop trigger if exists credit_balances_notify_change on credit_balances`.execute(db);
  await sql`drop function if exists prosa_notify_key_change()`.execute(db);
  await sql`drop function if exists prosa_notify_account_change()`.execute(db);
}
