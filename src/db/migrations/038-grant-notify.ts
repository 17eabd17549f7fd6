import { sql, type Kysely } from 'kysely';

/**
 * Every process keeps live OAuth grants in memory (src/auth/grant-cache.ts; issue 24: the MCP
 * server read its token's grant on every message). A grant that is revoked (deleted with its
 * codes and refresh tokens: the connected-apps list, a client revoking its refresh token,
 * refresh-token reuse), purged, or whose subject, client or expiry changes must stop being served
 * at once on every replica, whoever made the change, so the row's triggers send NOTIFY
 * prosa_credentials 'grant:<grant id>' (migration 019's channel, credential-listener.ts). The
 * last_used_at stamp written at every token exchange changes nothing a cache holds, so it
 * notifies nobody; neither do the other artifacts (clients, codes, tokens) kept in the same table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function prosa_notify_grant_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('prosa_credentials', 'grant:' || old.id);
      return null;
    end $$`.execute(db);
  // Re-runnable (test/migrate-up-to-date.test.ts runs the newest migration again).
  await sql`drop trigger if exists oauth_grants_notify_update on oauth_artifacts`.execute(db);
  await sql`drop trigger if exists oauth_grants_notify_delete on oauth_artifacts`.execute(db);
  await sql`create trigger oauth_grants_notify_update after update on oauth_artifacts for each row
    when (old.model = 'Grant' and (new.model is distinct from old.model or new.id is distinct from old.id
      or new.account_id is distinct from old.account_id or new.client_id is distinct from old.client_id
      or new.expires_at is distinct from old.expires_at or new.consumed_at is distinct from old.consumed_at))
    execute function prosa_notify_grant_change()`.execute(db);
  await sql`create trigger oauth_grants_notify_delete after delete on oauth_artifacts for each row
    when (old.model = 'Grant')
    execute function prosa_notify_grant_change()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
