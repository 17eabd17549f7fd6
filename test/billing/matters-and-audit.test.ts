/**
 * Billing usage back to clients (issue 22 item 7 and part 3): the credit ledger's usage lines name
 * the application and client matter they were spent on; GET /api/reports/matters (and .csv)
 * totals analyses, drafts and credits per application and matter over a date range; GET
 * /api/audit filters by date range, application (any written form), actor and action.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, injectAsClient, randomIp, signUp, type TestApp } from '../support/app.ts';
import { analyzeOa, grant } from '../support/drafts.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { todayUtc } from '../../src/clock.ts';
import { addDays } from '../../src/domain/deadlines/calendar.ts';
import { formatCredits } from '../../src/domain/money.ts';

let t: TestApp;
let cookie: string;
let accountId: string;
let key: string;
let jobId: string;
let analysisId: string;
/** Credits the analysis (its tokens) and the IDS (9.00) used, as the ledger states them. */
let used: string;
const today = todayUtc();
// A client matter a spreadsheet would run as a formula: the CSV must keep it text.
const MATTER = '=ACME-7';

// Reads as a client makes them: a 429 (the account's per-second ceiling, reached on a fast
// database) is asked again after the Retry-After it names.
const get = (url: string, headers: Record<string, string> = { cookie }) => injectAsClient(t.app, { method: 'GET', url, headers, remoteAddress: randomIp() });

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, '2026-11-21');
  ({ cookie, accountId } = await signUp(t.app));
  key = await createKey(t.app, cookie);
  const docket = await t.app.inject({
    method: 'POST',
    url: '/api/docket',
    headers: { cookie },
    payload: { application_number: '17/200,011', client_matter: MATTER },
    remoteAddress: randomIp(),
  });
  expect(docket.statusCode, docket.body).toBe(201);
  analysisId = (await analyzeOa(t.app, key)).analysis_id;
  await grant(t.database.db, accountId, 100);
  const ids = await t.app.inject({
    method: 'POST',
    url: '/api/exports',
    headers: { cookie },
    remoteAddress: randomIp(),
    payload: {
      type: 'ids',
      application_number: '17/200,011',
      input: {
        timing: '1.97(c)',
        statement: '1.97(e)(2)',
        us_patents: [{ number: '9,876,543', kind_code: 'B2', date: '2019-05-01', patentee_or_applicant: 'Smith' }],
        date: '2026-11-21',
      },
    },
  });
  expect(ids.statusCode, ids.body).toBe(202);
  jobId = ids.json().job_id;
  const ledger = (await get('/api/credits')).json().entries as { reference: string | null; amount: string }[];
  const micro = (a: string) => BigInt(Math.round(Number(a) * 1e6));
  const spent = ledger.filter((e) => e.reference === jobId || e.reference === analysisId).reduce((sum, e) => sum - micro(e.amount), 0n);
  expect(spent).toBeGreaterThan(9_000_000n);
  used = formatCredits(spent);
});
afterAll(async () => {
  await t?.close();
});

describe('credit ledger: application and client matter of usage lines', () => {
  test("the IDS charge names 17/200,011 and the docket entry's client matter; the grant names neither", async () => {
    const res = await get('/api/credits');
    expect(res.statusCode).toBe(200);
    const entries = res.json().entries as {
      kind: string;
      reference: string | null;
      application_number: string | null;
      client_matter: string | null;
      amount: string;
    }[];
    expect(entries.find((e) => e.reference === jobId)).toMatchObject({
      kind: 'export',
      amount: '-9.00',
      application_number: '17/200,011',
      client_matter: MATTER,
    });
    expect(entries.find((e) => e.reference === analysisId)).toMatchObject({ kind: 'usage_tokens', application_number: '17/200,011', client_matter: MATTER });
    expect(entries.find((e) => e.kind === 'grant')).toMatchObject({ application_number: null, client_matter: null });
  });
});

describe('GET /api/reports/matters', () => {
  test('per application and matter: analyses, drafts and credits used over the range', async () => {
    const res = await get(`/api/reports/matters?from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.from).toBe(today);
    expect(body.rows).toEqual([
      expect.objectContaining({ application_number: '17/200,011', client_matter: MATTER, analyses: 1, drafts: 1, drafts_completed: 0, credits_used: used }),
    ]);
    expect(body.totals).toEqual({ analyses: 1, drafts: 1, drafts_completed: 0, credits_used: used });
    // A range before any usage is empty; the default range (last 30 days) holds today's.
    const before = await get(`/api/reports/matters?from=${addDays(today, -60)}&to=${addDays(today, -31)}`);
    expect(before.json().rows).toEqual([]);
    expect((await get('/api/reports/matters')).json().rows).toHaveLength(1);
  });

  test('as CSV: a header, one line per application, the formula-like matter prefixed with an apostrophe', async () => {
    const res = await get(`/api/reports/matters.csv?from=${today}&to=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="prosa-matters-${today}-to-${today}.csv"`);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('client_matter,application_number,invention_title,analyses,drafts,drafts_completed,credits_used,from,to');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(`'=ACME-7,"17/200,011",Adaptive thermal management for battery packs using predictive cell models,1,1,0,${used},${today},${today}`);
  });

  test('bad ranges are refused with the error object; another account sees none of it', async () => {
    const reversed = await get(`/api/reports/matters?from=${today}&to=${addDays(today, -1)}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ error_code: 'validation_error', message: `to: must not be before from (${today})` });
    const long = await get(`/api/reports/matters.csv?from=2020-01-01&to=${today}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 731 days/);
    expect((await get('/api/reports/matters?from=2026-13-01')).statusCode).toBe(400);
    const other = await signUp(t.app);
    expect((await get(`/api/reports/matters?from=${today}&to=${today}`, { cookie: other.cookie })).json().rows).toEqual([]);
    expect((await get('/api/reports/matters')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/reports/matters.csv' })).statusCode).toBe(401);
  });
});

describe('GET /api/audit filters', () => {
  const actions = async (query: string) => {
    const res = await get(`/api/audit?limit=200&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().entries as { action: string; actor: string }[]).map((e) => e.action);
  };

  test('application in any written form: its docket entry, analysis, draft and the credits spent on it, nothing else', async () => {
    for (const form of ['17/200,011', '17200011', 'US%2017%2F200%2C011']) {
      const found = await actions(`application=${form}`);
      expect(found).toEqual(
        expect.arrayContaining(['docket.entry_added', 'analysis.created', 'draft_job.created', 'credits.charged.export', 'credits.charged.usage_tokens']),
      );
      expect(found).not.toContain('api_key.created');
      expect(found).not.toContain('credits.grant');
    }
    const bad = await get('/api/audit?application=123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error_code: 'validation_error', message: expect.stringMatching(/^application: must be a US application number/) });
  });

  test('date range (UTC days, inclusive), actor and action prefix combine', async () => {
    expect(await actions(`from=${today}&to=${today}`)).toContain('analysis.created');
    expect(await actions(`from=${addDays(today, 1)}`)).toEqual([]);
    expect(await actions(`to=${addDays(today, -1)}`)).toEqual([]);
    const viaKey = await actions('actor=api_key');
    expect(viaKey).toContain('analysis.created');
    expect(viaKey).not.toContain('draft_job.created');
    expect(await actions('actor=session&action=draft_job.&application=17200011')).toEqual(['draft_job.created']);
    expect((await get(`/api/audit?from=${today}&to=${addDays(today, -1)}`)).statusCode).toBe(400);
    expect((await get('/api/audit?actor=robot')).json()).toMatchObject({ error_code: 'validation_error' });
    expect((await get('/api/audit?from=yesterday')).statusCode).toBe(400);
  });

  test('paging keeps the filters', async () => {
    const first = await get('/api/audit?limit=1&application=17200011');
    const cursor = first.json().next_cursor;
    expect(cursor).toEqual(expect.any(String));
    const second = await get(`/api/audit?limit=200&application=17200011&before=${cursor}`);
    const all = await actions('application=17200011');
    expect([...first.json().entries, ...second.json().entries].map((e: { action: string }) => e.action)).toEqual(all);
  });
});
