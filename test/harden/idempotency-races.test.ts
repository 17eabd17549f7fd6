import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp, LIFTED } from '../support/app.ts';
import { grant, OA_TEXT } from '../support/drafts.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { credits } from '../../src/domain/money.ts';
import { getBalanceMicro } from '../../src/queries/credits.ts';
import { creditCharger } from '../../src/commands/credit-charger.ts';

/**
 * Issue 12, item 2: many concurrent copies of one request with one Idempotency-Key (a client
 * retrying on a timeout) all get the original outcome, never a charge-related error, and only one
 * charge is made. The balance covers exactly one copy, so a copy that raced past the replay check
 * and tried to pay again would answer 402. Runs on both databases (the PostgreSQL pass of the suite
 * gives real concurrency: a pool of 20 connections).
 */
const COPIES = 40;
let t: TestApp;

beforeAll(async () => {
  // The per-key burst (20 per second) would answer 429 to most copies: not what is tested here.
  t = await createTestApp({}, undefined, { tiers: { authenticated: LIFTED, session: LIFTED, assistant: LIFTED, account: LIFTED } });
  await seedDemoData(t.database.db, '2026-11-21');
});
afterAll(async () => {
  await t?.close();
});

async function account(wholeCredits: number): Promise<{ accountId: string; key: string; cookie: string }> {
  const s = await signUp(t.app);
  const key = await createKey(t.app, s.cookie);
  if (wholeCredits > 0) await grant(t.database.db, s.accountId, wholeCredits);
  return { accountId: s.accountId, key, cookie: s.cookie };
}

/** Brings the balance to exactly `whole` credits, so it covers one copy and no more. */
async function setBalance(accountId: string, whole: number): Promise<void> {
  await grant(t.database.db, accountId, 100);
  const extra = (await getBalanceMicro(t.database.db, accountId)) - credits(whole);
  await creditCharger(t.database.db, { accountId: null, via: 'system' }, { accountId, amountMicro: extra, kind: 'usage_tokens', description: 'drain' });
}

async function analysisFor(key: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/prosa/analyze',
    headers: { 'x-api-key': key },
    payload: { application_number: '17200011', office_action_text: OA_TEXT, include_examiner_intel: false },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().analysis_id;
}

function copies(method: 'POST', url: string, headers: Record<string, string>, payload: object) {
  return Promise.all(Array.from({ length: COPIES }, () => t.app.inject({ method, url, headers, payload, remoteAddress: randomIp() })));
}

/** Every copy answered the original outcome (first status once, replays after), one job, one charge. */
function expectOneOutcome(responses: Awaited<ReturnType<typeof copies>>, idField: string, created: number, replayed: number): string {
  const statuses = responses.map((r) => r.statusCode);
  const odd = responses.filter((r) => r.statusCode !== created && r.statusCode !== replayed);
  expect(odd.map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
  expect(statuses.filter((s) => s === created).length).toBeGreaterThanOrEqual(1);
  expect(responses.filter((r) => r.headers['idempotent-replayed'] !== 'true').map((r) => r.statusCode)).toEqual([created]);
  const ids = new Set(responses.map((r) => r.json()[idField]));
  expect(ids.size).toBe(1);
  expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true').every((r) => r.statusCode === replayed)).toBe(true);
  return [...ids][0];
}

describe('concurrent copies with one Idempotency-Key', () => {
  test(`REST #4 draft-roa: ${COPIES} copies, a balance for one: one job, one 49.00 charge, no 402`, async () => {
    const a = await account(0);
    const analysisId = await analysisFor(a.key);
    await setBalance(a.accountId, 49);
    const before = await getBalanceMicro(t.database.db, a.accountId);
    const res = await copies(
      'POST',
      '/v1/prosa/draft-roa',
      { 'x-api-key': a.key, 'idempotency-key': 'race-roa' },
      { application_number: '17200011', analysis_id: analysisId, response_date: '2026-11-23' },
    );
    const jobId = expectOneOutcome(res, 'job_id', 202, 200);
    expect(before - (await getBalanceMicro(t.database.db, a.accountId))).toBe(credits(49));
    expect(await t.database.db.selectFrom('draft_jobs').select('id').where('account_id', '=', a.accountId).execute()).toEqual([{ id: jobId }]);
  });

  test(`/api/exports: ${COPIES} copies, a balance for one: one job, one 5.00 charge`, async () => {
    const a = await account(0);
    await setBalance(a.accountId, 5);
    const before = await getBalanceMicro(t.database.db, a.accountId);
    const res = await copies(
      'POST',
      '/api/exports',
      { cookie: a.cookie, 'idempotency-key': 'race-export' },
      { type: 'form', form: 'extension_of_time', application_number: '17200011', input: { months: 2 } },
    );
    expectOneOutcome(res, 'job_id', 202, 200);
    expect(before - (await getBalanceMicro(t.database.db, a.accountId))).toBe(credits(5));
    expect(await t.database.db.selectFrom('draft_jobs').select('id').where('account_id', '=', a.accountId).execute()).toHaveLength(1);
  });

  test(`analyze (REST #3 and /api/analyses): ${COPIES} copies: one analysis, one charge`, async () => {
    const a = await account(10);
    const body = { application_number: '17200011', office_action_text: OA_TEXT, include_examiner_intel: false };
    const v1 = await copies('POST', '/v1/prosa/analyze', { 'x-api-key': a.key, 'idempotency-key': 'race-analyze' }, body);
    const id = expectOneOutcome(v1, 'analysis_id', 200, 200);
    const api = await copies('POST', '/api/analyses', { 'x-api-key': a.key, 'idempotency-key': 'race-analyze-api' }, body);
    const apiId = expectOneOutcome(api, 'analysis_id', 201, 200);
    for (const ref of [id, apiId]) {
      expect(await t.database.db.selectFrom('credit_ledger').select('id').where('reference', '=', ref).execute()).toHaveLength(1);
    }
    expect(await t.database.db.selectFrom('analyses').select('id').where('account_id', '=', a.accountId).execute()).toHaveLength(2);
  });

  test(`response-plan submit: ${COPIES} copies, a balance for one: one job, the plan submitted once, no 402 or 409`, async () => {
    const a = await account(0);
    const analysisId = await analysisFor(a.key);
    const plan = await t.app.inject({
      method: 'POST',
      url: '/api/response-plans',
      headers: { 'x-api-key': a.key },
      payload: { analysis_id: analysisId },
      remoteAddress: randomIp(),
    });
    expect([200, 201]).toContain(plan.statusCode);
    const planId = plan.json().plan_id;
    await setBalance(a.accountId, 49);
    const before = await getBalanceMicro(t.database.db, a.accountId);
    const res = await copies(
      'POST',
      `/api/response-plans/${planId}/submit`,
      { 'x-api-key': a.key, 'idempotency-key': 'race-plan' },
      { accept_incomplete: true, response_date: '2026-11-22' },
    );
    expectOneOutcome(res, 'job_id', 202, 200);
    expect(before - (await getBalanceMicro(t.database.db, a.accountId))).toBe(credits(49));
  });
});
