// Migration 039 on a database with dockets: the counts start equal to a count of the entries
// (two accounts, three statuses), and its triggers keep them from the first write on.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { migrateToLatest, migrateUpTo } from '../src/db/migrate.ts';
import { accountCreator } from '../src/commands/account-creator.ts';
import { SYSTEM_ACTOR } from '../src/commands/actor.ts';
import { createEmptyDatabase } from './support/db.ts';

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

test('dockets from before migration 039 are counted by it, then kept by its triggers', async () => {
  const database = await createEmptyDatabase();
  closers.push(() => database.close());
  const { db } = database;
  await migrateUpTo(db, '038-grant-notify');
  const accounts: string[] = [];
  for (const n of [1, 2]) accounts.push((await accountCreator(db, SYSTEM_ACTOR, { email: `docket-${n}@firm.example`, password: 'a long passphrase' })).id);
  const statuses = ['pending', 'pending', 'allowed', 'patented', 'pending'];
  const apps = statuses.map((status, i) => ({
    id: randomUUID(),
    application_number: String(19_760_000 + i),
    owner_account_id: null,
    invention_title: `Before ${i}`,
    status,
    source: 'odp',
  }));
  await db.insertInto('applications').values(apps).execute();
  await db
    .insertInto('docket_entries')
    .values([
      ...apps.map((app) => ({ id: randomUUID(), account_id: accounts[0]!, application_id: app.id })),
      ...apps.slice(2).map((app) => ({ id: randomUUID(), account_id: accounts[1]!, application_id: app.id })),
    ])
    .execute();

  await migrateToLatest(db);
  type Count = { account_id: string; status: string; entries: number };
  const sorted = (rows: Count[]) => rows.map((r) => `${r.account_id} ${r.status} ${r.entries}`).sort();
  const kept = async () => sorted((await sql<Count>`select account_id, status, entries from docket_status_counts where entries <> 0`.execute(db)).rows);
  const fresh = async () =>
    sorted(
      (
        await sql<Count>`select d.account_id, a.status, count(*)::int as entries from docket_entries d
          join applications a on a.id = d.application_id group by d.account_id, a.status`.execute(db)
      ).rows,
    );
  const [first, second] = accounts;
  expect(await kept()).toEqual(
    sorted([
      { account_id: first!, status: 'pending', entries: 3 },
      { account_id: first!, status: 'allowed', entries: 1 },
      { account_id: first!, status: 'patented', entries: 1 },
      { account_id: second!, status: 'pending', entries: 1 },
      { account_id: second!, status: 'allowed', entries: 1 },
      { account_id: second!, status: 'patented', entries: 1 },
    ]),
  );
  await db.updateTable('applications').set({ status: 'abandoned' }).where('id', '=', apps[4]!.id).execute();
  await db.deleteFrom('docket_entries').where('application_id', '=', apps[0]!.id).execute();
  expect(await kept()).toEqual(await fresh());
  expect(await kept()).toContain(`${second} abandoned 1`);
}, 120_000);
