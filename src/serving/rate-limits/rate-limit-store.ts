import { RateLimiterMemory, RateLimiterPostgres } from 'rate-limiter-flexible';
import pg from 'pg';
import { memoryWindowStore, type WindowHit, type WindowState, type WindowStore } from './rate-windows.ts';
import { sqlWindowStore } from './rate-windows-sql.ts';
import { SIGNIN_LIMITER_SETTINGS, signinThrottle, type SigninLimiters, type SigninThrottle } from '../../auth/signin-throttle.ts';

/**
 * Rate-limit tiers (spec "Rate limits"): a per-minute rate and a per-second burst, each a fixed
 * window (rate-windows.ts). A request is counted against both windows of every tier it touches
 * only when all of them have room: a RateLimiterUnion consumed from both even when one refused,
 * admitting only 80 of 120 per minute (measured, shared/reference/stack.md §8).
 */
export type Tier =
  | 'free'
  | 'authenticated'
  | 'session'
  | 'account'
  | 'unauthenticated'
  | 'signin'
  | 'mcp'
  | 'mcp_tools'
  | 'assistant'
  | 'oauth_register'
  | 'oauth_token'
  | 'stripe_webhook';

const TIERS: Record<Tier, TierLimits> = {
  free: { perMinute: 60, perSecond: 10 },
  authenticated: { perMinute: 120, perSecond: 20 },
  // A person's web-app session (the spec's per-key tier is for API keys). The web app is Prosa's
  // own client: one page reads 5-15 resources, and every open tab reads again what an assistant's
  // or a script's work changed (the activity stream): two tabs after ten assistant calls a minute
  // are about 100 reads, before the person's own clicks, and a refused page waits up to a minute
  // for its retry. A machine-speed browser flow made 120 requests in 23 s. Still bounded by the
  // account's ceiling below (docs/decisions/hardening.md).
  session: { perMinute: 300, perSecond: 30 },
  // The account-wide ceiling over all of an account's API keys and its sessions (issue 12): five
  // keys' worth, so extra keys do not multiply an account's budget without end.
  account: { perMinute: 600, perSecond: 60 },
  // Requests whose credential is missing or invalid, per client address (counted only when they
  // fail, so valid keys behind the same address are never refused by it).
  unauthenticated: { perMinute: 60, perSecond: 20 },
  // Sign-in and sign-up: per client IP, stricter, to blunt credential stuffing.
  signin: { perMinute: 20, perSecond: 5 },
  // MCP, per account (never per IP: many users share one assistant's address), two tiers
  // (issue 20 item 6: the official conformance runner sends about 75 messages in its busiest
  // second). `mcp`: every message at the /mcp gate, protocol messages included (initialize,
  // tools/list, ping...: no backend work beyond the grant lookup). `mcp_tools`: calls of Prosa's
  // tools, the messages that reach the backend, counted when the tool is about to run.
  mcp: { perMinute: 600, perSecond: 100 },
  mcp_tools: { perMinute: 300, perSecond: 30 },
  // The /api calls the MCP server makes for an account (bearer tokens): a workflow tool makes
  // up to five of them per call, so this is five times the /mcp budget.
  assistant: { perMinute: 1500, perSecond: 150 },
  // OAuth dynamic client registration, per client IP: a client registers once per connection;
  // generous enough for one assistant's egress address serving many users who connect at once.
  // The hour's ceiling (issue 20 item 12): 30 a minute all day made about 43,000 clients a day from
  // one address; 120 an hour still lets an assistant's address connect many users at once.
  oauth_register: { perMinute: 30, perSecond: 5, perHour: 120 },
  // OAuth token endpoint (codes and refreshes), per client IP: many users' refreshes can come from
  // one assistant's address (prototype pitfall 14). The MCP server's own exchanges are not counted.
  oauth_token: { perMinute: 600, perSecond: 50 },
  // Stripe's webhook, per client IP (issue 20 item 12): far above what Stripe sends for one
  // account's top-ups, counted before the body is read. A refused delivery leaves no trace and
  // Stripe retries any non-2xx answer for days, so a 429 delays a credit but never loses it.
  stripe_webhook: { perMinute: 120, perSecond: 20 },
};

/** Every tier's figures (the Redis store, rate-limit-redis.ts, applies the same). */
export const RATE_LIMIT_TIERS: Readonly<Record<Tier, TierLimits>> = TIERS;

/** The account-wide ceiling (docs/decisions/hardening.md "Account-wide ceiling and key cap"). */
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

export interface RateCheck {
  tier: Tier;
  key: string;
}

/**
 * The rate limiter a request sees. Its shape is the contract for every store (memory, PostgreSQL,
 * Redis): `checkAll` is one round trip for all the tiers a request touches, all or nothing.
 */
export interface RateLimits {
  check(tier: Tier, key: string): Promise<RateDecision>;
  /**
   * Checks several tiers at once (a key's own limit and its account's ceiling): the request is
   * counted against every one only when every one has room (`admitted`), else against none. One
   * decision per check, in order; a refusing tier's decision has `allowed: false`.
   */
  checkAll(checks: readonly RateCheck[]): Promise<{ admitted: boolean; decisions: RateDecision[] }>;
  /** Failed password sign-ins per (e-mail, address), per address and per e-mail (auth/signin-throttle.ts). */
  signins: SigninThrottle;
  /** Deletes ended windows now (the store also does it every `purgeIntervalMs`); returns how many. */
  purgeExpired(): Promise<number>;
  /** Windows currently stored (tests: the store stays bounded). */
  storedWindows(): Promise<number>;
  close(): Promise<void>;
}

/** Memory store for one process (embedded); PostgreSQL store so limits hold across replicas. */
/** A tier's windows: per second and per minute, and for some an hourly ceiling. */
export type TierLimits = { perMinute: number; perSecond: number; perHour?: number };

export interface RateLimitOptions {
  /** PostgreSQL: counters shared by every replica (prosa_rate_windows); absent: in memory. */
  connectionString?: string;
  /** Replaces tiers' figures (test harnesses, external checks). */
  tiers?: Partial<Record<Tier, TierLimits>>;
  /** Another window store (tests: PostgreSQL's over PGlite or a counting client; Redis). */
  store?: WindowStore;
  /** The clock in Unix ms (tests advance it). */
  now?: () => number;
  /** Other failed-sign-in counters (the Redis store brings its own, rate-limit-redis.ts). */
  signins?: SigninThrottle;
  /** How often ended windows are deleted; 60 s by default. */
  purgeIntervalMs?: number;
}

const SECOND = 1000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export async function createRateLimits(opts: RateLimitOptions): Promise<RateLimits> {
  const tiers: Record<Tier, TierLimits> = { ...TIERS, ...opts.tiers };
  const now = opts.now ?? Date.now;
  let pool: pg.Pool | undefined;
  const sharedPool = (): pg.Pool => {
    if (!pool) {
      pool = new pg.Pool({ connectionString: opts.connectionString, max: 8 });
      // A dropped idle connection is replaced on the next query; never an uncaught exception.
      pool.on('error', () => {});
    }
    return pool;
  };
  const store = opts.store ?? (opts.connectionString ? sqlWindowStore(sharedPool()) : memoryWindowStore());

  // Sign-in failures stay on rate-limiter-flexible (off the hot path; its blocks are what the
  // lockouts need). Its PostgreSQL table is purged by the library every 5 minutes.
  const signins = opts.signins ?? signinThrottle(await signinLimiters(opts.connectionString ? sharedPool() : undefined));

  const decide = (t: TierLimits, sec: WindowState, min: WindowState, hour: WindowState | undefined, admitted: boolean, at: number): RateDecision => {
    const resetAt = Math.ceil(min.expiresAt / 1000);
    const remaining = Math.max(0, hour && t.perHour !== undefined ? Math.min(t.perMinute - min.used, t.perHour - hour.used) : t.perMinute - min.used);
    if (admitted) return { allowed: true, limit: t.perMinute, remaining, resetAt, retryAfter: 0 };
    const full = [
      sec.used >= t.perSecond ? sec : null,
      min.used >= t.perMinute ? min : null,
      hour && t.perHour !== undefined && hour.used >= t.perHour ? hour : null,
    ].filter((w): w is WindowState => w !== null);
    const retryAfter = full.length ? Math.max(1, ...full.map((w) => Math.ceil((w.expiresAt - at) / 1000))) : 0;
    return { allowed: full.length === 0, limit: t.perMinute, remaining, resetAt, retryAfter };
  };

  const checkAll: RateLimits['checkAll'] = async (checks) => {
    const at = now();
    // Two windows per check (second, minute), three for a tier with an hourly ceiling.
    const hits: WindowHit[] = [];
    const first: number[] = new Array(checks.length);
    for (let i = 0; i < checks.length; i++) {
      const { tier, key } = checks[i];
      const t = tiers[tier];
      first[i] = hits.length;
      hits.push({ key: `${tier}:s:${key}`, limit: t.perSecond, durationMs: SECOND }, { key: `${tier}:m:${key}`, limit: t.perMinute, durationMs: MINUTE });
      if (t.perHour !== undefined) hits.push({ key: `${tier}:h:${key}`, limit: t.perHour, durationMs: HOUR });
    }
    const { admitted, states } = await store.hit(hits, at);
    const decisions: RateDecision[] = new Array(checks.length);
    for (let i = 0; i < checks.length; i++) {
      const t = tiers[checks[i].tier];
      const f = first[i];
      decisions[i] = decide(t, states[f], states[f + 1], t.perHour !== undefined ? states[f + 2] : undefined, admitted, at);
    }
    return { admitted, decisions };
  };

  // Ended windows are deleted a minute after they end, so the store holds the subjects of about
  // the last two minutes. A failed purge is retried at the next tick.
  const purgeExpired = () => store.purge(now() - MINUTE);
  const timer = setInterval(() => void purgeExpired().catch(() => {}), opts.purgeIntervalMs ?? MINUTE);
  timer.unref();

  return {
    async check(tier, key) {
      return (await checkAll([{ tier, key }])).decisions[0];
    },
    checkAll,
    signins,
    purgeExpired,
    storedWindows: () => store.size(),
    async close() {
      clearInterval(timer);
      await store.close();
      await pool?.end();
    },
  };
}

/** The failed-sign-in counters in memory (embedded) or PostgreSQL (`prosa_rate_limits`, shared by replicas). */
async function signinLimiters(pool: pg.Pool | undefined): Promise<SigninLimiters> {
  const { pair, address, account } = SIGNIN_LIMITER_SETTINGS;
  if (!pool) return { pair: new RateLimiterMemory(pair), address: new RateLimiterMemory(address), account: new RateLimiterMemory(account) };
  // The first creates the table (CREATE TABLE IF NOT EXISTS); the others wait for it, since two
  // concurrent creations of one table can collide in PostgreSQL's catalog.
  const options = (settings: (typeof SIGNIN_LIMITER_SETTINGS)[keyof typeof SIGNIN_LIMITER_SETTINGS]) => ({
    ...settings,
    storeClient: pool,
    storeType: 'pool',
    tableName: 'prosa_rate_limits',
  });
  const first = await new Promise<RateLimiterPostgres>((resolve, reject) => {
    const limiter: RateLimiterPostgres = new RateLimiterPostgres({ ...options(pair), clearExpiredByTimeout: true }, (err?: Error) =>
      err ? reject(err) : resolve(limiter),
    );
  });
  // The table exists now: no callback (it would run before the constructor returns).
  const more = (settings: (typeof SIGNIN_LIMITER_SETTINGS)[keyof typeof SIGNIN_LIMITER_SETTINGS]) =>
    new RateLimiterPostgres({ ...options(settings), tableCreated: true, clearExpiredByTimeout: false });
  return { pair: first, address: more(address), account: more(account) };
}
