import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { createTestDatabase } from '../support/db.ts';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from '../support/app.ts';
import type { Database } from '../../src/db/connect.ts';
import { createRateLimits, type RateLimits } from '../../src/serving/rate-limits/rate-limit-store.ts';
import { memoryWindowStore, type WindowStore } from '../../src/serving/rate-limits/rate-windows.ts';
import { sqlWindowStore, type SqlClient } from '../../src/serving/rate-limits/rate-windows-sql.ts';

/**
 * Issue 12, speed goal 1: the rate-limit store is bounded in size, costs at most one statement per
 * request (all tiers at once), and its limits hold across replicas sharing the database. The SQL
 * store runs on the test database of either kind (PGlite in the default run, PostgreSQL with
 * DATABASE_URL); the memory store must behave the same.
 */
let database: Database;
const pools: pg.Pool[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await database?.close();
});

/** A client on the test database that counts the statements sent through it. */
function countingClient(): { client: SqlClient; statements: () => number } {
  let n = 0;
  let inner: SqlClient;
  if (database.connectionString) {
    const pool = new pg.Pool({ connectionString: database.connectionString, max: 4 });
    pool.on('error', () => {}); // the database is dropped with (force) at the end
    pools.push(pool);
    inner = pool;
  } else {
    inner = database.pglite!;
  }
  return {
    client: { query: (text, values) => ((n += 1), inner.query(text, values)) },
    statements: () => n,
  };
}

const kinds: Array<[string, () => { store: WindowStore; statements: () => number }]> = [
  [
    'SQL (the test database)',
    () => {
      const c = countingClient();
      return { store: sqlWindowStore(c.client), statements: c.statements };
    },
  ],
  ['memory', () => ({ store: memoryWindowStore(), statements: () => 0 })],
];

describe.each(kinds)('%s window store', (kind, make) => {
  let clock = Date.UTC(2026, 10, 24, 4, 0, 0);
  const now = () => clock;
  const limitsOn = (store: WindowStore): Promise<RateLimits> =>
    createRateLimits({
      store,
      now,
      tiers: { free: { perMinute: 12, perSecond: 5 }, authenticated: { perMinute: 100, perSecond: 3 }, account: { perMinute: 4, perSecond: 100 } },
    });

  test('one statement for all the tiers of a request, admitted or refused', async () => {
    const { store, statements } = make();
    const limits = await limitsOn(store);
    const before = statements();
    const key = `k-${Math.random()}`;
    const checks = [
      { tier: 'authenticated' as const, key },
      { tier: 'account' as const, key: `a-${key}` },
    ];
    const first = await limits.checkAll(checks);
    expect(first.admitted).toBe(true);
    expect(first.decisions.map((d) => d.remaining)).toEqual([99, 3]);
    for (let i = 0; i < 5; i++) await limits.checkAll(checks);
    if (kind.startsWith('SQL')) expect(statements() - before).toBe(6);
  });

  test('all or nothing: a request refused by its key spends nothing of its account ceiling', async () => {
    const { store } = make();
    const limits = await limitsOn(store);
    const acct = `acct-${Math.random()}`;
    const hot = [
      { tier: 'authenticated' as const, key: `hot-${acct}` },
      { tier: 'account' as const, key: acct },
    ];
    const admitted = [];
    for (let i = 0; i < 6; i++) admitted.push((await limits.checkAll(hot)).admitted);
    // 3 per second for the key: the rest are refused by it and must not spend the account's 4.
    expect(admitted).toEqual([true, true, true, false, false, false]);
    const refused = await limits.checkAll(hot);
    expect(refused.decisions[0]).toMatchObject({ allowed: false, retryAfter: 1 });
    expect(refused.decisions[1].allowed).toBe(true);
    const other = await limits.checkAll([
      { tier: 'authenticated', key: `cool-${acct}` },
      { tier: 'account', key: acct },
    ]);
    expect(other.admitted).toBe(true);
    expect(other.decisions[1].remaining).toBe(0);
    // The account is now full: the next is refused by the ceiling, with the minute's Retry-After.
    const full = await limits.checkAll([
      { tier: 'authenticated', key: `third-${acct}` },
      { tier: 'account', key: acct },
    ]);
    expect(full.admitted).toBe(false);
    expect(full.decisions[1]).toMatchObject({ allowed: false, remaining: 0 });
    expect(full.decisions[1].retryAfter).toBeGreaterThan(50);
  });

  test('ended windows restart in place; rows of quiet subjects are purged, so the store stays bounded', async () => {
    const { store } = make();
    const limits = await limitsOn(store);
    await limits.purgeExpired();
    const base = await limits.storedWindows();
    // One subject over 100 hits spanning 10 minute windows: still its two rows.
    const ip = `ip:${Math.random()}`;
    for (let i = 0; i < 100; i++) {
      clock += 6000;
      expect((await limits.check('free', ip)).allowed).toBe(true);
    }
    expect((await limits.storedWindows()) - base).toBe(2);
    // 300 distinct subjects: 600 rows until their windows have ended a minute ago, then none.
    for (let i = 0; i < 300; i++) await limits.check('free', `ip:many-${i}-${Math.random()}`);
    expect((await limits.storedWindows()) - base).toBe(602);
    clock += 121_000;
    expect(await limits.purgeExpired()).toBeGreaterThanOrEqual(602);
    expect(await limits.storedWindows()).toBe(0);
    await limits.close();
  }, 120_000);
});

describe("across replicas (two processes' limiters over one database)", () => {
  test('the per-second burst holds over both: 10 admitted of 2 x 8', async () => {
    const a = await createRateLimits({ store: sqlWindowStore(countingClient().client) });
    const b = await createRateLimits({ store: sqlWindowStore(countingClient().client) });
    const ip = `ip:replicas-${Math.random()}`;
    const res = await Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 ? a : b).check('free', ip)));
    // 16 concurrent checks normally land in one 1-second window (10 per second on the free tier);
    // if the window rolls over mid-way a few more pass, never more than two windows' worth.
    const ok = res.filter((d) => d.allowed).length;
    expect(ok).toBeGreaterThanOrEqual(10);
    expect(ok).toBeLessThanOrEqual(16);
    const sequential = [];
    const ip2 = `ip:replicas-seq-${Math.random()}`;
    for (let i = 0; i < 14; i++) sequential.push((await (i % 2 ? a : b).check('free', ip2)).remaining);
    // The minute window is shared: the remaining count falls by one per request whichever replica answers.
    expect(sequential.slice(0, 6)).toEqual([59, 58, 57, 56, 55, 54]);
    await a.close();
    await b.close();
  });
});

describe('through HTTP: one store statement per request', () => {
  let t: TestApp;
  let counted: ReturnType<typeof countingClient>;
  beforeAll(async () => {
    counted = countingClient();
    // A small free minute budget, so the 429 does not depend on how fast the machine is.
    t = await createTestApp({}, undefined, { rateStore: sqlWindowStore(counted.client), tiers: { free: { perMinute: 6, perSecond: 1000 } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  test('a free lookup, an API-key read (key tier + account ceiling) and a 429 each cost one', async () => {
    const { cookie } = await signUp(t.app);
    const key = await createKey(t.app, cookie);
    const ip = randomIp();
    let before = counted.statements();
    const lookup = await t.app.inject({ method: 'GET', url: '/v1/prosa/lookup/17200011', remoteAddress: ip });
    expect(lookup.headers['x-ratelimit-remaining']).toBe('5');
    expect(counted.statements() - before).toBe(1);
    before = counted.statements();
    const read = await t.app.inject({ method: 'GET', url: '/api/docket', headers: { 'x-api-key': key } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['x-ratelimit-remaining']).toBe('119');
    expect(counted.statements() - before).toBe(1);
    for (let i = 0; i < 5; i++) await t.app.inject({ method: 'GET', url: '/v1/prosa/lookup/17200011', remoteAddress: ip });
    before = counted.statements();
    const refused = await t.app.inject({ method: 'GET', url: '/v1/prosa/lookup/17200011', remoteAddress: ip });
    expect(refused.statusCode).toBe(429);
    expect(counted.statements() - before).toBe(1);
  });
});
