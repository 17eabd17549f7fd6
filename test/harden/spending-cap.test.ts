import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from '../support/app.ts';
import { OA_TEXT } from '../support/drafts.ts';
import { cappedAccount, costOfOneAnalysis, expectCapHolds } from './spending-cap-race.ts';

/**
 * Issue 12, spending caps: the owner sets a daily cap on AI usage through /api (session or API
 * key, never an assistant's bearer token); once the day's analysis charges reach it, analyze
 * answers 402 spending_cap_reached naming the cap and when it resets (UTC midnight). A retry of an
 * analysis made before the cap was reached still replays it.
 *
 * The bearer seam (as in test/api-data/audit.test.ts) turns a signed-in request carrying
 * `x-test-bearer` into the bearer principal an exchanged MCP token gives.
 */
const bearerSeam = (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (typeof request.headers['x-test-bearer'] === 'string' && request.principal) {
      request.principal = { ...request.principal, via: 'bearer', oauthClientId: 'c', oauthClientName: 'Claude', grantId: 'g' } as typeof request.principal;
    }
  });
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, bearerSeam);
});
afterAll(async () => {
  await t?.close();
});

const body = { application_number: '17200011', office_action_text: OA_TEXT, include_examiner_intel: false };
const analyze = (key: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/v1/prosa/analyze', headers: { 'x-api-key': key, ...headers }, payload: body, remoteAddress: randomIp() });
const cap = (headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: payload ? 'PATCH' : 'GET', url: '/api/account/spending-cap', headers, ...(payload ? { payload } : {}), remoteAddress: randomIp() });

describe('daily AI spending cap', () => {
  test('none by default; the owner sets it with a session or an API key; an assistant may read it but not change it', async () => {
    const s = await signUp(t.app);
    const key = await createKey(t.app, s.cookie);
    expect((await cap({ cookie: s.cookie })).json()).toMatchObject({ daily_ai_cap: null, spent_today: '0.00', reached: false });
    const set = await cap({ cookie: s.cookie }, { daily_ai_cap: '10.00' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ daily_ai_cap: '10.00', remaining_today: '10.00' });
    expect((await cap({ 'x-api-key': key }, { daily_ai_cap: 12.5 })).json().daily_ai_cap).toBe('12.50');
    const byAssistant = await cap({ cookie: s.cookie, 'x-test-bearer': '1' }, { daily_ai_cap: null });
    expect(byAssistant.statusCode).toBe(403);
    expect(byAssistant.json()).toMatchObject({ error: true, error_code: 'assistant_not_allowed' });
    expect((await cap({ cookie: s.cookie, 'x-test-bearer': '1' })).json().daily_ai_cap).toBe('12.50');
    expect((await cap({ cookie: s.cookie }, { daily_ai_cap: '-1' })).statusCode).toBe(400);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('account_id', '=', s.accountId)
      .where('action', '=', 'account.spending_cap_set')
      .execute();
    expect(audit).toHaveLength(2);
  });

  test('analyze is refused with 402 spending_cap_reached once the day has spent the cap; an earlier analysis still replays; raising the cap lifts it', async () => {
    const s = await signUp(t.app);
    const key = await createKey(t.app, s.cookie);
    // A tiny cap: the first analysis crosses it (its cost is known only once it has run).
    await cap({ cookie: s.cookie }, { daily_ai_cap: '0.01' });
    const first = await analyze(key, { 'idempotency-key': 'before-cap' });
    expect(first.statusCode, first.body).toBe(200);
    const refused = await analyze(key);
    expect(refused.statusCode).toBe(402);
    const err = refused.json();
    expect(err).toMatchObject({ error: true, error_code: 'spending_cap_reached' });
    expect(err.message).toContain('0.01 credits');
    const midnight = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1)).toISOString();
    expect(err.message).toContain(midnight);
    expect(err.agent_suggestion).toMatch(/owner|user/i);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const viaApi = await t.app.inject({ method: 'POST', url: '/api/analyses', headers: { cookie: s.cookie }, payload: body, remoteAddress: randomIp() });
    expect(viaApi.statusCode).toBe(402);
    // The retry of the analysis made before the cap replays it, unbilled.
    const retry = await analyze(key, { 'idempotency-key': 'before-cap' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().analysis_id).toBe(first.json().analysis_id);
    // Refused with a fresh key too (the check also runs inside the transaction).
    expect((await analyze(key, { 'idempotency-key': 'after-cap' })).statusCode).toBe(402);
    const status = (await cap({ cookie: s.cookie })).json();
    expect(status).toMatchObject({ daily_ai_cap: '0.01', reached: true, resets_at: midnight });
    await cap({ cookie: s.cookie }, { daily_ai_cap: null });
    expect((await analyze(key)).statusCode).toBe(200);
  });

  test('ten concurrent analyses with the cap at 2.5 analyses: exactly three are charged, the rest 402', async () => {
    const cost = await costOfOneAnalysis(t.app);
    await expectCapHolds([t.app], t.database, await cappedAccount(t.app, cost), cost);
  }, 90_000);
});
