import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import type { Database } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createTestDatabase } from './support/db.ts';
import { logStatements } from './support/statement-log.ts';

// Every CLI command and server start asks for the latest schema first: an up-to-date database
// answers from two reads; anything else still goes through Kysely's migrator.
let migrated: Database;
beforeAll(async () => {
  migrated = await createTestDatabase();
});
afterAll(async () => {
  await migrated?.close();
});

const recorded = async (database: Database) =>
  (await sql<{ name: string }>`select name from prosa_migrations order by name`.execute(database.db)).rows.map((r) => r.name);

describe('migrateToLatest', () => {
  test('on an up-to-date database it runs two reads and takes no lock', async () => {
    const log = logStatements(migrated.db);
    try {
      await migrateToLatest(migrated.db);
    } finally {
      log.stop();
    }
    expect(log.statements.map((s) => s.sql.trim().split(/\s+/)[0]?.toLowerCase())).toEqual(['select', 'select']);
  });

  test('a migration not recorded is run', async () => {
    // Only the latest migration can be "not yet run" (the recorded ones are a prefix). What 045
    // changes (the ledger page's insert triggers) is put back as 036 left it first: forward-only
    // migrations give no other way back short of a database from empty.
    const all = await recorded(migrated);
    for (const table of ['credit_ledger', 'analyses', 'draft_jobs']) {
      await sql.raw(`drop trigger ${table}_credit_page_insert on ${table}`).execute(migrated.db);
      await sql
        .raw(
          `create trigger ${table}_credit_page_insert after insert on ${table} referencing new table as changed_rows for each statement execute function prosa_bump_credit_pages()`,
        )
        .execute(migrated.db);
    }
    await sql`delete from prosa_migrations where name = '045-page-bump-row-triggers'`.execute(migrated.db);
    await migrateToLatest(migrated.db);
    expect(await recorded(migrated)).toEqual(all);
    // Row triggers (tgtype bit 0) with a WHEN condition, on all three tables.
    const triggers = await sql<{ row: boolean; when: boolean }>`
      select (tgtype & 1) = 1 as row, tgqual is not null as when from pg_trigger
      where tgname in ('credit_ledger_credit_page_insert', 'analyses_credit_page_insert', 'draft_jobs_credit_page_insert')`.execute(migrated.db);
    expect(triggers.rows).toEqual([
      { row: true, when: true },
      { row: true, when: true },
      { row: true, when: true },
    ]);
  });

  test('a migration this code does not know is refused, not passed over', async () => {
    await sql`insert into prosa_migrations (name, timestamp) values ('999-from-newer-code', now()::text)`.execute(migrated.db);
    try {
      await expect(migrateToLatest(migrated.db)).rejects.toThrow(/999-from-newer-code/);
    } finally {
      await sql`delete from prosa_migrations where name = '999-from-newer-code'`.execute(migrated.db);
    }
  });
});
