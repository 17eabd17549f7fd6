import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import pg from 'pg';

/**
 * Rate-limit tiers (spec "Rate limits"): a per-minute rate and a per-second burst.
 * rate-limiter-flexible only has fixed windows, so each tier is two limiters checked in
 * sequence: a RateLimiterUnion would consume from both even when one refuses, admitting only
 * 80 of 120 per minute (measured, shared/reference/stack.md §8).
 */
export type Tier = 'free' | 'authenticated' | 'account' | 'unauthenticated' | 'signin' | 'mcp' | 'assistant' | 'oauth_register' | 'oauth_token';

const TIERS: Record<Tier, { perMinute: number; perSecond: number }> = {
  free: { perMinute: 60, perSecond: 10 },
  authenticated: { perMinute: 120, perSecond: 20 },
  // The account-wide ceiling over all of an account's API keys and its sessions (issue 12): five
  // keys' worth, so extra keys do not multiply an account's budget without end.
  account: { perMinute: 600, perSecond: 60 },
  // Requests whose credential is missing or invalid, per client address (counted only when they
  // fail, so valid keys behind the same address are never refused by it).
  unauthenticated: { perMinute: 60, perSecond: 20 },
  // Sign-in and sign-up: per client IP, stricter, to blunt credential stuffing.
  signin: { perMinute: 20, perSecond: 5 },
  // MCP: per account on /mcp (never per IP: many users share one assistant's address).
  mcp: { perMinute: 300, perSecond: 30 },
  // The /api calls the MCP server makes for an account (bearer tokens): a workflow tool makes
  // up to five of them per call, so this is five times the /mcp budget.
  assistant: { perMinute: 1500, perSecond: 150 },
  // OAuth dynamic client registration, per client IP: a client registers once per connection;
  // generous enough for one assistant's egress address serving many users who connect at once.
  oauth_register: { perMinute: 30, perSecond: 5 },
  // OAuth token endpoint (codes and refreshes), per client IP: many users' refreshes can come from
  // one assistant's address (prototype pitfall 14). The MCP server's own exchanges are not counted.
  oauth_token: { perMinute: 600, perSecond: 50 },
};

/** Every tier's figures (the Redis store, rate-limit-redis.ts, applies the same). */
export const RATE_LIMIT_TIERS: Readonly<Record<Tier, TierLimits>> = TIERS;

/** The account-wide ceiling (docs/decisions.md). */
export const ACCOUNT_CEILING = TIERS.account;

export interface RateDecision {
  allowed: boolean;
  /** The per-minute limit (X-RateLimit-Limit). */
  limit: number;
  /** Requests left in the current minute window (X-RateLimit-Remaining). */
  remaining: number;
  /** Unix seconds when the minute window resets (X-RateLimit-Reset). */
  resetAt: number;
  /** Seconds to wait before retrying, when refused (Retry-After). */
  retryAfter: number;
}

export interface RateLimits {
  check(tier: Tier, key: string): Promise<RateDecision>;
  /** Failed sign-ins per e-mail: after 5 in 15 minutes, sign-in for it is refused for a while. */
  signinFailures: {
    /** Seconds the caller must wait, 0 when sign-in may be tried. */
    retryAfter(key: string): Promise<number>;
    recordFailure(key: string): Promise<void>;
    reset(key: string): Promise<void>;
  };
  close(): Promise<void>;
}

export const SIGNIN_FAILURES_ALLOWED = 5;

interface TierLimiters {
  perSecond: RateLimiterAbstract;
  perMinute: RateLimiterAbstract;
}

/** Memory store for one process (embedded); PostgreSQL store so limits hold across replicas. */
export type TierLimits = { perMinute: number; perSecond: number };

export async function createRateLimits(opts: { connectionString?: string; /** Replaces tiers' figures (test harnesses, external checks). */ tiers?: Partial<Record<Tier, TierLimits>> }): Promise<RateLimits> {
  const tiers: Record<Tier, TierLimits> = { ...TIERS, ...opts.tiers };
  let pool: pg.Pool | undefined;
  const limiter = async (keyPrefix: string, points: number, duration: number, blockDuration = 0): Promise<RateLimiterAbstract> => {
    if (!opts.connectionString) return new RateLimiterMemory({ points, duration, keyPrefix, blockDuration });
    if (!pool) {
      pool = new pg.Pool({ connectionString: opts.connectionString, max: 4 });
      // A dropped idle connection is replaced on the next query; never an uncaught exception.
      pool.on('error', () => {});
    }
    const p = pool;
    return new Promise((resolve, reject) => {
      const limiter: RateLimiterPostgres = new RateLimiterPostgres(
        { storeClient: p, storeType: 'pool', points, duration, keyPrefix, blockDuration, tableName: 'prosa_rate_limits', clearExpiredByTimeout: false },
        (err?: Error) => (err ? reject(err) : resolve(limiter)),
      );
    });
  };
  const limiters = {} as Record<Tier, TierLimiters>;
  for (const tier of Object.keys(tiers) as Tier[]) {
    limiters[tier] = {
      perSecond: await limiter(`${tier}_perSecond`, tiers[tier].perSecond, 1),
      perMinute: await limiter(`${tier}_perMinute`, tiers[tier].perMinute, 60),
    };
  }
  // The fifth failure within 15 minutes blocks the e-mail for 5 minutes (docs/decisions.md): the
  // limiter refuses, and so starts its block, on the consume that goes past `points`.
  const failures = await limiter('signin_failures', SIGNIN_FAILURES_ALLOWED - 1, 15 * 60, 5 * 60);
  return {
    async check(tier, key) {
      const { perSecond, perMinute } = limiters[tier];
      const limit = tiers[tier].perMinute;
      const nowSec = Date.now() / 1000;
      try {
        await perSecond.consume(key);
      } catch (rej) {
        if (!(rej instanceof RateLimiterRes)) throw rej;
        const minute = await perMinute.get(key);
        return {
          allowed: false,
          limit,
          remaining: minute ? Math.max(0, limit - minute.consumedPoints) : limit,
          resetAt: Math.ceil(nowSec + (minute?.msBeforeNext ?? 60_000) / 1000),
          retryAfter: Math.max(1, Math.ceil(rej.msBeforeNext / 1000)),
        };
      }
      try {
        const res = await perMinute.consume(key);
        return { allowed: true, limit, remaining: res.remainingPoints, resetAt: Math.ceil(nowSec + res.msBeforeNext / 1000), retryAfter: 0 };
      } catch (rej) {
        if (!(rej instanceof RateLimiterRes)) throw rej;
        // Refused by the minute window: give the burst point back so it is not lost.
        await perSecond.reward(key, 1);
        return { allowed: false, limit, remaining: 0, resetAt: Math.ceil(nowSec + rej.msBeforeNext / 1000), retryAfter: Math.max(1, Math.ceil(rej.msBeforeNext / 1000)) };
      }
    },
    signinFailures: {
      async retryAfter(key) {
        const res = await failures.get(key);
        if (!res || res.consumedPoints < SIGNIN_FAILURES_ALLOWED) return 0;
        return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
      },
      async recordFailure(key) {
        await failures.consume(key).catch((rej: unknown) => {
          if (!(rej instanceof RateLimiterRes)) throw rej;
        });
      },
      async reset(key) {
        await failures.delete(key);
      },
    },
    async close() {
      await pool?.end();
    },
  };
}
