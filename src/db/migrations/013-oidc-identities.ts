import { sql, type Kysely } from 'kysely';

/**
 * Third-party sign-in (issue 10, "Sign in with Google / Microsoft" through openid-client).
 *
 * - `oidc_identities`: one row per identity an account signs in with, keyed by the ID token's
 *   (`iss`, `sub`) pair: OpenID Connect Core 1.0 §2 says `sub` is unique only within its issuer,
 *   and an e-mail address is never an identifier (it changes, and it is reassigned). It replaces
 *   migration 001's `account_identities (provider, subject)` seam, which no code path ever wrote
 *   (accountCreator's `identity` option had no caller): keying by a provider name would merge
 *   two Entra tenants' subjects.
 * - `oidc_login_states`: the authorization requests in flight (state, nonce, PKCE verifier, where
 *   to go next, and the signed-in account when the user is linking rather than signing in), kept
 *   server-side so that any API process can finish a flow another one started. Keyed by the
 *   SHA-256 of the state; single use; ten minutes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop table account_identities`.execute(db);
  await sql`create table oidc_identities (
    id text primary key,
    account_id text not null references accounts (id) on delete cascade,
    provider text not null,
    issuer text not null,
    subject text not null,
    email text,
    created_at timestamptz not null default now(),
    last_used_at timestamptz,
    constraint oidc_identities_issuer_subject unique (issuer, subject)
  )`.execute(db);
  await sql`create index oidc_identities_account on oidc_identities (account_id)`.execute(db);
  await sql`create table oidc_login_states (
    state_hash text primary key,
    provider text not null,
    code_verifier text not null,
    nonce text not null,
    next_path text not null,
    link_account_id text references accounts (id) on delete cascade,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null
  )`.execute(db);
  await sql`create index oidc_login_states_expires on oidc_login_states (expires_at)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
