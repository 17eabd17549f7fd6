import { sql, type Kysely } from 'kysely';

/**
 * Firms with members (issue 22, "What to build" 1). The firm IS the existing account: every
 * tenant table keeps its `account_id`, so tenant isolation stays what it was. People move to
 * `members`: each has its own sign-in (e-mail, password), a role and, for a practitioner, the
 * profile that signs their papers. Every existing account becomes a firm of one: a member with
 * the account's id, e-mail, password and name, role owner, so nothing is lost and old sessions,
 * keys and grants (whose subject is that id) keep working.
 *
 * `member_id` is added where an act is recorded or a credential is held (sessions, API keys,
 * third-party identities, audit rows, ledger lines, draft jobs, analyses); old rows are backfilled
 * with the owner where a credential needs it, and left null (= the firm's founding owner) on logs.
 * OAuth artifacts already carry their subject in `account_id`: from now on that subject is the
 * member id (the same value for a firm of one).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('display_name', 'text')
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'practitioner', 'paralegal', 'viewer')`))
    .addColumn('practitioner', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('removed_at', 'timestamptz')
    .execute();
  // One live person per address: sign-in finds exactly one member (a removed member's address may join again).
  await sql`create unique index members_email_live on members (email_normalized) where removed_at is null`.execute(db);
  await sql`create index members_account on members (account_id) where removed_at is null`.execute(db);
  await sql`insert into members (id, account_id, email, email_normalized, password_hash, display_name, role, created_at)
    select id, id, email, email_normalized, password_hash, display_name, 'owner', created_at from accounts`.execute(db);

  await db.schema
    .createTable('firm_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'practitioner', 'paralegal', 'viewer')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.references('members.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('accepted_by', 'text')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await sql`create index firm_invitations_pending on firm_invitations (account_id) where accepted_at is null and revoked_at is null`.execute(db);

  // Credentials: backfilled with the owner (member id = account id) so each names its person.
  for (const table of ['sessions', 'api_keys', 'oidc_identities']) {
    await db.schema.alterTable(table).addColumn('member_id', 'text').execute();
    await sql`update ${sql.table(table)} set member_id = account_id`.execute(db);
    await sql`alter table ${sql.table(table)} alter column member_id set not null`.execute(db);
    await sql`create index ${sql.raw(`${table}_member`)} on ${sql.table(table)} (member_id)`.execute(db);
  }
  await db.schema.alterTable('oidc_login_states').addColumn('link_member_id', 'text').execute();
  // Records: null on old rows means the firm's founding owner (the member whose id is the account's).
  for (const table of ['audit_log', 'credit_ledger', 'draft_jobs', 'analyses']) {
    await db.schema.alterTable(table).addColumn('member_id', 'text').execute();
  }

  // A member's role change or removal reaches every process's API-key cache at once (migration 019's channel).
  await sql`create or replace function prosa_notify_member_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('prosa_credentials', 'member:' || old.id);
      return null;
    end $$`.execute(db);
  await sql`create trigger members_notify_update after update on members for each row
    when (old.role is distinct from new.role or old.removed_at is distinct from new.removed_at or old.account_id is distinct from new.account_id)
    execute function prosa_notify_member_change()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
