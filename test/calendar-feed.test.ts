import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from './support/app.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';
import { calculateDeadlines } from '../src/domain/deadlines/index.ts';

// The feed is computed on the real clock, so the demo docket is seeded relative to today (UTC).
const today = new Date().toISOString().slice(0, 10);
const daysBefore = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

let t: TestApp;
let a: { cookie: string; accountId: string };
/** Account A's docket entry ids by application number. */
const entries = new Map<string, string>();
/** Correspondence (office action) ids by application number. */
const actions = new Map<string, string>();

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string> = {}, remoteAddress = randomIp()) =>
  t.app.inject({ method, url, headers, remoteAddress });

async function docket(cookie: string, applicationNumber: string, clientMatter: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/docket',
    headers: { cookie },
    payload: { application_number: applicationNumber, client_matter: clientMatter },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

async function createFeed(cookie: string): Promise<{ url: string; path: string; token: string; body: Record<string, unknown> }> {
  const res = await inject('POST', '/api/calendar-feed', { cookie });
  expect(res.statusCode).toBe(201);
  const body = res.json();
  const url: string = body.url;
  const m = /^http:\/\/prosa\.test(\/calendar\/([A-Za-z0-9_-]{43})\.ics)$/.exec(url);
  expect(m, url).not.toBeNull();
  return { url, path: m![1], token: m![2], body };
}

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  start: string;
  startIsDate: boolean;
  end: string;
  transp: string;
  alarms: { action: string; trigger: string; description: string }[];
}

/** Parses a feed with ical.js, an implementation independent of the generator. */
function parseFeed(text: string): { calendar: ICAL.Component; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((v) => {
    const start = v.getFirstPropertyValue('dtstart') as ICAL.Time;
    const end = v.getFirstPropertyValue('dtend') as ICAL.Time;
    return {
      uid: String(v.getFirstPropertyValue('uid')),
      summary: String(v.getFirstPropertyValue('summary')),
      description: String(v.getFirstPropertyValue('description')),
      start: start.toString(),
      startIsDate: start.isDate,
      end: end.toString(),
      transp: String(v.getFirstPropertyValue('transp')),
      alarms: v.getAllSubcomponents('valarm').map((al) => ({
        action: String(al.getFirstPropertyValue('action')),
        trigger: (al.getFirstPropertyValue('trigger') as ICAL.Duration).toString(),
        description: String(al.getFirstPropertyValue('description')),
      })),
    };
  });
  return { calendar, events };
}

async function fetchFeed(path: string) {
  const res = await inject('GET', path);
  expect(res.statusCode, res.body).toBe(200);
  return { res, ...parseFeed(res.body) };
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, today);
  a = await signUp(t.app);
  entries.set('17200011', await docket(a.cookie, '17200011', 'NWE-0042'));
  entries.set('17111222', await docket(a.cookie, '17111222', 'VRD-0003'));
  entries.set('17345678', await docket(a.cookie, '17345678', 'SNS-0007'));
  const rows = await t.database.db
    .selectFrom('correspondence as c')
    .innerJoin('applications as ap', 'ap.id', 'c.application_id')
    .select(['ap.application_number', 'c.id'])
    .execute();
  for (const r of rows) actions.set(r.application_number, r.id);
});
afterAll(async () => {
  await t?.close();
});

describe('POST/GET/DELETE /api/calendar-feed', () => {
  test('creates a secret URL shown once; only its SHA-256 is stored; the status never shows it', async () => {
    const { url, token, body } = await createFeed(a.cookie);
    expect(body).toMatchObject({ url, webcal_url: url.replace('http:', 'webcal:'), rotated: false, notice: expect.stringContaining('only once') });
    const rows = await t.database.db.selectFrom('calendar_feeds').selectAll().where('account_id', '=', a.accountId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);

    const status = await inject('GET', '/api/calendar-feed', { cookie: a.cookie });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ exists: true, created_at: rows[0].created_at.toISOString() });
    expect(status.body).not.toContain(token);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('account_id', '=', a.accountId)
      .where('action', 'like', 'calendar_feed.%')
      .execute();
    expect(audit.map((x) => x.action)).toContain('calendar_feed.created');
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  test('creating needs a signed-in session (an API key cannot mint a feed); status and revoke take any credential', async () => {
    const b = await signUp(t.app);
    const key = await createKey(t.app, b.cookie);
    expect((await inject('POST', '/api/calendar-feed', { 'x-api-key': key })).statusCode).toBe(401);
    expect((await inject('POST', '/api/calendar-feed')).statusCode).toBe(401);
    expect((await inject('GET', '/api/calendar-feed')).statusCode).toBe(401);
    expect((await inject('GET', '/api/calendar-feed', { 'x-api-key': key })).json()).toEqual({ exists: false, created_at: null });
    const { path } = await createFeed(b.cookie);
    expect((await inject('DELETE', '/api/calendar-feed', { 'x-api-key': key })).statusCode).toBe(204);
    expect((await inject('GET', path)).statusCode).toBe(404);
  });
});

describe('GET /calendar/{token}.ics', () => {
  test('serves text/calendar that ical.js parses: one all-day event per response deadline and extension date', async () => {
    const { path } = await createFeed(a.cookie);
    const { res, calendar, events } = await fetchFeed(path);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(String(calendar.getFirstPropertyValue('prodid'))).toContain('Prosa');
    expect(calendar.getFirstPropertyValue('method')).toBeNull();

    // 17/200,011: non-final mailed 40 days ago, 3-month period; its USPTO record is a small entity's
    // (the account's large default does not decide).
    const r = calculateDeadlines({ action: 'non_final', mailingDate: daysBefore(40), periodMonths: 3, entity: 'small', today });
    const fee = (i: number) => `$${Number(r.extensions[i].fee_for_entity).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    const cid = actions.get('17200011')!;
    const entry = entries.get('17200011')!;
    const nwe = events.filter((e) => e.uid.startsWith(`${cid}-`));
    expect(nwe.map((e) => e.uid)).toEqual([
      `${cid}-response-${entry}@prosa`,
      `${cid}-ext1-${entry}@prosa`,
      `${cid}-ext2-${entry}@prosa`,
      `${cid}-ext3-${entry}@prosa`,
    ]);
    expect(nwe.map((e) => e.start)).toEqual([r.response_deadline, ...r.extensions.map((e) => e.due_effective)]);
    for (const e of nwe) {
      expect(e.startIsDate).toBe(true);
      expect(e.end).toBe(nextDay(e.start));
      expect(e.transp).toBe('TRANSPARENT');
    }
    const [response, ext1, ext2, last] = nwe;
    expect(response.summary).toBe('Reply due (no fee): 17/200,011 Non-Final Rejection — NWE-0042 [demo]');
    expect(ext1.summary).toBe(`17/200,011 Non-Final Rejection — NWE-0042 [demo]: last day with 1-month extension (${fee(0)} small entity)`);
    expect(ext2.summary).toBe(`17/200,011 Non-Final Rejection — NWE-0042 [demo]: last day with 2-month extension (${fee(1)} small entity)`);
    expect(last.summary).toBe(`LAST DAY to reply: 17/200,011 Non-Final Rejection — NWE-0042 [demo] (with 3-month extension, ${fee(2)} small entity)`);
    expect(last.start).toBe(r.critical_deadline_date);

    // DESCRIPTION carries the rule behind the date.
    expect(response.description).toContain('MPEP 710.01(a)');
    expect(response.description).toContain('35 U.S.C. 21(b)');
    expect(response.description).toContain('Client matter: NWE-0042');
    expect(response.description).toContain('DEMO DATA');
    expect(ext2.description).toContain('37 CFR 1.136(a)');
    expect(ext2.description).toContain('37 CFR 1.17(a)(2)');

    // Reminders: a week and a day before the fee-free and the last day; a day before other extension dates.
    expect(response.alarms.map((x) => x.trigger)).toEqual(['-P7D', '-P1D']);
    expect(ext1.alarms.map((x) => x.trigger)).toEqual(['-P1D']);
    expect(ext2.alarms.map((x) => x.trigger)).toEqual(['-P1D']);
    expect(last.alarms.map((x) => x.trigger)).toEqual(['-P7D', '-P1D']);
    for (const al of nwe.flatMap((e) => e.alarms)) {
      expect(al.action).toBe('DISPLAY');
      expect(al.description).toMatch(/^(Tomorrow|In 7 days): /);
    }
  });

  test('an allowance is one event, the last day, marked not extendable', async () => {
    const { path } = await createFeed(a.cookie);
    const { events } = await fetchFeed(path);
    const cid = actions.get('17111222')!;
    const noa = events.filter((e) => e.uid.startsWith(`${cid}-`));
    const r = calculateDeadlines({ action: 'notice_of_allowance', mailingDate: daysBefore(30), periodMonths: 3, today });
    expect(noa).toHaveLength(1);
    expect(noa[0]).toMatchObject({ uid: `${cid}-response-${entries.get('17111222')}@prosa`, start: r.response_deadline });
    expect(noa[0].summary).toBe('LAST DAY to reply: 17/111,222 Notice of Allowance and Fees Due (PTOL-85) — VRD-0003 [demo] (not extendable)');
    expect(noa[0].description).toContain('37 CFR 1.311(a)');
    expect(noa[0].alarms.map((x) => x.trigger)).toEqual(['-P7D', '-P1D']);
  });

  test('UIDs are unique and the feed is byte-stable between fetches, so calendars update rather than duplicate', async () => {
    const { path } = await createFeed(a.cookie);
    const first = await fetchFeed(path);
    const second = await fetchFeed(path);
    expect(second.res.body).toBe(first.res.body);
    const uids = first.events.map((e) => e.uid);
    expect(new Set(uids).size).toBe(uids.length);
    // 17/200,011 (response + 3 extensions), 17/345,678 final (response + its extensions), 17/111,222 (1).
    const final = calculateDeadlines({ action: 'final', mailingDate: daysBefore(75), periodMonths: 3, today });
    expect(uids).toHaveLength(4 + 1 + final.extensions.length + 1);
  });

  test("fees in the feed follow each application's entity status: the docket entry's before the USPTO record's and the account's", async () => {
    const { path } = await createFeed(a.cookie);
    const patch = (entity_size: string | null) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/docket/${entries.get('17200011')}`,
        headers: { cookie: a.cookie },
        payload: { entity_size },
        remoteAddress: randomIp(),
      });
    await t.database.db.updateTable('accounts').set({ entity_size: 'micro' }).where('id', '=', a.accountId).execute();
    try {
      // The account's micro default moves neither record that states its entity status.
      let { events } = await fetchFeed(path);
      expect(events.find((e) => e.uid.startsWith(`${actions.get('17200011')}-ext2-`))!.summary).toMatch(/small entity\)$/);
      expect(events.find((e) => e.uid.startsWith(`${actions.get('17345678')}-ext1-`))!.summary).toMatch(/large entity\)$/);
      // The firm records micro on the docket entry: the feed follows it.
      expect((await patch('micro')).statusCode).toBe(200);
      ({ events } = await fetchFeed(path));
      expect(events.find((e) => e.uid.startsWith(`${actions.get('17200011')}-ext2-`))!.summary).toMatch(
        /last day with 2-month extension \(\$138\.00 micro entity\)$/,
      );
    } finally {
      await patch(null);
      await t.database.db.updateTable('accounts').set({ entity_size: 'large' }).where('id', '=', a.accountId).execute();
    }
  });

  test('rotating invalidates the old URL at once', async () => {
    const old = await createFeed(a.cookie);
    expect((await inject('GET', old.path)).statusCode).toBe(200);
    const fresh = await createFeed(a.cookie);
    expect(fresh.token).not.toBe(old.token);
    expect(fresh.body.rotated).toBe(true);
    const gone = await inject('GET', old.path);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({
      error: true,
      error_code: 'calendar_feed_not_found',
      message: expect.any(String),
      agent_suggestion: expect.stringContaining('POST /api/calendar-feed'),
    });
    expect((await inject('GET', fresh.path)).statusCode).toBe(200);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('account_id', '=', a.accountId)
      .where('action', '=', 'calendar_feed.rotated')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });

  test('revoking → 404; revoking again is a no-op; the status says no feed', async () => {
    const { path } = await createFeed(a.cookie);
    const del = await inject('DELETE', '/api/calendar-feed', { cookie: a.cookie });
    expect(del.statusCode).toBe(204);
    const res = await inject('GET', path);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: true, error_code: 'calendar_feed_not_found' });
    expect((await inject('DELETE', '/api/calendar-feed', { cookie: a.cookie })).statusCode).toBe(204);
    expect((await inject('GET', '/api/calendar-feed', { cookie: a.cookie })).json()).toEqual({ exists: false, created_at: null });
    const revoked = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('account_id', '=', a.accountId)
      .where('action', '=', 'calendar_feed.revoked')
      .execute();
    expect(revoked).toHaveLength(1);
  });

  test("another account's feed never shows your data", async () => {
    const mine = await createFeed(a.cookie);
    const b = await signUp(t.app);
    const theirs = await createFeed(b.cookie);
    expect((await fetchFeed(theirs.path)).events).toEqual([]);
    // B dockets the same public application: B's feed has B's client matter and B's own UIDs.
    const entryB = await docket(b.cookie, '17200011', 'B-MATTER');
    const { events: eventsB, res: resB } = await fetchFeed(theirs.path);
    expect(eventsB).toHaveLength(4);
    expect(eventsB.every((e) => e.uid.endsWith(`-${entryB}@prosa`))).toBe(true);
    for (const secret of ['NWE-0042', 'VRD-0003', 'SNS-0007', entries.get('17200011')!]) expect(resB.body).not.toContain(secret);
    const { res: resA } = await fetchFeed(mine.path);
    expect(resA.body).not.toContain('B-MATTER');
    expect(resA.body).not.toContain(entryB);
  });

  test.each([
    ['an unknown token', `/calendar/${'A'.repeat(43)}.ics`],
    ['a malformed token', '/calendar/not-a-token.ics'],
    ['a token with a quote', `/calendar/${encodeURIComponent("' OR '1'='1")}.ics`],
  ])('%s is a 404 error object', async (_what, path) => {
    const res = await inject('GET', path);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: true, error_code: 'calendar_feed_not_found' });
  });

  test('is rate-limited per IP as a free endpoint', async () => {
    const { path } = await createFeed(a.cookie);
    const res = await inject('GET', path);
    expect(res.headers['x-ratelimit-limit']).toBe('60');
    expect(res.headers['x-ratelimit-remaining']).toBe('59');
  });
});
