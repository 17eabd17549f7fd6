import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, test } from 'vitest';
import { createRateLimits, type RateDecision, type RateLimits, type TierLimits, type Tier } from '../../src/serving/rate-limits/rate-limit-store.ts';
import { createRedisRateLimits } from '../../src/serving/rate-limits/rate-limit-redis.ts';
import { AppError } from '../../src/errors.ts';
import { createTestDatabase } from '../support/db.ts';
import { createTestApp } from '../support/app.ts';
import { REDIS_URL } from './support.ts';

/**
 * The Redis rate-limit store (REDIS_URL) against a real Redis, side by side with the store this
 * pass of the suite uses without it (PostgreSQL's `prosa_rate_limits`, or memory embedded): the
 * same calls must give the same decisions. Each test uses its own key prefix in the shared Redis.
 */
const prefix = `prosa:test:${randomBytes(4).toString('hex')}:`;
const inspect = new Redis(REDIS_URL);
const opened: { close(): Promise<void> }[] = [];

afterAll(async () => {
  for (const o of opened.reverse()) await o.close();
  const keys = await inspect.keys(`${prefix}*`);
  if (keys.length) await inspect.del(...keys);
  await inspect.quit();
});

async function bothStores(tiers?: Partial<Record<Tier, TierLimits>>): Promise<{ redis: RateLimits; other: RateLimits }> {
  const database = await createTestDatabase();
  const other = await createRateLimits({ connectionString: database.connectionString, tiers });
  const redis = await createRedisRateLimits({ url: REDIS_URL, tiers, prefix });
  opened.push(database, other, redis);
  return { redis, other };
}

const decisionShape = (d: RateDecision) => ({ allowed: d.allowed, limit: d.limit, remaining: d.remaining });

describe('Redis rate-limit store', () => {
  test('a burst of 50 concurrent requests on one key: exactly the per-second figure (20) is admitted, in both stores', async () => {
    const { redis, other } = await bothStores();
    for (const store of [redis, other]) {
      const key = `key:${randomBytes(4).toString('hex')}`;
      const decisions = await Promise.all(Array.from({ length: 50 }, () => store.check('authenticated', key)));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(20);
      for (const d of decisions.filter((x) => !x.allowed)) {
        expect(d.retryAfter).toBeGreaterThanOrEqual(1);
        expect(d.limit).toBe(120);
      }
    }
  });

  test('the minute window: same decisions and remaining counts as the other store, refused requests count nowhere', async () => {
    const { redis, other } = await bothStores({ authenticated: { perMinute: 5, perSecond: 6 } });
    const key = `key:${randomBytes(4).toString('hex')}`;
    const run = async (store: RateLimits) => {
      const out: ReturnType<typeof decisionShape>[] = [];
      for (let i = 0; i < 8; i++) out.push(decisionShape(await store.check('authenticated', key)));
      return out;
    };
    const fromRedis = await run(redis);
    // All or nothing: the three refusals counted in no window, so the burst window holds the five admitted.
    expect(await inspect.get(`${prefix}authenticated:s:${key}`)).toBe('5');
    expect(fromRedis).toEqual(await run(other));
    expect(fromRedis.map((d) => d.allowed)).toEqual([true, true, true, true, true, false, false, false]);
    expect(fromRedis.map((d) => d.remaining)).toEqual([4, 3, 2, 1, 0, 0, 0, 0]);
  });

  test('every key it writes carries a TTL no longer than its window: the store stays bounded', async () => {
    const { redis } = await bothStores();
    const key = `ip:${randomBytes(4).toString('hex')}`;
    await redis.check('free', key);
    await redis.signins.recordFailure(`user-${key}@firm.example`, `10.${key.length}.0.1`);
    // The request's two windows and the three failure counters (pair, address, account).
    const keys = [...(await inspect.keys(`${prefix}*${key}*`)), ...(await inspect.keys(`${prefix}signin_failures:address:10.${key.length}.0.1`))];
    expect(keys).toHaveLength(5);
    for (const k of keys) {
      const ttl = await inspect.pttl(k);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(k.includes('signin_failures') ? 15 * 60_000 : k.includes(':s:') ? 1_000 : 60_000);
    }
    // A key that lost its TTL (written by hand, say) gets one back on its next use.
    const minuteKey = `${prefix}free:m:${key}`;
    await inspect.persist(minuteKey);
    await redis.check('free', key);
    expect(await inspect.pttl(minuteKey)).toBeGreaterThan(0);
  });

  test("failed sign-ins: the pair blocks on its fifth failure, the owner's address is not refused, a success clears the pair: as the other store", async () => {
    const { redis, other } = await bothStores();
    for (const store of [redis, other]) {
      const email = `user-${randomBytes(4).toString('hex')}@firm.example`;
      const attacker = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.1`;
      for (let i = 0; i < 4; i++) await store.signins.recordFailure(email, attacker);
      expect(await store.signins.check(email, attacker)).toBeNull();
      await store.signins.recordFailure(email, attacker);
      const wait = await store.signins.check(email, attacker);
      expect(wait).toMatchObject({ limit: 'pair' });
      expect(wait!.seconds).toBeGreaterThan(290);
      expect(wait!.seconds).toBeLessThanOrEqual(300);
      expect(await store.signins.check(email, '10.254.254.254')).toBeNull();
      await store.signins.recordSuccess(email, attacker);
      expect(await store.signins.check(email, attacker)).toBeNull();
    }
  });

  test('an unreachable Redis stops the start; Redis going away answers 503 service_unavailable, never unlimited', async () => {
    await expect(createRedisRateLimits({ url: 'redis://127.0.0.1:1', prefix })).rejects.toThrow();
    const store = await createRedisRateLimits({ url: REDIS_URL, prefix });
    await store.close();
    const err = await store.check('free', 'ip:10.0.0.1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 503, code: 'service_unavailable' });
  });

  test('through HTTP: the Redis store decides, and with Redis gone a request is answered 503 service_unavailable with the error object', async () => {
    const t = await createTestApp();
    const own = t.ctx.rateLimits;
    const store = await createRedisRateLimits({ url: REDIS_URL, prefix });
    // registerRateLimit reads ctx.rateLimits per request: the app now counts in Redis.
    t.ctx.rateLimits = store;
    try {
      const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const ok = await t.app.inject({ method: 'GET', url: '/v1/prosa/lookup/17200011', remoteAddress: ip });
      expect(ok.statusCode).not.toBe(503);
      expect(ok.headers['x-ratelimit-limit']).toBe('60');
      expect(ok.headers['x-ratelimit-remaining']).toBe('59');
      expect(await inspect.get(`${prefix}free:m:ip:${ip}`)).toBe('1');
      await store.close();
      const res = await t.app.inject({ method: 'GET', url: '/v1/prosa/lookup/17200011', remoteAddress: ip });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ error: true, error_code: 'service_unavailable', agent_suggestion: expect.any(String) });
    } finally {
      t.ctx.rateLimits = own;
      await t.close();
    }
  });
});
