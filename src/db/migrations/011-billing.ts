import { sql, type Kysely } from 'kysely';

/**
 * Credit top-ups through Stripe Checkout (issue 10).
 * - `checkout_sessions`: every Checkout Session the server created, with the price IT set
 *   (amount in cents, currency, credits and bonus in micro-credits) and the account. A webhook
 *   or the success page credits only a session recorded here, only once: `status` moves from
 *   open to credited under a row lock in the crediting transaction.
 * - `stripe_events`: each webhook event id processed, so a redelivered event is a no-op
 *   (the session status is what guarantees one credit when two event kinds arrive).
 * - `account_tokens`: single-use e-mailed links (password reset, e-mail verification), stored as
 *   SHA-256 hashes with an expiry; `email_verifications`: which address of an account was proven.
 * - one purchase ledger line per reference: the paid amount `stripe:<session>` and the bonus
 *   `stripe:<session>:bonus` can each exist once, whatever happens above.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table checkout_sessions (
    id text primary key,
    account_id text not null references accounts (id) on delete cascade,
    package_id text,
    amount_cents integer not null check (amount_cents > 0),
    currency text not null,
    credits_micro bigint not null check (credits_micro > 0),
    bonus_micro bigint not null default 0 check (bonus_micro >= 0),
    status text not null default 'open' check (status in ('open', 'credited', 'expired')),
    payment_intent text,
    created_at timestamptz not null default now(),
    credited_at timestamptz
  )`.execute(db);
  await sql`create index checkout_sessions_account on checkout_sessions (account_id, created_at desc)`.execute(db);
  await sql`create table stripe_events (
    id text primary key,
    type text not null,
    session_id text,
    received_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table account_tokens (
    token_hash text primary key,
    account_id text not null references accounts (id) on delete cascade,
    purpose text not null check (purpose in ('password_reset', 'email_verification')),
    email_normalized text not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  )`.execute(db);
  await sql`create index account_tokens_account on account_tokens (account_id, purpose)`.execute(db);
  await sql`create table email_verifications (
    account_id text not null references accounts (id) on delete cascade,
    email_normalized text not null,
    verified_at timestamptz not null default now(),
    primary key (account_id, email_normalized)
  )`.execute(db);
  await sql`create unique index credit_ledger_purchase_once on credit_ledger (reference) where kind = 'purchase' and reference is not null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
