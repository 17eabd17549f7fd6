import { sql, type Kysely } from 'kysely';

/** The advisory lock class of docket counts (pg_advisory_xact_lock's first key; the migration's number). */
const LOCK_CLASS = 38;

/**
 * How many docket entries each account has per application status, kept by triggers in the
 * writing transaction (GET /api/docket's `docket_total` and status-filtered `total`, GET
 * /api/docket/statuses), so a page of 50 does not count 10,000 entries per read.
 *
 * docket_status_counts (account_id, status, entries): one row per status the account's docket
 * has had; `entries` may be 0 (readers skip those rows). Every change takes the account's
 * advisory lock, then adds a signed number per (account, status) in one upsert: writers of one
 * account's docket wait for each other's commit (as they would for its rows) but never deadlock
 * on its status rows. A statement that changes several accounts' counts locks them in one order;
 * only transactions that change two accounts' counts in opposite orders across statements can
 * meet in a deadlock, which PostgreSQL detects and ends by failing one of them.
 *
 * What feeds it:
 * - docket entries added or removed (statement triggers with transition tables: a bulk import of
 *   10,000 entries is one grouped upsert, not 10,000);
 * - an entry moved to another account or application (not done by Prosa today; kept right anyway);
 * - an application's status changing (row trigger, only when the status differs);
 * - an application deleted while entries follow it: its entries go by cascade, when the
 *   application is no longer visible to the entries' delete trigger, so the application's own
 *   before-delete trigger takes them off the counts first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table docket_status_counts (
    account_id text not null references accounts (id) on delete cascade,
    status text not null,
    entries integer not null,
    primary key (account_id, status)
  )`.execute(db);

  await sql`insert into docket_status_counts (account_id, status, entries)
    select d.account_id, a.status, count(*) from docket_entries d join applications a on a.id = d.application_id
    group by d.account_id, a.status`.execute(db);

  // The one way counts change. First the accounts whose counts the statement changes are locked
  // (a transaction-scoped advisory lock per account, in one order), so two writers of one account
  // queue up rather than take its status rows in different orders and deadlock. Then `entries`
  // (signed) is added to each (account, status), summed per key first: one statement may not
  // update a row twice (an entry moved within one account).
  const change = (select: string, accounts: string) => `perform pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(account_id))
        from (select distinct account_id from (${accounts}) as x) as l order by hashtext(account_id);
      insert into docket_status_counts as c (account_id, status, entries)
        select account_id, status, sum(entries)::int from (${select}) as v
        group by account_id, status having sum(entries) <> 0
      on conflict (account_id, status) do update set entries = c.entries + excluded.entries`;

  await sql
    .raw(`create function prosa_docket_counts_added() returns trigger language plpgsql as $$
    begin
      ${change('select n.account_id, a.status, count(*)::int as entries from added n join applications a on a.id = n.application_id group by 1, 2', 'select account_id from added')};
      return null;
    end $$`)
    .execute(db);
  await sql`create trigger docket_entries_counts_added after insert on docket_entries
    referencing new table as added for each statement execute function prosa_docket_counts_added()`.execute(db);

  await sql
    .raw(`create function prosa_docket_counts_removed() returns trigger language plpgsql as $$
    begin
      ${change('select o.account_id, a.status, -count(*)::int as entries from removed o join applications a on a.id = o.application_id group by 1, 2', 'select account_id from removed')};
      return null;
    end $$`)
    .execute(db);
  await sql`create trigger docket_entries_counts_removed after delete on docket_entries
    referencing old table as removed for each statement execute function prosa_docket_counts_removed()`.execute(db);

  await sql
    .raw(`create function prosa_docket_counts_moved() returns trigger language plpgsql as $$
    begin
      ${change(
        `select old.account_id as account_id, (select status from applications where id = old.application_id) as status, -1 as entries
          union all select new.account_id, (select status from applications where id = new.application_id), 1`,
        'select old.account_id as account_id union all select new.account_id',
      )};
      return null;
    end $$`)
    .execute(db);
  await sql`create trigger docket_entries_counts_moved after update of account_id, application_id on docket_entries
    for each row when (old.account_id is distinct from new.account_id or old.application_id is distinct from new.application_id)
    execute function prosa_docket_counts_moved()`.execute(db);

  await sql
    .raw(`create function prosa_docket_counts_status() returns trigger language plpgsql as $$
    begin
      ${change(
        `select d.account_id, s.status, (s.sign * count(*))::int as entries
          from docket_entries d cross join (values (old.status, -1), (new.status, 1)) as s (status, sign)
          where d.application_id = new.id group by d.account_id, s.status, s.sign`,
        'select account_id from docket_entries where application_id = new.id',
      )};
      return null;
    end $$`)
    .execute(db);
  await sql`create trigger applications_docket_counts_status after update of status on applications
    for each row when (old.status is distinct from new.status) execute function prosa_docket_counts_status()`.execute(db);

  await sql
    .raw(`create function prosa_docket_counts_application_deleted() returns trigger language plpgsql as $$
    begin
      ${change(
        'select d.account_id, old.status as status, -count(*)::int as entries from docket_entries d where d.application_id = old.id group by d.account_id',
        'select account_id from docket_entries where application_id = old.id',
      )};
      return old;
    end $$`)
    .execute(db);
  await sql`create trigger applications_docket_counts_deleted before delete on applications
    for each row execute function prosa_docket_counts_application_deleted()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
