import { sql, type Kysely } from 'kysely';

/**
 * The OAuth 2.1 authorization server's storage (issue 9): every oidc-provider artifact in one
 * table, keyed by (model, id), with the payload as JSON. The columns beside the payload are what
 * must be found or changed atomically without reading it: the grant a token belongs to
 * (revocation: RFC 7009 §2.1 "MAY also invalidate ... other tokens based on the same authorization
 * grant"), the interaction/session uid, expiry (purge), consumption (single-use codes, RFC 6749
 * §4.1.2, and rotated refresh tokens, OAuth 2.1 §4.3.1), and for grants the account and client
 * they belong to (the connected-apps list) and when they were last used.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_artifacts')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('account_id', 'text')
    .addColumn('client_id', 'text')
    .addColumn('uid', 'text')
    .addColumn('user_code', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addPrimaryKeyConstraint('oauth_artifacts_pk', ['model', 'id'])
    .execute();
  await sql`create index oauth_artifacts_grant on oauth_artifacts (grant_id) where grant_id is not null`.execute(db);
  await sql`create index oauth_artifacts_uid on oauth_artifacts (model, uid) where uid is not null`.execute(db);
  await sql`create index oauth_artifacts_user_code on oauth_artifacts (model, user_code) where user_code is not null`.execute(db);
  await sql`create index oauth_artifacts_expires on oauth_artifacts (expires_at) where expires_at is not null`.execute(db);
  await sql`create index oauth_artifacts_account_grants on oauth_artifacts (account_id, client_id) where model = 'Grant'`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
