import { sql, type Kysely } from 'kysely';

/**
 * GET /api/credits keeps ledger pages in memory (src/billing/ledger-page-cache.ts, issue 24), so
 * whatever a page shows must be seen to change by every process, whoever changed it: the app, a
 * CLI command, a webhook, an operator in psql. A page shows the account's ledger lines, the
 * application each usage line was spent on (analyses, draft_jobs), that application's client
 * matter on the account's docket (docket_entries) and the member who acted (members).
 *
 * Every change to one of those inputs bumps `credit_balances.page_version` of the account it
 * belongs to, in the changing transaction:
 * - on PostgreSQL a read compares the version it holds with the row's, in the one statement that
 *   also reads the balance (several API processes: nothing to wait for, nothing to miss);
 * - on the embedded database the bump is an update of the balance row, so migration 019's trigger
 *   notifies `account:<id>`, which the process hears before the committing statement returns
 *   (credential-listener.ts), and the read needs no statement at all.
 * The balance row is the one a charge already locks (credit-ledger.ts), so a bump adds no lock a
 * charge does not take. Updates bump only when a column a page shows changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table credit_balances add column page_version bigint not null default 0`.execute(db);

  await sql`create function prosa_bump_credit_page() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        update credit_balances set page_version = page_version + 1 where account_id = old.account_id;
      end if;
      if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.account_id is distinct from old.account_id) then
        update credit_balances set page_version = page_version + 1 where account_id = new.account_id;
      end if;
      return null;
    end $$`.execute(db);

  await sql`create function prosa_bump_credit_pages() returns trigger language plpgsql as $$
    begin
      update credit_balances set page_version = page_version + 1
        where account_id in (select distinct account_id from changed_rows);
      return null;
    end $$`.execute(db);

  // The columns a page shows, per table; null: any update (ledger lines are never updated by the app).
  const shown: Record<string, string[] | null> = {
    credit_ledger: null,
    analyses: ['application_id', 'application_number'],
    draft_jobs: ['application_id', 'application_number'],
    docket_entries: ['application_id', 'client_matter'],
    members: ['display_name', 'email'],
  };
  for (const [table, columns] of Object.entries(shown)) {
    const changed = columns ? [...columns, 'account_id'].map((c) => `old.${c} is distinct from new.${c}`).join(' or ') : 'true';
    // Inserts and deletes bump once per statement: a bulk docket import inserts thousands of
    // entries for one account, and a bump per row (an update of the same balance row each time)
    // tripled the import's cost on the embedded database (5,000 entries: 2.7 s against 0.8 s).
    await sql
      .raw(
        `create trigger ${table}_credit_page_insert after insert on ${table} referencing new table as changed_rows for each statement execute function prosa_bump_credit_pages()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_credit_page_delete after delete on ${table} referencing old table as changed_rows for each statement execute function prosa_bump_credit_pages()`,
      )
      .execute(db);
    await sql
      .raw(`create trigger ${table}_credit_page_update after update on ${table} for each row when (${changed}) execute function prosa_bump_credit_page()`)
      .execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
