import { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { AppError } from '../../errors.ts';
import { SIGNIN_LIMITER_SETTINGS, signinThrottle, type SigninThrottle } from '../../auth/signin-throttle.ts';
import { createRateLimits, type RateLimits, type Tier, type TierLimits } from './rate-limit-store.ts';
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

interface ScriptedRedis extends Redis {
  windowHit(numKeys: number, ...args: Array<string | number>): Promise<number[]>;
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

export async function createRedisRateLimits(opts: {
  url: string;
  tiers?: Partial<Record<Tier, TierLimits>> /** Key prefix (tests share one Redis). */;
  prefix?: string;
}): Promise<RateLimits> {
  const prefix = opts.prefix ?? 'prosa:rl:';
  // A command fails after one reconnection attempt instead of queueing without end: requests must
  // not hang while Redis is away. lazyConnect + connect(): a wrong REDIS_URL stops the start.
  const redis = new Redis(opts.url, { maxRetriesPerRequest: 1, lazyConnect: true, connectTimeout: 5_000 }) as ScriptedRedis;
  redis.on('error', () => {}); // reported per command; ioredis reconnects by itself
  redis.defineCommand('windowHit', { lua: HIT });
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
    signins: redisSignins(redis, prefix, run),
  });
}

/**
 * The failed-sign-in counters (auth/signin-throttle.ts) as rate-limiter-flexible's Redis limiters
 * on the same connection: every key carries its window or block as TTL (at most 15 minutes), under
 * `{prefix}signin_failures:`. Redis unreachable: 503, like every other decision of this store.
 */
function redisSignins(redis: Redis, prefix: string, run: <T>(command: () => Promise<T>) => Promise<T>): SigninThrottle {
  const limiter = (settings: (typeof SIGNIN_LIMITER_SETTINGS)[keyof typeof SIGNIN_LIMITER_SETTINGS]) =>
    new RateLimiterRedis({ ...settings, keyPrefix: `${prefix}${settings.keyPrefix}`, storeClient: redis, rejectIfRedisNotReady: true });
  const throttle = signinThrottle({
    pair: limiter(SIGNIN_LIMITER_SETTINGS.pair),
    address: limiter(SIGNIN_LIMITER_SETTINGS.address),
    account: limiter(SIGNIN_LIMITER_SETTINGS.account),
  });
  return {
    check: (email, ip) => run(() => throttle.check(email, ip)),
    recordFailure: (email, ip) => run(() => throttle.recordFailure(email, ip)),
    recordSuccess: (email, ip) => run(() => throttle.recordSuccess(email, ip)),
  };
}
