/**
 * The docket's counts are kept by triggers in the writing transaction (migration 039), not
 * counted per read: after every kind of write that feeds them, GET /api/docket's docket_total and
 * status-filtered total and GET /api/docket/statuses must equal a fresh count of the entries, for
 * every account. Writes: entries added one by one, by a multi-row insert and by a CSV import;
 * removed (with the private application); an application's status changed (one row, several rows
 * in one statement, an upsert); a docketed application deleted (its entries go by cascade); an
 * entry moved; a rolled-back transaction; concurrent writers.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, injectAsClient, randomIp, signUp, type TestApp } from './support/app.ts';

let t: TestApp;
let a: { cookie: string; accountId: string };
let b: { cookie: string; accountId: string };
const STATUSES = ['abandoned', 'allowed', 'patented', 'pending'];

const request = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object | string, contentType?: string) =>
  injectAsClient(t.app, {
    method,
    url,
    headers: { cookie, ...(contentType ? { 'content-type': contentType } : {}) },
    ...(payload === undefined ? {} : { payload }),
    remoteAddress: randomIp(),
  });

/** Every account's entries per status, counted afresh (what the kept counts must equal). */
async function freshCounts(): Promise<{ account_id: string; status: string; entries: number }[]> {
  const { rows } = await sql<{ account_id: string; status: string; entries: number }>`select d.account_id, a.status, count(*)::int as entries
    from docket_entries d join applications a on a.id = d.application_id
    group by d.account_id, a.status order by d.account_id, a.status`.execute(t.database.db);
  return rows;
}

/** The kept counts (rows at 0 are allowed and mean nothing), in the same order. */
async function keptCounts(): Promise<{ account_id: string; status: string; entries: number }[]> {
  const { rows } = await sql<{ account_id: string; status: string; entries: number }>`select account_id, status, entries
    from docket_status_counts where entries <> 0 order by account_id, status`.execute(t.database.db);
  return rows;
}

/** The kept counts equal fresh ones for every account, and the API answers them for `who`. */
async function expectCountsRight(who = a): Promise<void> {
  const fresh = await freshCounts();
  expect(await keptCounts()).toEqual(fresh);
  const mine = fresh.filter((r) => r.account_id === who.accountId);
  const statuses = await request('GET', '/api/docket/statuses', who.cookie);
  expect(statuses.json().statuses).toEqual(mine.map((r) => ({ status: r.status, entries: r.entries })));
  const all = (await request('GET', '/api/docket?limit=1', who.cookie)).json();
  expect(all.docket_total).toBe(mine.reduce((n, r) => n + r.entries, 0));
  expect(all.total).toBe(all.docket_total);
  for (const status of STATUSES) {
    const page = (await request('GET', `/api/docket?limit=1&status=${status}`, who.cookie)).json();
    expect(page.total, status).toBe(mine.find((r) => r.status === status)?.entries ?? 0);
    expect(page.docket_total, status).toBe(all.docket_total);
  }
}

/** Public applications (no owner) with the given statuses; their ids. */
async function publicApplications(prefix: number, statuses: string[]): Promise<string[]> {
  const rows = statuses.map((status, i) => ({
    id: randomUUID(),
    application_number: String(prefix + i),
    owner_account_id: null,
    invention_title: `Counted ${prefix + i}`,
    status,
    source: 'odp',
  }));
  await t.database.db.insertInto('applications').values(rows).execute();
  return rows.map((r) => r.id);
}

/** One multi-row insert of entries (one statement, as an import's chunk is). */
async function docket(accountId: string, applicationIds: string[]): Promise<void> {
  await t.database.db
    .insertInto('docket_entries')
    .values(applicationIds.map((applicationId) => ({ id: randomUUID(), account_id: accountId, application_id: applicationId })))
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  a = await signUp(t.app);
  b = await signUp(t.app);
}, 120_000);
afterAll(async () => t?.close());

test('entries added one by one, by a multi-row insert and by a CSV import; removed with their private application', async () => {
  await expectCountsRight();
  const added: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await request('POST', '/api/docket', a.cookie, { application_number: `1871000${i}`, application: { invention_title: `Private ${i}` } });
    expect(res.statusCode, res.body).toBe(201);
    added.push(res.json().id);
  }
  await expectCountsRight();

  const shared = await publicApplications(19_710_000, ['pending', 'allowed', 'patented', 'abandoned', 'pending']);
  await docket(a.accountId, shared);
  await docket(b.accountId, shared.slice(0, 3));
  await expectCountsRight();
  await expectCountsRight(b);

  const csv = ['Application Number,Matter', ...Array.from({ length: 25 }, (_, i) => `${18_720_000 + i},M-${i}`)].join('\n');
  const preview = await request('POST', '/api/docket/import/preview?file_name=counts.csv', a.cookie, csv, 'text/csv');
  expect(preview.statusCode, preview.body).toBe(200);
  // One of the file's numbers reaches the docket between the preview and the commit: not added twice.
  expect((await request('POST', '/api/docket', a.cookie, { application_number: '18720003', application: { invention_title: 'Meanwhile' } })).statusCode).toBe(
    201,
  );
  const commit = await request('POST', '/api/docket/import/commit', a.cookie, { preview_id: preview.json().preview_id });
  expect(commit.json()).toMatchObject({ added: 24 });
  await expectCountsRight();

  for (const id of added.slice(0, 2)) expect((await request('DELETE', `/api/docket/${id}`, a.cookie)).statusCode).toBe(204);
  await expectCountsRight();
});

test("an application's status changes: one row, several in one statement, an upsert; entries of two accounts follow", async () => {
  const ids = await publicApplications(19_720_000, ['pending', 'pending', 'pending', 'allowed']);
  await docket(a.accountId, ids);
  await docket(b.accountId, ids.slice(1));
  const { db } = t.database;
  await db.updateTable('applications').set({ status: 'allowed' }).where('id', '=', ids[0]!).execute();
  await expectCountsRight();
  await sql`update applications set status = case when status = 'pending' then 'patented' else 'abandoned' end where id in (${sql.join(ids.slice(1))})`.execute(
    db,
  );
  await expectCountsRight();
  await expectCountsRight(b);
  // A write that leaves the status as it is changes nothing.
  await db.updateTable('applications').set({ status: 'patented', invention_title: 'Retitled' }).where('id', '=', ids[1]!).execute();
  // The public-record upsert (ODP, PatEx) sets the status through ON CONFLICT DO UPDATE.
  await sql`insert into applications (id, application_number, owner_account_id, invention_title, status, source)
    values (${randomUUID()}, '19720002', null, 'Counted again', 'pending', 'odp')
    on conflict (application_number) where owner_account_id is null do update set status = excluded.status`.execute(db);
  await expectCountsRight();
  await expectCountsRight(b);
});

test('a docketed application deleted (its entries go by cascade), an entry moved, a rolled-back write', async () => {
  const { db } = t.database;
  const ids = await publicApplications(19_730_000, ['allowed', 'pending', 'patented']);
  await docket(a.accountId, ids);
  await docket(b.accountId, ids.slice(0, 2));
  await db.deleteFrom('applications').where('id', '=', ids[0]!).execute();
  await expectCountsRight();
  await expectCountsRight(b);

  const entry = await db
    .selectFrom('docket_entries')
    .select('id')
    .where('application_id', '=', ids[1]!)
    .where('account_id', '=', a.accountId)
    .executeTakeFirstOrThrow();
  const [moved] = await publicApplications(19_730_100, ['abandoned']);
  await db.updateTable('docket_entries').set({ application_id: moved! }).where('id', '=', entry.id).execute();
  await expectCountsRight();
  await db.updateTable('docket_entries').set({ account_id: b.accountId }).where('id', '=', entry.id).execute();
  await expectCountsRight();
  await expectCountsRight(b);

  const before = await keptCounts();
  const [extra] = await publicApplications(19_730_200, ['pending']);
  await expect(
    db.transaction().execute(async (trx) => {
      await trx.insertInto('docket_entries').values({ id: randomUUID(), account_id: a.accountId, application_id: extra! }).execute();
      await trx.updateTable('applications').set({ status: 'allowed' }).where('id', '=', ids[2]!).execute();
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(await keptCounts()).toEqual(before);
  await expectCountsRight();
});

test('concurrent writers to one docket leave it counted right', async () => {
  const ids = await publicApplications(
    19_740_000,
    Array.from({ length: 12 }, (_, i) => STATUSES[i % 4]!),
  );
  const { db } = t.database;
  await Promise.all([
    docket(a.accountId, ids.slice(0, 4)),
    docket(a.accountId, ids.slice(4, 8).reverse()),
    ...ids.slice(8).map((id) => docket(a.accountId, [id])),
    db.updateTable('applications').set({ status: 'allowed' }).where('id', 'in', ids.slice(0, 6)).execute(),
  ]);
  await expectCountsRight();
});
