/**
 * Hot statements of fixed text run as named prepared statements on PostgreSQL
 * (src/db/prepared-statements.ts): the free lookup of an application the public-record cache does
 * not hold, and the pending action of one application. PostgreSQL then parses and plans each once
 * per connection; the answers are the same as unnamed statements give.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { onPostgres } from './support/db.ts';
import { openDatabase, type Database } from '../src/db/connect.ts';
import { findPublicApplication } from '../src/queries/applications.ts';
import { pendingAction } from '../src/queries/application-deadlines.ts';
import { preparedName, preparingClient } from '../src/db/prepared-statements.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, '2026-11-21');
});
afterAll(async () => {
  await t?.close();
});

test('the free lookup answers the same record and deadlines, through the route and the queries', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/v1/prosa/lookup/17200011', remoteAddress: '10.1.2.3' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ application_number: '17200011' });
  const app = await findPublicApplication(t.database.db, '17200011');
  expect(app?.application_number).toBe('17200011');
  expect(await findPublicApplication(t.database.db, '99999999')).toBeUndefined();
  const pending = await pendingAction(t.database.db, app!.id);
  expect(pending?.result.response_deadline).toBe(res.json().response_deadline);
});

test('on PostgreSQL each is prepared once on the connection and then only run', async () => {
  if (!onPostgres()) {
    // The embedded database has one connection and no statement names: nothing to see there.
    expect(t.database.kind).toBe('pglite');
    return;
  }
  // One connection, so the statements prepared are those this session holds.
  const single: Database = await openDatabase({ databaseUrl: t.database.connectionString!, poolSize: 1 });
  try {
    const app = await findPublicApplication(single.db, '17200011');
    for (let i = 0; i < 3; i++) {
      await findPublicApplication(single.db, '17200011');
      await pendingAction(single.db, app!.id);
    }
    const { rows } = await sql<{
      name: string;
      calls: string;
    }>`select name, generic_plans + custom_plans as calls from pg_prepared_statements where name like 'prosa_%'`.execute(single.db);
    expect(rows.map((r) => r.name).sort()).toHaveLength(2);
    for (const r of rows) expect(Number(r.calls)).toBeGreaterThanOrEqual(3);
  } finally {
    await single.close();
  }
});

test('a registered text goes as a named statement; any other text as it was sent', async () => {
  const calls: unknown[][] = [];
  const fake = { query: (...args: unknown[]) => calls.push(args), release: () => undefined } as never;
  const client = preparingClient(fake) as unknown as { query: (...args: unknown[]) => unknown };
  await findPublicApplication(t.database.db, '17200011'); // registers its text
  const text = 'select * from "applications" where "application_number" = $1 and "owner_account_id" is null';
  const name = preparedName(text);
  expect(name).toMatch(/^prosa_[0-9a-f]{24}$/);
  client.query(text, ['17200011']);
  client.query('select 1', []);
  client.query('begin');
  expect(calls).toEqual([[{ name, text, values: ['17200011'] }], ['select 1', []], ['begin']]);
  expect(preparingClient(fake)).toBe(client);
});
