/**
 * The watch pass in this process, against the Open Data Portal replay: politeness (one request at
 * a time, Retry-After honoured on 429, a pass that stays rate-limited stops and the next one
 * starts with what was left), the accounts' opt-in analysis (PATCH /api/account watch_analyze,
 * billed once), and GET /api/watch with and without a key.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, signUp, type TestApp } from '../support/app.ts';
import { OdpReplay, REPLAY_KEY, type ReplayResponse } from '../support/odp-replay.ts';
import { outgoingPaper, paperPdf, pendingRecord, serveWatchedApplication, documentsList } from '../support/watch-replay.ts';
import { createOdpClient } from '../../src/sources/odp/odp-client.ts';
import { importOdpRecord } from '../../src/sources/odp/odp-importer.ts';
import { runWatchPass } from '../../src/commands/watch/watch-pass.ts';

const TODAY = '2026-11-27';
const odp = new OdpReplay();
let t: TestApp;
let off: TestApp;
let optedIn: string;
let other: string;
const sleeps: number[] = [];
let sent = 0;
const pass = () => runWatchPass({ db: t.database.db, client: lazyClient(), requests: () => sent }, { today: TODAY, trigger: 'cli' });
let built: ReturnType<typeof createOdpClient> | null = null;
/** The client once the replay has its address. */
const lazyClient = () =>
  (built ??= createOdpClient({
    apiKey: REPLAY_KEY,
    baseUrl: odp.url,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    onRequest: () => {
      sent += 1;
    },
  }));

const call = (cookie: string, method: 'GET' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}), remoteAddress: randomIp() });
const rateLimited = (seconds: string): ReplayResponse => ({
  status: 429,
  headers: { 'Retry-After': seconds },
  body: '{"code":429,"error":"Too Many Requests","errorDetails":"Rate limit exceeded","requestIdentifier":"constructed"}',
});

/** A corpus office action (real text, src/domain/office-action/fixtures/01.txt) as the lines of a PDF. */
const ACTION_LINES = readFileSync(new URL('../../src/domain/office-action/fixtures/01.txt', import.meta.url), 'utf8')
  .replace(/[^\x20-\xff\n]/g, '-')
  .split('\n')
  .filter((l) => l.trim())
  .slice(0, 60);

beforeAll(async () => {
  await odp.start();
  serveWatchedApplication(odp);
  // A second docketed application: the real record renumbered 17248025 (constructed), the same list.
  odp.route('GET', '/api/v1/patent/applications/17248025/documents', { headers: { 'Content-Type': 'application/json' }, body: documentsList() });
  t = await createTestApp({ PROSA_USPTO_API_KEY: REPLAY_KEY, PROSA_USPTO_BASE_URL: odp.url });
  const record = JSON.parse(pendingRecord().toString('utf8')).patentFileWrapperDataBag[0];
  await importOdpRecord(t.database.db, record);
  await importOdpRecord(t.database.db, { ...record, applicationNumberText: '17248025', applicationMetaData: { ...record.applicationMetaData } });
  optedIn = (await signUp(t.app)).cookie;
  other = (await signUp(t.app)).cookie;
  for (const cookie of [optedIn, other]) {
    for (const n of ['17/248,024', '17/248,025']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/docket',
        headers: { cookie },
        payload: { application_number: n },
        remoteAddress: randomIp(),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  }
  off = await createTestApp();
}, 300_000);
afterAll(async () => {
  await t?.close();
  await off?.close();
  await odp.close();
}, 120_000);

describe('the watch pass', () => {
  test('rate-limited: Retry-After honoured, one request at a time; a pass still limited stops and the next starts with what was left', async () => {
    odp.reset();
    sleeps.length = 0;
    // The second application's list meets 429 on every attempt.
    odp.onRequest = (req) => {
      if (req.path.startsWith('/api/v1/patent/applications/17248025/documents')) odp.script.push(rateLimited('7'));
    };
    const first = await pass();
    expect(first.run).toMatchObject({
      applications_due: 2,
      applications_checked: 1,
      stopped_reason: 'rate_limited',
      requests_made: 5,
      finished_at: expect.any(Date),
    });
    expect(first.run.error).toMatch(/429/);
    expect(sleeps).toEqual([7000, 7000, 7000]);
    expect(odp.maxInFlight).toBe(1);
    expect(odp.requests.map((r) => r.path.split('?')[0])).toEqual([
      '/api/v1/patent/applications/17248024/documents',
      ...Array(4).fill('/api/v1/patent/applications/17248025/documents'),
    ]);

    // The limit lifts after one more 429 (Retry-After in seconds: 2): the next pass starts with 17248025.
    odp.reset();
    sleeps.length = 0;
    odp.script.push(rateLimited('2'));
    const second = await pass();
    expect(second.run).toMatchObject({ applications_checked: 2, stopped_reason: null, requests_made: 3 });
    expect(sleeps).toEqual([2000]);
    expect(odp.requests.map((r) => r.path.split('?')[0])).toEqual([
      '/api/v1/patent/applications/17248025/documents',
      '/api/v1/patent/applications/17248025/documents',
      '/api/v1/patent/applications/17248024/documents',
    ]);
  }, 120_000);

  test('an account that opted in gets the new office action analyzed and billed once; the other is not billed', async () => {
    const patched = await call(optedIn, 'PATCH', '/api/account', { watch_analyze: true });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().account.watch_analyze).toBe(true);
    expect((await call(other, 'GET', '/api/auth/me')).json().account.watch_analyze).toBe(false);
    expect((await call(optedIn, 'PATCH', '/api/account', { watch_analyze: 'yes' })).statusCode).toBe(400);

    serveWatchedApplication(odp, [
      outgoingPaper({ code: 'CTNF', description: 'Non-Final Rejection', identifier: 'MZWATCHANALYZE1', officialDate: '2026-11-20T00:00:00.000-0500' }),
    ]);
    odp.route('GET', '/api/v1/download/applications/17248024/MZWATCHANALYZE1.pdf', paperPdf(ACTION_LINES));
    odp.reset();
    const run = await pass();
    expect(run.papers.map((p) => [p.document_code, p.text, p.accounts_notified])).toEqual([['CTNF', 'held', 2]]);
    expect(run.run.analyses_created).toBe(1);
    const mine = (await call(optedIn, 'GET', '/api/analyses')).json();
    const theirs = (await call(other, 'GET', '/api/analyses')).json();
    const list = (b: { analyses: unknown[] }) => b.analyses;
    expect(mine.analyses).toEqual([expect.objectContaining({ application_number: '17248024', rejection_type: 'CTNF' })]);
    expect(list(theirs)).toHaveLength(0);

    // Again: nothing new, nothing analyzed or billed twice.
    const again = await pass();
    expect(again.run).toMatchObject({ papers_recorded: 0, analyses_created: 0 });
    expect(list((await call(optedIn, 'GET', '/api/analyses')).json())).toHaveLength(1);
  }, 300_000);

  test('GET /api/watch: the last pass with a key; off, and why, without one', async () => {
    const on = await call(optedIn, 'GET', '/api/watch');
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      enabled: true,
      reason: null,
      schedule: '0 6 * * *',
      last_run: { trigger: 'cli', run_date: TODAY, applications_checked: 2, papers_recorded: 0 },
    });
    const cookie = (await signUp(off.app)).cookie;
    const res = await off.app.inject({ method: 'GET', url: '/api/watch', headers: { cookie }, remoteAddress: randomIp() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: false, reason: expect.stringContaining('PROSA_USPTO_API_KEY is not set'), schedule: '0 6 * * *', last_run: null });
    expect((await off.app.inject({ method: 'GET', url: '/api/watch', remoteAddress: randomIp() })).statusCode).toBe(401);
  }, 120_000);
});
