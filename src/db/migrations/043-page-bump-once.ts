import { sql, type Kysely } from 'kysely';

/**
 * A ledger page's version (migration 036) is bumped once per account per transaction, not once
 * per statement that changes what the page shows.
 *
 * Readers only ever see committed states, so a version that moved once in a transaction has
 * moved for every reader, however many more changes that transaction makes. Each further bump
 * was one more update of the account's balance row and one more notification: storing an
 * analysis (its row, then its ledger line) and charging a draft (the ledger line, then the job)
 * bumped twice. The accounts a transaction has bumped are kept in a transaction-local setting,
 * which PostgreSQL reverts with the transaction (or the savepoint) that set it, together with
 * the bump itself.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // ',id1,id2,': the accounts this transaction has bumped.
  await sql`create or replace function prosa_bump_credit_page_once(account text) returns void language plpgsql as $$
    declare
      bumped text := coalesce(current_setting('prosa.credit_pages_bumped', true), '');
    begin
      if account is null or strpos(bumped, ',' || account || ',') > 0 then
        return;
      end if;
      update credit_balances set page_version = page_version + 1 where account_id = account;
      perform set_config('prosa.credit_pages_bumped', case when bumped = '' then ',' else bumped end || account || ',', true);
    end $$`.execute(db);

  await sql`create or replace function prosa_bump_credit_page() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        perform prosa_bump_credit_page_once(old.account_id);
      end if;
      if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.account_id is distinct from old.account_id) then
        perform prosa_bump_credit_page_once(new.account_id);
      end if;
      return null;
    end $$`.execute(db);

  await sql`create or replace function prosa_bump_credit_pages() returns trigger language plpgsql as $$
    declare
      account text;
    begin
      for account in select distinct account_id from changed_rows loop
        perform prosa_bump_credit_page_once(account);
      end loop;
      return null;
    end $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
