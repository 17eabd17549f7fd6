/**
 * GET /api/docket in pages (issue 24): keyset pages by next deadline and the other sorts, the
 * server-side search, the count, and the next-deadline sort key kept fresh by every writer that
 * changes a deadline input (migration 035's triggers, src/commands/docket-sort-keys.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, injectAsClient, randomIp, signUp, type TestApp } from './support/app.ts';
import { deadlineApplicationsComputed } from '../src/queries/application-deadlines.ts';
import { watchPaperRecorder } from '../src/commands/watch/watch-paper-recorder.ts';

let t: TestApp;
let cookie: string;
const BASE = 17_200_000;
const WITH_ACTION = 10;
const ENTRIES = 12;

function daysFromToday(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

interface Entry {
  id: string;
  client_matter: string | null;
  application: { id?: string; application_number: string; response_deadline: string | null };
}
const numbers = (entries: Entry[]) => entries.map((e) => e.application.application_number);

async function get(url: string, who = cookie) {
  const res = await injectAsClient(t.app, { method: 'GET', url, headers: { cookie: who }, remoteAddress: randomIp() });
  return res;
}
async function page(url: string, who = cookie): Promise<{ entries: Entry[]; next_cursor: string | null; total: number }> {
  const res = await get(url, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** Every page of a listing, following next_cursor. */
async function allPages(url: string): Promise<{ entries: Entry[]; pages: number; totals: number[] }> {
  const entries: Entry[] = [];
  const totals: number[] = [];
  let pages = 0;
  let cursor: string | null = null;
  do {
    const p = await page(cursor ? `${url}&cursor=${encodeURIComponent(cursor)}` : url);
    entries.push(...p.entries);
    totals.push(p.total);
    pages += 1;
    cursor = p.next_cursor;
  } while (cursor);
  return { entries, pages, totals };
}

async function insertApplication(number: string, title: string, mailing: string | null): Promise<string> {
  const id = randomUUID();
  await t.database.db
    .insertInto('applications')
    .values({ id, application_number: number, owner_account_id: null, invention_title: title, status: 'pending', source: 'odp', entity_status: 'SMALL' })
    .execute();
  if (mailing)
    await t.database.db
      .insertInto('correspondence')
      .values({
        id: randomUUID(),
        application_id: id,
        document_code: 'CTNF',
        description: 'Non-Final Rejection',
        mailing_date: mailing,
        period_months: 3,
        source: 'odp',
      })
      .execute();
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t.app));
  // Added in the reverse of their deadlines' order: entry i's action was mailed 5 i days later than entry 0's.
  for (let i = ENTRIES - 1; i >= 0; i--) {
    const number = String(BASE + 11 + i);
    await insertApplication(number, i === 3 ? 'Widget sprocket' : `Pages ${i}`, i < WITH_ACTION ? daysFromToday(-85 + 5 * i) : null);
    const res = await injectAsClient(t.app, {
      method: 'POST',
      url: '/api/docket',
      headers: { cookie },
      payload: { application_number: number, client_matter: i % 2 === 0 ? `M-${String(i).padStart(2, '0')}` : undefined },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
  }
}, 120_000);
afterAll(async () => t?.close());

const byDeadline = Array.from({ length: ENTRIES }, (_, i) => String(BASE + 11 + i));

test('limit pages the docket by next deadline: no entry twice or missed, the count on every page, entries without a deadline last', async () => {
  const { entries, pages, totals } = await allPages('/api/docket?limit=5');
  expect(pages).toBe(3);
  expect(totals).toEqual([ENTRIES, ENTRIES, ENTRIES]);
  expect(numbers(entries).slice(0, WITH_ACTION)).toEqual(byDeadline.slice(0, WITH_ACTION));
  expect(new Set(numbers(entries.slice(WITH_ACTION)))).toEqual(new Set(byDeadline.slice(WITH_ACTION)));
  expect(entries.slice(WITH_ACTION).every((e) => e.application.response_deadline === null)).toBe(true);
});

test('without limit the whole docket comes as before (oldest entry first), with total and no next_cursor', async () => {
  const body = await page('/api/docket');
  expect(numbers(body.entries)).toEqual([...byDeadline].reverse());
  expect(body.total).toBe(ENTRIES);
  expect(body.next_cursor).toBeNull();
});

test('the other sorts page in their order, ties broken by entry id', async () => {
  expect(numbers((await allPages('/api/docket?limit=4&sort=application_number')).entries)).toEqual(byDeadline);
  expect(numbers((await allPages('/api/docket?limit=4&sort=added')).entries)).toEqual([...byDeadline].reverse());
  const byMatter = (await allPages('/api/docket?limit=3&sort=client_matter')).entries;
  expect(byMatter.map((e) => e.client_matter)).toEqual(['M-00', 'M-02', 'M-04', 'M-06', 'M-08', 'M-10', null, null, null, null, null, null]);
  const unnamed = byMatter.slice(6).map((e) => e.id);
  expect(unnamed).toEqual([...unnamed].sort());
});

test('q finds an application number in every written form, and text in the title and client matter', async () => {
  for (const q of ['17/200,011', '17200011', '17,200,011', 'US 17/200,011']) {
    const body = await page(`/api/docket?limit=50&q=${encodeURIComponent(q)}`);
    expect(numbers(body.entries), q).toEqual(['17200011']);
    expect(body.total).toBe(1);
  }
  expect(numbers((await page('/api/docket?limit=50&q=sprocket')).entries)).toEqual(['17200014']);
  expect(numbers((await page('/api/docket?limit=50&q=m-1')).entries)).toEqual(['17200021']);
  const none = await page('/api/docket?limit=50&q=nothing-like-this');
  expect(none).toEqual({ entries: [], next_cursor: null, total: 0, docket_total: ENTRIES });
});

test('bad paging input is a 400 with a clear error, never a 500', async () => {
  for (const url of ['/api/docket?limit=0', '/api/docket?limit=201', '/api/docket?sort=deadline', '/api/docket?limit=5&cursor=garbage']) {
    const res = await get(url);
    expect(res.statusCode, url).toBe(400);
    expect(res.json().error_code, url).toBe('validation_error');
  }
  const first = await page('/api/docket?limit=5');
  const res = await get(`/api/docket?limit=5&sort=added&cursor=${encodeURIComponent(first.next_cursor!)}`);
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toMatch(/sort=next_deadline/);
  const forged = Buffer.from(JSON.stringify(['next_deadline', "'; drop table x", 'id'])).toString('base64url');
  expect((await get(`/api/docket?limit=5&cursor=${forged}`)).statusCode).toBe(400);
});

test('recording an office action moves the entry to the first page at once', async () => {
  // 17200022 has no action: it sorts last until one is recorded with the earliest deadline of all.
  const last = (await page('/api/docket?limit=50')).entries.at(-1)!;
  const res = await injectAsClient(t.app, {
    method: 'POST',
    url: `/api/docket/${last.id}/office-actions`,
    headers: { cookie },
    payload: { kind: 'CTNF', mailing_date: daysFromToday(-88) },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  const first = await page('/api/docket?limit=5');
  expect(first.entries[0].id).toBe(last.id);
});

test('a reply recorded on the file (the USPTO import) takes the entry off the front', async () => {
  const front = (await page('/api/docket?limit=5')).entries[0];
  const app = await t.database.db
    .selectFrom('applications')
    .select('id')
    .where('application_number', '=', front.application.application_number)
    .executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('correspondence')
    .values({
      id: randomUUID(),
      application_id: app.id,
      document_code: 'REM',
      description: 'Applicant Arguments/Remarks',
      mailing_date: daysFromToday(0),
      source: 'odp',
    })
    .execute();
  const after = await page('/api/docket?limit=50');
  expect(after.entries[0].id).not.toBe(front.id);
  expect(after.entries.find((e) => e.id === front.id)!.application.response_deadline).toBeNull();
});

test('a paper the watch records (a notice of allowance) reorders the entry by its new deadline', async () => {
  // The second entry by deadline gets an allowance mailed today: its deadline goes three months out, past every other.
  const before = (await page('/api/docket?limit=50')).entries;
  const moved = before[0];
  const app = await t.database.db
    .selectFrom('applications')
    .select('id')
    .where('application_number', '=', moved.application.application_number)
    .executeTakeFirstOrThrow();
  const recorded = await watchPaperRecorder(t.database.db, {
    applicationId: app.id,
    applicationNumber: moved.application.application_number,
    documentIdentifier: `DOC-${randomUUID()}`,
    documentCode: 'NOA',
    description: 'Notice of Allowance',
    mailingDate: daysFromToday(0),
    announce: false,
    deadlines: null,
    text: null,
    textStatus: 'none',
    textNote: null,
  });
  expect(recorded).not.toBeNull();
  const after = (await page('/api/docket?limit=50')).entries;
  const withDeadline = after.filter((e) => e.application.response_deadline !== null);
  expect(withDeadline.at(-1)!.id).toBe(moved.id);
  expect(after[0].id).toBe(before[1].id);
});

test('a page of 50 out of 300 computes the deadlines of its 50 entries and of the stale ones only', async () => {
  const other = await signUp(t.app);
  const { db } = t.database;
  for (let i = 0; i < 300; i++) {
    const appId = await insertApplication(String(18_300_000 + i), `Many ${i}`, daysFromToday(-80 + (i % 60)));
    await db.insertInto('docket_entries').values({ id: randomUUID(), account_id: other.accountId, application_id: appId }).execute();
  }
  let before = deadlineApplicationsComputed();
  const first = await page('/api/docket?limit=50', other.cookie);
  expect(first.entries).toHaveLength(50);
  expect(first.total).toBe(300);
  // Every entry starts stale: 300 keys, then the page's 50.
  expect(deadlineApplicationsComputed() - before).toBe(350);
  before = deadlineApplicationsComputed();
  await page('/api/docket?limit=50', other.cookie);
  expect(deadlineApplicationsComputed() - before).toBe(50);
  // Changing one entry's entity size marks it stale: the next page recomputes that one entry besides its 50.
  const patched = await injectAsClient(t.app, {
    method: 'PATCH',
    url: `/api/docket/${first.entries[10].id}`,
    headers: { cookie: other.cookie },
    payload: { entity_size: 'micro' },
    remoteAddress: randomIp(),
  });
  expect(patched.statusCode, patched.body).toBe(200);
  before = deadlineApplicationsComputed();
  const again = await page('/api/docket?limit=50', other.cookie);
  expect(deadlineApplicationsComputed() - before).toBe(51);
  expect(again.entries.map((e) => e.id)).toEqual(first.entries.map((e) => e.id));
}, 120_000);
