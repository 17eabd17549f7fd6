import { Redis } from 'ioredis';
import { AppError } from '../../errors.ts';
import { RATE_LIMIT_TIERS, SIGNIN_FAILURES_ALLOWED, type RateDecision, type RateLimits, type Tier, type TierLimits } from './rate-limit-store.ts';

/**
 * The rate-limit store in Redis (`REDIS_URL`), the usual shared store at scale: the same
 * `RateLimits` interface and the same semantics as the PostgreSQL store (rate-limit-store.ts),
 * so the per-key limit holds across any number of API processes.
 *
 * One round trip per request: each tier's two fixed windows (per second, per minute) are checked
 * by one Lua script, which Redis runs atomically (EVALSHA, loaded once by ioredis). As with
 * rate-limiter-flexible, a window starts at its first request, a refused request still counts,
 * and a request the minute window refuses gives its burst point back. Every key is written with a
 * TTL in the same script (and a key found without one gets it), so the store stays bounded: a
 * key lives at most one window after its last request.
 */

/** KEYS: second window, minute window. ARGV: per-second points, per-minute points, 1000, 60000. */
const CHECK = `
local function hit(key, window)
  local n = redis.call('INCR', key)
  local ttl = redis.call('PTTL', key)
  if n == 1 or ttl < 0 then redis.call('PEXPIRE', key, window); ttl = tonumber(window) end
  return n, ttl
end
local s, sttl = hit(KEYS[1], ARGV[3])
if s > tonumber(ARGV[1]) then
  local m = tonumber(redis.call('GET', KEYS[2]) or '0')
  return {0, m, redis.call('PTTL', KEYS[2]), sttl}
end
local m, mttl = hit(KEYS[2], ARGV[4])
if m > tonumber(ARGV[2]) then
  redis.call('DECR', KEYS[1])
  return {0, m, mttl, mttl}
end
return {1, m, mttl, 0}
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

type Checked = [allowed: number, minuteCount: number, minuteTtl: number, retryMs: number];

interface ScriptedRedis extends Redis {
  rateCheck(secondKey: string, minuteKey: string, perSecond: number, perMinute: number, secondMs: number, minuteMs: number): Promise<Checked>;
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
  const tiers: Record<Tier, TierLimits> = { ...RATE_LIMIT_TIERS, ...opts.tiers };
  const prefix = opts.prefix ?? 'prosa:rl:';
  // A command fails after one reconnection attempt instead of queueing without end: requests must
  // not hang while Redis is away. lazyConnect + connect(): a wrong REDIS_URL stops the start.
  const redis = new Redis(opts.url, { maxRetriesPerRequest: 1, lazyConnect: true, connectTimeout: 5_000 }) as ScriptedRedis;
  redis.on('error', () => {}); // reported per command; ioredis reconnects by itself
  redis.defineCommand('rateCheck', { numberOfKeys: 2, lua: CHECK });
  redis.defineCommand('signinFailure', { numberOfKeys: 1, lua: FAILURE });
  redis.defineCommand('signinFailuresRead', { numberOfKeys: 1, lua: FAILURES_READ });
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect(); // no reconnection loop left behind
    throw err;
  }
  // Hash tags ({...}) keep both windows of one key in one slot, as a Redis Cluster requires for a script.
  const windowKey = (tier: Tier, key: string, window: 's' | 'm') => `${prefix}{${tier}:${key}}:${window}`;
  const failureKey = (key: string) => `${prefix}signin_failures:${key}`;
  const run = async <T>(command: () => Promise<T>): Promise<T> => {
    try {
      return await command();
    } catch (err) {
      throw unavailable(err);
    }
  };
  return {
    async check(tier, key): Promise<RateDecision> {
      const { perSecond, perMinute } = tiers[tier];
      const [allowed, minuteCount, minuteTtl, retryMs] = await run(() => redis.rateCheck(windowKey(tier, key, 's'), windowKey(tier, key, 'm'), perSecond, perMinute, 1_000, 60_000));
      const nowSec = Date.now() / 1000;
      const resetAt = Math.ceil(nowSec + (minuteTtl > 0 ? minuteTtl : 60_000) / 1000);
      const remaining = Math.max(0, perMinute - minuteCount);
      if (allowed === 1) return { allowed: true, limit: perMinute, remaining, resetAt, retryAfter: 0 };
      return { allowed: false, limit: perMinute, remaining, resetAt, retryAfter: Math.max(1, Math.ceil(retryMs / 1000)) };
    },
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
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
