import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../../errors.ts';
import type { RateDecision, Tier } from '../../serving/rate-limits/rate-limit-store.ts';
import { PLUGIN, sharedPlugin } from './shared-plugin.ts';

function rateLimited(d: RateDecision, what: string): AppError {
  return new AppError(
    429,
    'rate_limited',
    `Rate limit exceeded: ${what}. Retry in ${d.retryAfter} s.`,
    `Wait ${d.retryAfter} second(s) (the Retry-After header), then retry with exponential backoff of 1, 2 and 4 seconds, at most 3 retries.`,
    { 'Retry-After': String(d.retryAfter) },
  );
}

/**
 * Applies the route's rate-limit tier after authentication: per API key (or account) for
 * authenticated calls, per client IP for free ones (spec "Rate limits"); then, for API keys and
 * sessions, the account-wide ceiling over all of them (issue 12: extra keys do not multiply an
 * account's budget). Bearer (MCP) calls have their own per-account `assistant` tier. request.ip
 * honours X-Forwarded-For only from TRUSTED_PROXIES (Fastify trustProxy).
 *
 * Usage is counted (in memory, written in batches: usage-counter.ts) only for an admitted request:
 * a 429 adds nothing to the application's tables (its usage headers are read, not counted).
 */
export function rateLimitPlugin(ctx: AppContext) {
  // Runs after the caller is resolved (request.principal) and counts admitted requests in app.usageCounter.
  return sharedPlugin(PLUGIN.rateLimit, async (app) => registerRateLimit(app, ctx), [PLUGIN.auth, PLUGIN.usageCounter]);
}

function registerRateLimit(app: FastifyInstance, ctx: AppContext): void {
  const refuse = async (request: FastifyRequest, err: AppError): Promise<never> => {
    if (request.principal) request.usage = await app.usageCounter.read(request.principal.accountId);
    throw err;
  };
  app.addHook('onRequest', async (request, reply) => {
    const { config, url } = request.routeOptions; // a getter that builds an object: read once
    if (!url) return; // unknown route: the 404 handler answers
    const auth = config?.auth ?? 'none';
    const p = request.principal;
    let tier: Tier | 'off' = config?.rateLimit ?? (auth === 'none' ? 'free' : 'authenticated');
    if (tier !== 'off') {
      // Calls the MCP server makes for a user have their own, larger per-account budget; so does
      // a person's web-app session (rate-limit-store.ts says why).
      if (tier === 'authenticated' && p?.via === 'bearer') tier = 'assistant';
      else if (tier === 'authenticated' && p?.via === 'session') tier = 'session';
      // A key has its own budget; a session and an assistant's calls have their person's (a firm's
      // members each have theirs: keyed by the account, five people in the web app shared one
      // person's budget). The account-wide ceiling below still bounds the firm as a whole.
      const perCaller = p && (tier === 'authenticated' || tier === 'session' || tier === 'assistant');
      const key = !perCaller ? `ip:${request.ip}` : tier === 'authenticated' && p.apiKeyId ? `key:${p.apiKeyId}` : `member:${p.memberId}`;
      // The tier and, for keys and sessions, the account-wide ceiling: one round trip, and a
      // request refused by either is counted against neither.
      const withCeiling = (tier === 'authenticated' || tier === 'session') && p;
      const { admitted, decisions } = await ctx.rateLimits.checkAll(
        withCeiling
          ? [
              { tier, key },
              { tier: 'account', key: `acct:${p.accountId}` },
            ]
          : [{ tier, key }],
      );
      const [d, account] = decisions;
      reply.header('X-RateLimit-Limit', String(d.limit));
      reply.header('X-RateLimit-Remaining', String(admitted || !d.allowed ? d.remaining : 0));
      reply.header('X-RateLimit-Reset', String(d.resetAt));
      if (!d.allowed) await refuse(request, rateLimited(d, `at most ${d.limit} requests per minute with short bursts`));
      if (account && !account.allowed) {
        reply.header('X-RateLimit-Remaining', '0');
        await refuse(
          request,
          rateLimited(account, `at most ${account.limit} requests per minute for the whole account, across all of its API keys and sessions`),
        );
      }
    }
    if (p) request.usage = await app.usageCounter.record(p.accountId);
  });
}
