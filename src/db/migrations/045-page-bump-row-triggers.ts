import { sql, type Kysely } from 'kysely';

/**
 * The ledger page's version bump on insert (migrations 036, 043) for the tables a charge writes
 * one row of at a time: a row trigger with a WHEN condition instead of a statement trigger with
 * a transition table.
 *
 * A charge's balance update already bumps the version and records the account in the
 * transaction's `prosa.credit_pages_bumped` (credit-ledger.ts PAGE_BUMPED), before the ledger
 * line and the analysis or draft job it pays for are inserted. The statement trigger still built
 * a transition table of the inserted rows and ran a PL/pgSQL loop over it to find the bump done:
 * about a tenth of a charge's statement on the embedded database. A row trigger's WHEN condition
 * is evaluated as each row is inserted (PostgreSQL, CREATE TRIGGER: for AFTER triggers, whether
 * an event is queued), so an account already bumped queues nothing at all.
 *
 * docket_entries keeps its statement trigger: an import inserts thousands of rows for one
 * account in one statement, all queued before the first trigger could record the bump.
 */
const TABLES = ['credit_ledger', 'analyses', 'draft_jobs'];

/** True while this transaction has not bumped the row's account yet. */
const NOT_YET_BUMPED = `strpos(coalesce(current_setting('prosa.credit_pages_bumped', true), ''), ',' || new.account_id || ',') = 0`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql.raw(`drop trigger ${table}_credit_page_insert on ${table}`).execute(db);
    await sql
      .raw(
        `create trigger ${table}_credit_page_insert after insert on ${table} for each row when (${NOT_YET_BUMPED}) execute function prosa_bump_credit_page()`,
      )
      .execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
