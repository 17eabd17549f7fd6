import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from './support/app.ts';
import { creditCharger } from '../src/commands/credit-charger.ts';
import { UsageCounter } from '../src/commands/usage-counter.ts';
import { credits } from '../src/domain/money.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUSTED_PROXIES: '10.99.0.1' });
});
afterAll(async () => {
  await t?.close();
});
const actor = { accountId: null, via: 'system' as const };

describe('usage headers', () => {
  test('on session and API-key responses alike, counting requests per hour and day', async () => {
    const { cookie } = await signUp(t.app);
    const key = await createKey(t.app, cookie);
    const a = await t.app.inject({ method: 'GET', url: '/api/docket', headers: { cookie } });
    const b = await t.app.inject({ method: 'GET', url: '/api/docket', headers: { 'x-api-key': key } });
    for (const res of [a, b]) {
      expect(res.headers['x-credit-balance']).toBe('25.00');
      expect(res.headers['x-balance-status']).toBe('low');
      expect(res.headers['x-purchase-prompt']).toBe('true');
      expect(res.headers['x-purchase-message']).toMatch(/buy credits/i);
    }
    expect(Number(b.headers['x-usage-requests-hour'])).toBe(Number(a.headers['x-usage-requests-hour']) + 1);
    expect(Number(b.headers['x-usage-requests-today'])).toBeGreaterThanOrEqual(Number(b.headers['x-usage-requests-hour']));
  });

  test('also on authenticated error responses; no prompt when healthy; absent on anonymous responses', async () => {
    const { cookie, accountId } = await signUp(t.app);
    const notFound = await t.app.inject({ method: 'GET', url: '/api/docket/00000000-0000-0000-0000-000000000000', headers: { cookie } });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['x-credit-balance']).toBe('25.00');
    await creditCharger(t.database.db, actor, { accountId, amountMicro: credits(20) + 1n, kind: 'usage_tokens', description: 'x' });
    const critical = await t.app.inject({ method: 'GET', url: '/api/docket', headers: { cookie } });
    expect(critical.headers['x-credit-balance']).toBe('4.99');
    expect(critical.headers['x-balance-status']).toBe('critical');
    const anon = await t.app.inject({ method: 'GET', url: '/health' });
    expect(anon.headers['x-credit-balance']).toBeUndefined();
  });
});

describe('usage counting', () => {
  test('the day total adds up every UTC hour of the day and starts again the next day, stored or not yet', async () => {
    const { accountId } = await signUp(t.app);
    let clock = Date.parse('2026-03-02T09:15:00Z');
    const counter = new UsageCounter(t.database.db, { now: () => clock, flushIntervalMs: 3_600_000 });
    const at = (iso: string) => ((clock = Date.parse(iso)), counter.record(accountId));
    expect(await at('2026-03-02T09:15:00Z')).toEqual({ hour: 1, today: 1 });
    expect(await at('2026-03-02T10:30:00Z')).toEqual({ hour: 1, today: 2 });
    await counter.flush();
    expect(await at('2026-03-02T10:59:59Z')).toEqual({ hour: 2, today: 3 });
    expect(await at('2026-03-02T11:00:00Z')).toEqual({ hour: 1, today: 4 });
    expect(await at('2026-03-03T00:05:00Z')).toEqual({ hour: 1, today: 1 });
    await counter.close();
    // Everything reached usage_hourly, one row per hour.
    const rows = await t.database.db.selectFrom('usage_hourly').select(['hour', 'requests']).where('account_id', '=', accountId).orderBy('hour').execute();
    expect(rows.map((r) => [r.hour.toISOString(), r.requests])).toEqual([
      ['2026-03-02T09:00:00.000Z', 1],
      ['2026-03-02T10:00:00.000Z', 2],
      ['2026-03-02T11:00:00.000Z', 1],
      ['2026-03-03T00:00:00.000Z', 1],
    ]);
    // A counter started later (a restart, another replica) reads the stored counts.
    clock = Date.parse('2026-03-02T11:20:00Z');
    const later = new UsageCounter(t.database.db, { now: () => clock });
    expect(await later.read(accountId)).toEqual({ hour: 1, today: 4 });
    expect(await later.record(accountId)).toEqual({ hour: 2, today: 5 });
    await later.close();
  });

  test('one statement per flush however many requests and accounts; two counters (replicas) see each other after flushing', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    let statements = 0;
    const counting = t.database.db.withPlugin({ transformQuery: (args) => ((statements += 1), args.node), transformResult: async (args) => args.result });
    const clock = Date.parse('2026-04-01T08:10:00Z');
    const one = new UsageCounter(counting, { now: () => clock, flushIntervalMs: 3_600_000 });
    const two = new UsageCounter(t.database.db, { now: () => clock, flushIntervalMs: 3_600_000 });
    await one.read(a.accountId);
    await one.read(b.accountId);
    for (let i = 0; i < 50; i++) await one.record(i % 2 ? a.accountId : b.accountId);
    expect(statements).toBe(2); // the two stored-count reads; nothing written yet
    await one.flush();
    expect(statements).toBe(3);
    expect(await two.record(a.accountId)).toEqual({ hour: 26, today: 26 });
    await two.flush();
    await one.record(a.accountId);
    await one.flush();
    // one's figure for a includes two's request once both have flushed.
    expect(await one.read(a.accountId)).toEqual({ hour: 27, today: 27 });
    await one.close();
    await two.close();
  });
});

describe('rate limits', () => {
  test('free endpoints: a burst of 10 per second per IP, then 429 with the error object and Retry-After', async () => {
    const ip = randomIp();
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const last = await t.app.inject({ method: 'GET', url: '/v1/prosa/lookup/17200011', remoteAddress: ip });
      codes.push(last.statusCode);
      if (i === 0) {
        expect(last.headers['x-ratelimit-limit']).toBe('60');
        expect(last.headers['x-ratelimit-remaining']).toBe('59');
        const reset = Number(last.headers['x-ratelimit-reset']);
        expect(reset).toBeGreaterThan(Date.now() / 1000);
        expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 61);
      }
    }
    // The 1-second window may roll over mid-loop, so count rather than index.
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(1);
    const refused = codes.indexOf(429);
    expect(refused).toBeGreaterThanOrEqual(10);
    const refusedRes = await Promise.all(
      Array.from({ length: 12 }, () => t.app.inject({ method: 'GET', url: '/v1/prosa/lookup/17200011', remoteAddress: ip })),
    );
    const r429 = refusedRes.find((r) => r.statusCode === 429)!;
    expect(r429.json()).toMatchObject({ error: true, error_code: 'rate_limited', agent_suggestion: expect.stringMatching(/1, 2 and 4 seconds/) });
    expect(Number(r429.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(r429.headers['x-ratelimit-limit']).toBe('60');
  });

  test('authenticated calls are counted per API key with the 120/minute limit', async () => {
    const { cookie } = await signUp(t.app);
    const key = await createKey(t.app, cookie);
    const res = await t.app.inject({ method: 'GET', url: '/api/docket', headers: { 'x-api-key': key } });
    expect(res.headers['x-ratelimit-limit']).toBe('120');
    expect(res.headers['x-ratelimit-remaining']).toBe('119');
    const other = await createKey(t.app, cookie, 'second');
    const res2 = await t.app.inject({ method: 'GET', url: '/api/docket', headers: { 'x-api-key': other } });
    expect(res2.headers['x-ratelimit-remaining']).toBe('119');
  });

  test("a web-app session has its person's own budget (300/minute, bursts of 30); the same person's API key keeps the spec's 120", async () => {
    const { cookie } = await signUp(t.app);
    const key = await createKey(t.app, cookie);
    const web = await t.app.inject({ method: 'GET', url: '/api/docket', headers: { cookie }, remoteAddress: randomIp() });
    expect(web.headers['x-ratelimit-limit']).toBe('300');
    const viaKey = await t.app.inject({ method: 'GET', url: '/api/docket', headers: { 'x-api-key': key }, remoteAddress: randomIp() });
    expect(viaKey.headers['x-ratelimit-limit']).toBe('120');
    expect(viaKey.headers['x-ratelimit-remaining']).toBe('119');

    // 40 reads at once from another person's fresh session, as two tabs refreshing after an
    // assistant's work: the window they start admits 30 (a key's admits 20); any that fall in a
    // later window are admitted as well.
    const other = await signUp(t.app);
    const burst = await Promise.all(
      Array.from({ length: 40 }, () => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: other.cookie }, remoteAddress: randomIp() })),
    );
    expect(burst.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(30);
    expect(burst.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
    expect(new Set(burst.map((r) => r.headers['x-ratelimit-limit']))).toEqual(new Set(['300']));
  });

  test('more than 20 authenticated requests at once: the burst limit refuses the excess', async () => {
    const { cookie } = await signUp(t.app);
    const key = await createKey(t.app, cookie);
    const res = await Promise.all(Array.from({ length: 25 }, () => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { 'x-api-key': key } })));
    const refused = res.filter((r) => r.statusCode === 429);
    // 25 requests span at most two 1-second windows: at least 25 - 2 x 20 are refused only if the
    // window rolls, so assert the common case loosely and the invariant strictly.
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(res.filter((r) => r.statusCode === 200).length + refused.length).toBe(25);
    expect(refused[0].json().error_code).toBe('rate_limited');
  });

  test('X-Forwarded-For is honoured only from a trusted proxy', async () => {
    const spoofed = randomIp();
    // From an untrusted peer the header is ignored: the peer's own budget is spent.
    const peer = randomIp();
    for (let i = 0; i < 3; i++)
      await t.app.inject({ method: 'GET', url: '/v1/prosa/lookup/17200011', remoteAddress: peer, headers: { 'x-forwarded-for': spoofed } });
    const viaUntrusted = await t.app.inject({ method: 'GET', url: '/v1/prosa/lookup/17200011', remoteAddress: peer, headers: { 'x-forwarded-for': spoofed } });
    const fromTrusted = await t.app.inject({
      method: 'GET',
      url: '/v1/prosa/lookup/17200011',
      remoteAddress: '10.99.0.1',
      headers: { 'x-forwarded-for': spoofed },
    });
    // The trusted proxy's forwarded client is new: a fresh budget. The untrusted peer spent its own.
    expect(Number(fromTrusted.headers['x-ratelimit-remaining'])).toBe(59);
    expect(Number(viaUntrusted.headers['x-ratelimit-remaining'])).toBe(56);
  });
});
