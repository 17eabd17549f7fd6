/**
 * Failed password sign-ins (POST /api/auth/signin and the OAuth sign-in page), counted so that a
 * lockout falls on the address that guesses, never on the account it guesses at (issue 20 item 3).
 *
 * OWASP's Authentication Cheat Sheet ("Login Throttling", "Account Lockout") asks for a counter
 * associated with the account, an observation window, a lockout duration, an exponential lockout
 * that starts at a second and doubles, and warns that "care must be taken to prevent it from being
 * used to cause a denial of service by locking out other users' accounts". Keyed by e-mail alone,
 * five wrong passwords from anywhere locked the owner out for five minutes, and one address kept
 * about twenty accounts locked. So there are three counters, each a named check below:
 *
 * 1. `pair` (e-mail, client address): 5 failures within 15 minutes and that address may not try
 *    that e-mail for 5 minutes. Stops one address guessing one account; the owner's own address
 *    is another pair and is never refused by it.
 * 2. `address` (client address across every e-mail): 30 failures within 15 minutes and the address
 *    may not sign in at all for 15 minutes. Stops one address spraying many accounts (OWASP's
 *    "password spraying"); the accounts it sprayed are not locked.
 * 3. `account` (e-mail, any address): failures counted within 15 minutes; past 10, every further
 *    failure makes the address that failed wait before trying that e-mail again, 1 s, then 2, 4,
 *    ... at most 15 minutes (the exponential lockout, applied to the guessing address only). A
 *    guesser spread over many addresses is slowed down; an address that has not failed, such as
 *    the owner's, is still let in with the right password. The counter is not cleared by a
 *    success (the owner signing in must not hand a distributed guesser ten fresh guesses).
 *
 * Client addresses are keyed by `clientAddressKey`: IPv4 addresses as they are, IPv6 addresses by
 * their /64 prefix (one subscriber's allocation, RFC 6177 §2 / RFC 7421), so rotating through the
 * addresses of one /64 does not reset the counters. OWASP's other escape hatch holds too: the
 * password-reset link signs in whatever these counters say (routes/web/account-mail.ts).
 *
 * The counters are rate-limiter-flexible limiters: in memory for one process, PostgreSQL
 * (`prosa_rate_limits`) for replicas, Redis when REDIS_URL is set (rate-limit-redis.ts); the
 * policy here is the same over all three.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../errors.ts';

const MINUTE = 60;

/** The figures (docs/decisions/accounts-and-credentials.md "Failed sign-ins"). */
export const SIGNIN_LIMITS = {
  /** Window of every counter, seconds. */
  windowSeconds: 15 * MINUTE,
  /** Failures of one address on one e-mail before that pair waits `pairBlockSeconds`. */
  pairFailures: 5,
  pairBlockSeconds: 5 * MINUTE,
  /** Failures of one address over all e-mails before the address waits `addressBlockSeconds`. */
  addressFailures: 30,
  addressBlockSeconds: 15 * MINUTE,
  /** Failures on one e-mail from any address after which each failure makes its address wait. */
  accountFailuresBeforeBackoff: 10,
  /** The longest of those waits, seconds. */
  accountBackoffMaxSeconds: 15 * MINUTE,
} as const;

/** The three counters' limiter settings; a store builds one limiter from each (same key prefixes everywhere). */
export const SIGNIN_LIMITER_SETTINGS = {
  // rate-limiter-flexible refuses, and starts `blockDuration`, on the consume that goes past
  // `points`: the fifth failure starts the pair's block.
  pair: {
    keyPrefix: 'signin_failures:pair',
    points: SIGNIN_LIMITS.pairFailures - 1,
    duration: SIGNIN_LIMITS.windowSeconds,
    blockDuration: SIGNIN_LIMITS.pairBlockSeconds,
  },
  address: {
    keyPrefix: 'signin_failures:address',
    points: SIGNIN_LIMITS.addressFailures - 1,
    duration: SIGNIN_LIMITS.windowSeconds,
    blockDuration: SIGNIN_LIMITS.addressBlockSeconds,
  },
  // Only counts: its waits are put on pairs.
  account: { keyPrefix: 'signin_failures:account', points: 1_000_000_000, duration: SIGNIN_LIMITS.windowSeconds, blockDuration: 0 },
} as const;

export type SigninLimiterName = keyof typeof SIGNIN_LIMITER_SETTINGS;
export type SigninLimiters = Record<SigninLimiterName, RateLimiterAbstract>;

/** Which limit refused a sign-in, and for how long (seconds, at least 1). */
export interface SigninWait {
  limit: 'pair' | 'address';
  seconds: number;
}

export interface SigninThrottle {
  /** Null when this address may try this e-mail now; else the wait (checked before the password is verified). */
  check(email: string, clientIp: string): Promise<SigninWait | null>;
  /** A wrong password (or unknown e-mail) from this address. */
  recordFailure(email: string, clientIp: string): Promise<void>;
  /** The right password from this address: its pair's failures are forgotten (nothing else is). */
  recordSuccess(email: string, clientIp: string): Promise<void>;
}

/**
 * The key of a client address: IPv4 as is (an IPv4-mapped IPv6 address, `::ffff:a.b.c.d`, is its
 * IPv4 address), IPv6 by its /64 prefix (RFC 6177 §2: a subscriber gets at least a /64, so the
 * addresses of one /64 are one client). Anything else (a test's made-up address) as given.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (`::ffff:1.2.3.4` is handled above) counts as two groups; it lies in
  // the low 64 bits, which are dropped anyway.
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, '') || '0')
    .join(':')}::/64`;
}

/** The wait of exponential lockout for an account's `failures`-th failure (0 until past the allowance). */
export function accountBackoffSeconds(failures: number): number {
  const over = failures - SIGNIN_LIMITS.accountFailuresBeforeBackoff;
  if (over <= 0) return 0;
  return Math.min(2 ** Math.min(over - 1, 30), SIGNIN_LIMITS.accountBackoffMaxSeconds);
}

/** The 429 for a refused sign-in: the spec's error object, with Retry-After (RFC 9110 §10.2.3). */
export function signinRefusal(wait: SigninWait): AppError {
  const message =
    wait.limit === 'address'
      ? `Too many failed sign-ins from your network address. Try again in ${wait.seconds} s.`
      : `Too many failed sign-ins for this e-mail address from your network address. Try again in ${wait.seconds} s.`;
  return new AppError(
    429,
    'too_many_signin_attempts',
    message,
    `Wait ${wait.seconds} seconds (the Retry-After header) before trying again, or reset the password with the "Forgot your password?" link.`,
    { 'Retry-After': String(wait.seconds) },
  );
}

/** A limiter's refusal is a RateLimiterRes; anything else is the store failing. */
async function consume(limiter: RateLimiterAbstract, key: string): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key);
  } catch (rej) {
    if (rej instanceof RateLimiterRes) return rej;
    throw rej;
  }
}

/** Seconds left of a limiter's block on `key` (its consumed points past its allowance), else 0. */
function blockedSeconds(limiter: RateLimiterAbstract, res: RateLimiterRes | null): number {
  if (!res || res.consumedPoints <= limiter.points) return 0;
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

export function signinThrottle(limiters: SigninLimiters): SigninThrottle {
  const pairKey = (email: string, ip: string) => `${email} ${clientAddressKey(ip)}`;
  return {
    async check(email, clientIp) {
      const [pair, address] = await Promise.all([limiters.pair.get(pairKey(email, clientIp)), limiters.address.get(clientAddressKey(clientIp))]);
      const addressWait = blockedSeconds(limiters.address, address);
      const pairWait = blockedSeconds(limiters.pair, pair);
      if (addressWait === 0 && pairWait === 0) return null;
      return addressWait >= pairWait ? { limit: 'address', seconds: addressWait } : { limit: 'pair', seconds: pairWait };
    },

    async recordFailure(email, clientIp) {
      const pk = pairKey(email, clientIp);
      const [pair, , account] = await Promise.all([
        consume(limiters.pair, pk),
        consume(limiters.address, clientAddressKey(clientIp)),
        consume(limiters.account, email),
      ]);
      // Exponential lockout of the account, served to the address that failed: its pair waits at
      // least this long (a longer block the pair already has is kept).
      const backoff = accountBackoffSeconds(account.consumedPoints);
      if (backoff > blockedSeconds(limiters.pair, pair)) await limiters.pair.block(pk, backoff);
    },

    async recordSuccess(email, clientIp) {
      await limiters.pair.delete(pairKey(email, clientIp));
    },
  };
}
