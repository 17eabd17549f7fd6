/**
 * GET /api/docket's orders and filters beside paging: every sort ascending and descending (blank
 * values last either way), the status filter and GET /api/docket/statuses, cursors that stay
 * right across inserts, another firm's docket, and the statements a page costs when no sort key
 * needs refreshing, with its counts read from the kept counts (work counted, not timed).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, injectAsClient, randomIp, signUp, type TestApp } from './support/app.ts';

let t: TestApp;
let owner: { cookie: string; accountId: string };
const BASE = 19_400_000;
const N = 9;

interface Entry {
  id: string;
  client_matter: string | null;
  application: { application_number: string; status: string; response_deadline: string | null };
}
interface Page {
  entries: Entry[];
  next_cursor: string | null;
  total: number;
  docket_total: number;
}
const numbers = (entries: Entry[]) => entries.map((e) => e.application.application_number);

function daysFromToday(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function get(url: string, cookie = owner.cookie) {
  return injectAsClient(t.app, { method: 'GET', url, headers: { cookie }, remoteAddress: randomIp() });
}
async function page(url: string, cookie = owner.cookie): Promise<Page> {
  const res = await get(url, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function allPages(url: string, between?: (pageNo: number) => Promise<void>): Promise<Entry[]> {
  const out: Entry[] = [];
  let cursor: string | null = null;
  let pageNo = 0;
  do {
    const next = cursor ? `${url}&cursor=${encodeURIComponent(cursor)}` : url;
    const res = await get(next);
    expect(res.statusCode, `${next}: ${res.body}`).toBe(200);
    const p: Page = res.json();
    out.push(...p.entries);
    cursor = p.next_cursor;
    pageNo += 1;
    if (cursor) await between?.(pageNo);
  } while (cursor);
  return out;
}

/** An application on `owner`'s docket: pending, allowed for i = 6 and 7, patented for i = 8; an action for i < 6 (entry i's deadline 5 i days after entry 0's), a matter number for even i. */
async function addEntry(i: number, accountId = owner.accountId): Promise<void> {
  const { db } = t.database;
  const id = randomUUID();
  await db
    .insertInto('applications')
    .values({
      id,
      application_number: String(BASE + i),
      owner_account_id: null,
      invention_title: `Order ${String.fromCharCode(65 + ((i * 4) % N))}`,
      status: i < 6 ? 'pending' : i < 8 ? 'allowed' : 'patented',
      source: 'odp',
      entity_status: 'SMALL',
      examiner_name: i % 4 === 0 ? '' : `EXAMINER ${i}`,
    })
    .execute();
  if (i < 6)
    await db
      .insertInto('correspondence')
      .values({
        id: randomUUID(),
        application_id: id,
        document_code: 'CTNF',
        description: 'Non-Final Rejection',
        mailing_date: daysFromToday(-85 + 5 * i),
        period_months: 3,
        source: 'odp',
      })
      .execute();
  await db
    .insertInto('docket_entries')
    .values({ id: randomUUID(), account_id: accountId, application_id: id, client_matter: i % 2 === 0 ? `K-${String(i).padStart(2, '0')}` : null })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  for (let i = 0; i < N; i++) await addEntry(i);
}, 120_000);
afterAll(async () => t?.close());

const all = Array.from({ length: N }, (_, i) => String(BASE + i));

test('every sort runs both ways: descending is the reverse of ascending, except blank values stay last', async () => {
  expect(numbers(await allPages('/api/docket?limit=2&sort=application_number'))).toEqual(all);
  expect(numbers(await allPages('/api/docket?limit=2&sort=-application_number'))).toEqual([...all].reverse());

  const withDeadline = all.slice(0, 6);
  const ascending = numbers(await allPages('/api/docket?limit=2'));
  expect(ascending.slice(0, 6)).toEqual(withDeadline);
  const descending = await allPages('/api/docket?limit=2&sort=-next_deadline');
  expect(numbers(descending).slice(0, 6)).toEqual([...withDeadline].reverse());
  expect(descending.slice(6).every((e) => e.application.response_deadline === null)).toBe(true);

  const matters = (sort: string) => allPages(`/api/docket?limit=4&sort=${sort}`).then((es) => es.map((e) => e.client_matter));
  expect(await matters('client_matter')).toEqual(['K-00', 'K-02', 'K-04', 'K-06', 'K-08', null, null, null, null]);
  expect(await matters('-client_matter')).toEqual(['K-08', 'K-06', 'K-04', 'K-02', 'K-00', null, null, null, null]);

  // Titles "Order A".."Order I" in a shuffled order: sorted by title, both ways.
  const titles = async (sort: string) =>
    (await allPages(`/api/docket?limit=3&sort=${sort}`)).map((e) => (e as unknown as { application: { invention_title: string } }).application.invention_title);
  const sortedTitles = Array.from({ length: N }, (_, i) => `Order ${String.fromCharCode(65 + i)}`);
  expect(await titles('title')).toEqual(sortedTitles);
  expect(await titles('-title')).toEqual([...sortedTitles].reverse());

  // Examiner: three entries have none (i = 0, 4, 8): last both ways.
  for (const sort of ['examiner', '-examiner']) {
    const es = await allPages(`/api/docket?limit=4&sort=${sort}`);
    expect(numbers(es).slice(-3).sort(), sort).toEqual([all[0], all[4], all[8]]);
  }
  // Every other field pages in full, no entry twice, both ways.
  for (const field of ['responsible', 'status', 'art_unit', 'added']) {
    for (const sort of [field, `-${field}`]) expect(numbers(await allPages(`/api/docket?limit=2&sort=${sort}`)).sort(), sort).toEqual(all);
  }
});

test('status filters on the server; GET /api/docket/statuses lists the values with their counts', async () => {
  const statuses = await get('/api/docket/statuses');
  expect(statuses.statusCode).toBe(200);
  expect(statuses.json().statuses).toEqual([
    { status: 'allowed', entries: 2 },
    { status: 'patented', entries: 1 },
    { status: 'pending', entries: 6 },
  ]);
  const allowed = await page('/api/docket?limit=1&sort=-application_number&status=allowed');
  expect(numbers(allowed.entries)).toEqual([all[7]]);
  expect(allowed.total).toBe(2);
  expect(allowed.docket_total).toBe(N);
  const rest = await page(`/api/docket?limit=1&sort=-application_number&status=allowed&cursor=${encodeURIComponent(allowed.next_cursor!)}`);
  expect(numbers(rest.entries)).toEqual([all[6]]);
  expect(rest.next_cursor).toBeNull();
  // Status and search together; a status nobody has matches nothing.
  expect(numbers((await page('/api/docket?q=K-0&status=pending')).entries)).toEqual([all[0], all[2], all[4]]);
  expect(await page('/api/docket?limit=5&status=abandoned')).toEqual({ entries: [], next_cursor: null, total: 0, docket_total: N });
  // The search reads the status and the examiner too, as the web page's search did.
  expect(numbers((await page('/api/docket?q=patent')).entries)).toEqual([all[8]]);
  expect(numbers((await page('/api/docket?q=examiner%207')).entries)).toEqual([all[7]]);
});

test('a cursor stays right across inserts: every entry of the docket comes once, in order', async () => {
  const other = await signUp(t.app);
  for (let i = 0; i < N; i++) await addEntry(i + 100, other.accountId);
  const before = `/api/docket?limit=3&sort=application_number`;
  const owner0 = owner;
  owner = other;
  try {
    const seen = await allPages(before, async (pageNo) => {
      // After each page an entry is added that sorts before the cursor, and one after it.
      if (pageNo === 1) {
        await addEntry(50, other.accountId);
        await addEntry(200, other.accountId);
      }
    });
    const expected = [...Array.from({ length: N }, (_, i) => String(BASE + 100 + i)), String(BASE + 200)];
    expect(numbers(seen)).toEqual(expected);
    expect(new Set(numbers(seen)).size).toBe(seen.length);
    expect((await page(before)).docket_total).toBe(N + 2);
  } finally {
    owner = owner0;
  }
});

test("another firm sees none of this docket: its list and statuses are empty, this firm's member id matches nothing, a cursor gives it nothing", async () => {
  const other = await signUp(t.app);
  const first = await page('/api/docket?limit=3');
  expect(await page('/api/docket?limit=3', other.cookie)).toEqual({ entries: [], next_cursor: null, total: 0, docket_total: 0 });
  expect((await page(`/api/docket?limit=3&responsible=${owner.accountId}`, other.cookie)).total).toBe(0);
  expect((await page(`/api/docket?limit=3&cursor=${encodeURIComponent(first.next_cursor!)}`, other.cookie)).entries).toEqual([]);
  expect((await get('/api/docket/statuses', other.cookie)).json()).toEqual({ statuses: [] });
  const entry = first.entries[0]!;
  expect((await get(`/api/docket/${entry.id}`, other.cookie)).statusCode).toBe(404);
  expect((await get('/api/docket/statuses', '')).statusCode).toBe(401);
});

test('bad sort and status input is a 400 with a clear error', async () => {
  for (const url of ['/api/docket?sort=--next_deadline', '/api/docket?sort=-', `/api/docket?status=${'x'.repeat(201)}`]) {
    const res = await get(url);
    expect(res.statusCode, url).toBe(400);
    expect(res.json().error_code, url).toBe('validation_error');
  }
  const first = await page('/api/docket?limit=2&sort=-next_deadline');
  const res = await get(`/api/docket?limit=2&sort=next_deadline&cursor=${encodeURIComponent(first.next_cursor!)}`);
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toMatch(/sort=-next_deadline/);
});

/** The SQL of every statement the app's database runs during `fn` (wraps Kysely's executor). */
async function statements(fn: () => Promise<unknown>): Promise<string[]> {
  const executor = t.database.db.getExecutor() as unknown as { executeQuery: (q: { sql: string }, ...rest: unknown[]) => Promise<unknown> };
  const original = executor.executeQuery;
  const seen: string[] = [];
  executor.executeQuery = function (q, ...rest) {
    seen.push(q.sql);
    return original.call(this, q, ...rest);
  };
  try {
    await fn();
  } finally {
    executor.executeQuery = original;
  }
  return seen;
}

test('a page sorted by next deadline with nothing stale reads its rows, its counts and its deadlines: no refresh, no write', async () => {
  await page('/api/docket?limit=5'); // brings every key up to date
  const sqls = await statements(() => page('/api/docket?limit=5'));
  const docket = sqls.filter((s) => /docket_entries|correspondence/.test(s));
  expect(docket).toHaveLength(3);
  // The usage counts' once-a-second flush (usage-counter.ts) runs on its own timer and may land in
  // this window (it did on PostgreSQL in CI): it is not the page's write.
  const writes = sqls.filter((s) => (/^\s*(update|insert|delete)/i.test(s) || /for update/i.test(s)) && !/"usage_hourly"|usage_hourly/.test(s));
  expect(writes).toEqual([]);
  // The page's rows follow the index of migration 035 (account, key, id): ordered by the key, then the id.
  expect(docket.some((s) => /order by d\.next_deadline_key asc, "d"\."id" asc limit/i.test(s))).toBe(true);
  // The counts are read from migration 039's kept counts: no statement counts the docket's entries.
  expect(sqls.filter((s) => /docket_status_counts/.test(s))).toHaveLength(1);
  expect(sqls.some((s) => /count\(/i.test(s))).toBe(false);
  // A status filter's total is kept too; only a search or a responsible filter counts entries.
  expect((await statements(() => page('/api/docket?limit=5&status=allowed'))).some((s) => /count\(/i.test(s))).toBe(false);
  expect((await statements(() => page('/api/docket?limit=5&q=K-0'))).filter((s) => /count\(/i.test(s))).toHaveLength(1);
  // The Status filter's options: one statement of the kept counts.
  const statusSqls = await statements(() => get('/api/docket/statuses'));
  expect(statusSqls.filter((s) => /docket_entries|docket_status_counts/.test(s))).toEqual([expect.stringMatching(/from "docket_status_counts"/)]);
  // A change to one entry's deadline input: the next page refreshes (a transaction), then reads again.
  const entry = (await page('/api/docket?limit=1')).entries[0]!;
  expect(
    (
      await injectAsClient(t.app, {
        method: 'PATCH',
        url: `/api/docket/${entry.id}`,
        headers: { cookie: owner.cookie },
        payload: { entity_size: 'micro' },
        remoteAddress: randomIp(),
      })
    ).statusCode,
  ).toBe(200);
  const after = await statements(() => page('/api/docket?limit=5'));
  const rowsRead = (sqls: string[]) => sqls.filter((s) => /order by d\.next_deadline_key asc/i.test(s)).length;
  expect(rowsRead(docket)).toBe(1);
  expect(rowsRead(after)).toBe(2);
  expect(
    await t.database.db.selectFrom('docket_entries').select('id').where('account_id', '=', owner.accountId).where('deadlines_stale', '=', true).execute(),
  ).toEqual([]);
});
