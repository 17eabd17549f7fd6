import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { createTestDatabase } from '../support/db.ts';
import type { Database } from '../../src/db/connect.ts';
import { createRateLimits, type RateLimits, type TierLimits } from '../../src/serving/rate-limits/rate-limit-store.ts';
import { sqlWindowStore, type SqlClient } from '../../src/serving/rate-limits/rate-windows-sql.ts';

/**
 * Issue 12: the SQL window store coalesces concurrent checks into one statement per batch
 * (rate-windows-sql.ts, migration 021). Batching must not change a single decision: N concurrent
 * checks against a limit of K admit exactly K, each check is all or nothing, and two replicas'
 * batches on one subject (even a brand-new one) never admit more than the limit together.
 * Runs on the test database of either kind (PGlite by default, PostgreSQL with DATABASE_URL).
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

/** A client of its own on the test database (a replica's pool), counting its statements. */
function replicaClient(): { client: SqlClient; statements: () => number } {
  let n = 0;
  let inner: SqlClient;
  if (database.connectionString) {
    const pool = new pg.Pool({ connectionString: database.connectionString, max: 4 });
    pool.on('error', () => {});
    pools.push(pool);
    inner = pool;
  } else {
    inner = database.pglite!;
  }
  return { client: { query: (text, values) => ((n += 1), inner.query(text, values)) }, statements: () => n };
}

const clock = Date.UTC(2026, 10, 24, 5, 0, 0);
const wide: TierLimits = { perMinute: 1_000_000, perSecond: 1_000_000 };

async function replica(tiers: Parameters<typeof createRateLimits>[0]['tiers']): Promise<{ limits: RateLimits; statements: () => number }> {
  const c = replicaClient();
  return { limits: await createRateLimits({ store: sqlWindowStore(c.client), now: () => clock, tiers }), statements: c.statements };
}

async function storedCount(key: string): Promise<number | undefined> {
  const c = replicaClient();
  const { rows } = await c.client.query<{ count: number }>('select count from prosa_rate_windows where key = $1', [key]);
  return rows[0]?.count;
}

describe('batched SQL window store', () => {
  test('50 concurrent checks on one key with a limit of 7 a minute: exactly 7 admitted, in fewer statements than checks', async () => {
    const { limits, statements } = await replica({ free: { perMinute: 7, perSecond: 1000 } });
    const ip = `ip:batch-${Math.random()}`;
    const before = statements();
    const results = await Promise.all(Array.from({ length: 50 }, () => limits.check('free', ip)));
    const sent = statements() - before;
    expect(results.filter((d) => d.allowed)).toHaveLength(7);
    // Each admitted check saw the count its predecessors left: remaining 6, 5, ... 0, once each.
    expect(
      results
        .filter((d) => d.allowed)
        .map((d) => d.remaining)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const d of results.filter((r) => !r.allowed)) expect(d).toMatchObject({ remaining: 0, limit: 7 });
    expect(sent).toBeLessThan(50);
    expect(sent).toBeGreaterThanOrEqual(1);
    // A refused check wrote nothing: the minute window holds the 7 admitted hits.
    expect(await storedCount(`free:m:${ip}`)).toBe(7);
    await limits.close();
  });

  test('all or nothing per check inside one batch: checks refused by their key spend nothing of the shared ceiling', async () => {
    const { limits } = await replica({ authenticated: { perMinute: 3, perSecond: 1000 }, account: { perMinute: 5, perSecond: 1000 } });
    const acct = `acct:batch-${Math.random()}`;
    // 10 checks on key A and 10 on key B, interleaved, one account: A and B admit 3 each at
    // most, the account 5 in all; whoever is refused (by its key or the ceiling) counts nowhere.
    const checks = Array.from({ length: 20 }, (_, i) => [
      { tier: 'authenticated' as const, key: `${acct}:${i % 2 ? 'A' : 'B'}` },
      { tier: 'account' as const, key: acct },
    ]);
    const results = await Promise.all(checks.map((c) => limits.checkAll(c)));
    const admitted = results.map((r, i) => (r.admitted ? (i % 2 ? 'A' : 'B') : null)).filter((x) => x !== null);
    expect(admitted).toHaveLength(5);
    const a = admitted.filter((x) => x === 'A').length;
    const b = admitted.filter((x) => x === 'B').length;
    expect(a).toBeLessThanOrEqual(3);
    expect(b).toBeLessThanOrEqual(3);
    expect(await storedCount(`account:m:${acct}`)).toBe(5);
    expect(await storedCount(`authenticated:m:${acct}:A`)).toBe(a);
    expect(await storedCount(`authenticated:m:${acct}:B`)).toBe(b);
    // A refused check's decisions name the tier that refused it.
    for (const r of results.filter((x) => !x.admitted)) expect(r.decisions.some((d) => !d.allowed)).toBe(true);
    await limits.close();
  });

  test('two replicas, 2 x 40 concurrent checks on a brand-new subject with a limit of 25: exactly 25 admitted', async () => {
    const tiers = { free: { perMinute: 25, perSecond: 1000 }, authenticated: wide };
    const [a, b] = await Promise.all([replica(tiers), replica(tiers)]);
    const ip = `ip:replicas-batch-${Math.random()}`;
    const results = await Promise.all(Array.from({ length: 80 }, (_, i) => (i % 2 ? a : b).limits.check('free', ip)));
    expect(results.filter((d) => d.allowed)).toHaveLength(25);
    expect(await storedCount(`free:m:${ip}`)).toBe(25);
    await a.limits.close();
    await b.limits.close();
  });

  test('a batch that fails rejects every check in it, and the store goes on with the next', async () => {
    let fail = true;
    const c = replicaClient();
    const flaky: SqlClient = {
      query: (text, values) => (fail && text.includes('prosa_rate_hits') ? Promise.reject(new Error('connection lost')) : c.client.query(text, values)),
    };
    const limits = await createRateLimits({ store: sqlWindowStore(flaky), now: () => clock });
    const ip = `ip:flaky-${Math.random()}`;
    const failed = await Promise.allSettled(Array.from({ length: 5 }, () => limits.check('free', ip)));
    expect(failed.every((r) => r.status === 'rejected')).toBe(true);
    fail = false;
    expect((await limits.check('free', ip)).remaining).toBe(59);
    await limits.close();
  });
});
