import { Redis } from 'ioredis';
import { AppError } from '../../errors.ts';
import { createRateLimits, SIGNIN_FAILURES_ALLOWED, type RateLimits, type Tier, type TierLimits } from './rate-limit-store.ts';
import type { WindowState, WindowStore } from './rate-windows.ts';

/**
 * The rate-limit store in Redis (`REDIS_URL`), the usual shared store at scale: a `WindowStore`
 * (rate-windows.ts) like the memory and PostgreSQL ones, so `createRateLimits` applies the same
 * tiers and the same all-or-nothing rule, and the per-key limit holds across any number of API
 * processes.
 *
 * One round trip per request: one Lua script (atomic in Redis, EVALSHA loaded once by ioredis)
 * reads every window the request touches and counts the request in all of them only when all
 * have room. A window starts at its first hit and is written with its duration as TTL, so Redis
 * forgets it by itself one window after its last request: the store stays bounded and `purge` has
 * nothing to do. The keys of one request may name different subjects (a key and its account), so
 * this needs one Redis primary (with replicas for failover), not Redis Cluster.
 */

/** KEYS: the windows. ARGV: now (ms), then limit and duration (ms) per window. Returns admitted, then used and ms left per window. */
const HIT = `
local now = tonumber(ARGV[1])
local used, left = {}, {}
local admitted = 1
for i, key in ipairs(KEYS) do
  local limit, dur = tonumber(ARGV[2 * i]), tonumber(ARGV[2 * i + 1])
  local n = tonumber(redis.call('GET', key) or '0')
  local ttl = redis.call('PTTL', key)
  if n == 0 or ttl <= 0 then n = 0; ttl = dur end
  used[i], left[i] = n, ttl
  if n >= limit then admitted = 0 end
end
local out = {admitted}
for i, key in ipairs(KEYS) do
  if admitted == 1 then
    if used[i] == 0 then redis.call('SET', key, 1, 'PX', left[i]) else redis.call('INCR', key) end
    used[i] = used[i] + 1
  end
  out[#out + 1] = used[i]
  out[#out + 1] = left[i]
end
return out
`;

/**
 * A failed sign-in: counted for 15 minutes; the failure that goes past the allowance (the fifth)
 * starts a 5-minute block (the key's TTL becomes the block), as the PostgreSQL store does.
 * KEYS: the e-mail's key. ARGV: failures allowed before the block, window ms, block ms.
 */
const FAILURE = `
local n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if n == tonumber(ARGV[1]) + 1 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return n
`;

/** KEYS: the e-mail's key. Returns {failures, ms left}. */
const FAILURES_READ = `return {tonumber(redis.call('GET', KEYS[1]) or '0'), redis.call('PTTL', KEYS[1])}`;

interface ScriptedRedis extends Redis {
  windowHit(numKeys: number, ...args: Array<string | number>): Promise<number[]>;
  signinFailure(key: string, allowed: number, windowMs: number, blockMs: number): Promise<number>;
  signinFailuresRead(key: string): Promise<[number, number]>;
}

/** Redis down or unreachable: the service cannot decide, so it says so (never a 500, never unlimited). */
function unavailable(err: unknown): AppError {
  const error = new AppError(
    503,
    'service_unavailable',
    'The rate-limit store is not reachable; the request was not processed.',
    'Retry the same request in a few seconds.',
    { 'Retry-After': '5' },
  );
  error.cause = err;
  return error;
}

export async function createRedisRateLimits(opts: { url: string; tiers?: Partial<Record<Tier, TierLimits>>; /** Key prefix (tests share one Redis). */ prefix?: string }): Promise<RateLimits> {
  const prefix = opts.prefix ?? 'prosa:rl:';
  // A command fails after one reconnection attempt instead of queueing without end: requests must
  // not hang while Redis is away. lazyConnect + connect(): a wrong REDIS_URL stops the start.
  const redis = new Redis(opts.url, { maxRetriesPerRequest: 1, lazyConnect: true, connectTimeout: 5_000 }) as ScriptedRedis;
  redis.on('error', () => {}); // reported per command; ioredis reconnects by itself
  redis.defineCommand('windowHit', { lua: HIT });
  redis.defineCommand('signinFailure', { numberOfKeys: 1, lua: FAILURE });
  redis.defineCommand('signinFailuresRead', { numberOfKeys: 1, lua: FAILURES_READ });
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect(); // no reconnection loop left behind
    throw err;
  }
  const run = async <T>(command: () => Promise<T>): Promise<T> => {
    try {
      return await command();
    } catch (err) {
      throw unavailable(err);
    }
  };
  const failureKey = (key: string) => `${prefix}signin_failures:${key}`;
  const store: WindowStore = {
    async hit(hits, now) {
      const keys = hits.map((h) => `${prefix}${h.key}`);
      const args = hits.flatMap((h) => [h.limit, h.durationMs]);
      const out = await run(() => redis.windowHit(keys.length, ...keys, now, ...args));
      const states: WindowState[] = hits.map((h, i) => ({ key: h.key, used: Number(out[1 + 2 * i]), expiresAt: now + Number(out[2 + 2 * i]) }));
      return { admitted: Number(out[0]) === 1, states };
    },
    // Every window carries its TTL: Redis deletes ended windows itself.
    async purge() {
      return 0;
    },
    async size() {
      let count = 0;
      let cursor = '0';
      do {
        const [next, keys] = await run(() => redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000));
        cursor = next;
        count += keys.filter((k) => !k.startsWith(`${prefix}signin_failures:`)).length;
      } while (cursor !== '0');
      return count;
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
  return createRateLimits({
    tiers: opts.tiers,
    store,
    signinFailures: {
      async retryAfter(key) {
        const [failures, ttl] = await run(() => redis.signinFailuresRead(failureKey(key)));
        if (failures < SIGNIN_FAILURES_ALLOWED) return 0;
        return Math.max(1, Math.ceil(ttl / 1000));
      },
      async recordFailure(key) {
        await run(() => redis.signinFailure(failureKey(key), SIGNIN_FAILURES_ALLOWED - 1, 15 * 60_000, 5 * 60_000));
      },
      async reset(key) {
        await run(() => redis.del(failureKey(key)));
      },
    },
  });
}
