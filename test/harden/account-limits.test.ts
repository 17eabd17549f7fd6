import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from '../support/app.ts';
import { ACCOUNT_CEILING } from '../../src/serving/rate-limits/rate-limit-store.ts';
import { MAX_ACTIVE_API_KEYS } from '../../src/commands/api-key-creator.ts';

/**
 * Issue 12, item 5: the spec's per-key limit stays; an account-wide ceiling holds across all of an
 * account's keys and its sessions; an account has at most MAX_ACTIVE_API_KEYS active keys;
 * requests with invalid or missing credentials are limited per client address; a 429 costs no
 * database write (usage is counted for admitted requests only).
 */
let t: TestApp;
/** A small account-wide minute budget, so the test does not depend on how fast requests run. */
const CEILING = { perMinute: 50, perSecond: 1000 };
beforeAll(async () => {
  t = await createTestApp({}, undefined, { tiers: { account: CEILING } });
});
afterAll(async () => {
  await t?.close();
});

/** The account's stored usage, after writing what the app has counted in memory (usage-counter.ts). */
const usageOf = async (accountId: string): Promise<number> => {
  await t.app.usageCounter.flush();
  return Number(
    (
      await t.database.db
        .selectFrom('usage_hourly')
        .select((eb) => eb.fn.sum<string>('requests').as('n'))
        .where('account_id', '=', accountId)
        .executeTakeFirst()
    )?.n ?? 0,
  );
};

describe('account-wide ceiling', () => {
  test(`the default ceiling is ${ACCOUNT_CEILING.perMinute} per minute, bursts of ${ACCOUNT_CEILING.perSecond} per second`, () => {
    expect(ACCOUNT_CEILING).toEqual({ perMinute: 600, perSecond: 60 });
  });

  test('six keys of one account fired at once: at most the account ceiling is admitted, the rest 429 naming the account limit', async () => {
    const s = await signUp(t.app);
    const keys = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => createKey(t.app, s.cookie, `k${i}`)));
    const ip = randomIp();
    // 6 keys x 20 per second would admit 120; 6 key creations already spent 6 of the account's 50.
    const res = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        t.app.inject({ method: 'GET', url: '/api/docket', headers: { 'x-api-key': keys[i % keys.length] }, remoteAddress: ip }),
      ),
    );
    const ok = res.filter((r) => r.statusCode === 200).length;
    const limited = res.filter((r) => r.statusCode === 429);
    expect(ok).toBe(CEILING.perMinute - 6);
    expect(ok + limited.length).toBe(120);
    const body = limited[0].json();
    expect(body).toMatchObject({ error: true, error_code: 'rate_limited' });
    expect(body.message).toMatch(/account/i);
    expect(Number(limited[0].headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // A 429 costs no database write: usage counts only the admitted requests (and the 6 key creations).
    expect(await usageOf(s.accountId)).toBe(ok + 6);
  });

  test('the session shares the ceiling with the keys', async () => {
    const s = await signUp(t.app);
    const keys = await Promise.all([0, 1, 2].map((i) => createKey(t.app, s.cookie, `k${i}`)));
    await Promise.all(
      Array.from({ length: 55 }, (_, i) =>
        t.app.inject({ method: 'GET', url: '/api/docket', headers: { 'x-api-key': keys[i % 3] }, remoteAddress: randomIp() }),
      ),
    );
    const viaSession = await t.app.inject({ method: 'GET', url: '/api/docket', headers: { cookie: s.cookie }, remoteAddress: randomIp() });
    expect(viaSession.statusCode).toBe(429);
  });
});

describe('per-key limit and usage counting', () => {
  test('a key over its burst gets 429 and the refused requests are not counted', async () => {
    const s = await signUp(t.app);
    const key = await createKey(t.app, s.cookie);
    const before = await usageOf(s.accountId);
    const res = await Promise.all(
      Array.from({ length: 30 }, () => t.app.inject({ method: 'GET', url: '/api/docket', headers: { 'x-api-key': key }, remoteAddress: randomIp() })),
    );
    const ok = res.filter((r) => r.statusCode === 200).length;
    expect(ok).toBeLessThanOrEqual(21);
    expect(res.some((r) => r.statusCode === 429)).toBe(true);
    expect((await usageOf(s.accountId)) - before).toBe(ok);
  });
});

describe('maximum of active API keys', () => {
  test(`${MAX_ACTIVE_API_KEYS} active keys; the next is refused with 409 too_many_api_keys until one is revoked`, async () => {
    const s = await signUp(t.app);
    for (let i = 0; i < MAX_ACTIVE_API_KEYS; i++) await createKey(t.app, s.cookie, `k${i}`);
    await new Promise((r) => setTimeout(r, 1100)); // the session's burst (20 per second) refills
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie: s.cookie },
      payload: { name: 'one too many' },
      remoteAddress: randomIp(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: true, error_code: 'too_many_api_keys' });
    expect(refused.json().message).toContain(String(MAX_ACTIVE_API_KEYS));
    expect(refused.json().agent_suggestion).toMatch(/revoke/i);
    const list = (await t.app.inject({ method: 'GET', url: '/api/keys', headers: { cookie: s.cookie }, remoteAddress: randomIp() })).json().keys;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/keys/${list[0].id}`, headers: { cookie: s.cookie }, remoteAddress: randomIp() });
    expect(del.statusCode).toBeLessThan(300);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie: s.cookie },
      payload: { name: 'replacement' },
      remoteAddress: randomIp(),
    });
    expect(again.statusCode).toBe(201);
  });
});

describe('invalid or missing credentials are limited per client address', () => {
  test('an address sending bad keys gets 429 after its budget; another address still gets 401; a valid key from the flooding address still works', async () => {
    const ip = randomIp();
    const codes: number[] = [];
    // Until the address's minute budget (60) is spent: how many requests that takes depends on
    // how many the 20-per-second burst refused on the way, which depends on the machine's speed.
    for (let i = 0; codes.filter((c) => c === 401).length < 60 && i < 400; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/v1/prosa/draft-roa/status/job_x',
        headers: { 'x-api-key': `prosa_sk_${'x'.repeat(40)}${i}` },
        remoteAddress: ip,
      });
      codes.push(res.statusCode);
    }
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/v1/prosa/draft-roa/status/job_x',
        headers: { 'x-api-key': `prosa_sk_${'y'.repeat(40)}${i}` },
        remoteAddress: ip,
      });
      codes.push(res.statusCode);
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/docket', remoteAddress: ip });
    expect(codes.filter((c) => c === 401).length).toBeGreaterThan(0);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    expect(missing.statusCode).toBe(429);
    expect(missing.json()).toMatchObject({ error: true, error_code: 'rate_limited' });
    expect(missing.headers['retry-after']).toBeDefined();
    const elsewhere = await t.app.inject({ method: 'GET', url: '/api/docket', headers: { 'x-api-key': 'prosa_sk_wrong' }, remoteAddress: randomIp() });
    expect(elsewhere.statusCode).toBe(401);
    const s = await signUp(t.app);
    const key = await createKey(t.app, s.cookie);
    expect((await t.app.inject({ method: 'GET', url: '/api/docket', headers: { 'x-api-key': key }, remoteAddress: ip })).statusCode).toBe(200);
  });
});
