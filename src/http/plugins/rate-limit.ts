import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../../errors.ts';
import type { Tier } from './rate-limit-store.ts';

/**
 * Applies the route's rate-limit tier after authentication: per API key (or account) for
 * authenticated calls, per client IP for free ones (spec "Rate limits"). request.ip honours
 * X-Forwarded-For only from TRUSTED_PROXIES (Fastify trustProxy).
 */
export function registerRateLimit(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    if (!request.routeOptions.url) return; // unknown route: the 404 handler answers
    const auth = config?.auth ?? 'none';
    const p = request.principal;
    let tier: Tier | 'off' = config?.rateLimit ?? (auth === 'none' ? 'free' : 'authenticated');
    if (tier === 'off') return;
    // Calls the MCP server makes for a user have their own, larger per-account budget.
    if (tier === 'authenticated' && p?.via === 'bearer') tier = 'assistant';
    const key = tier === 'authenticated' && p ? (p.apiKeyId ? `key:${p.apiKeyId}` : `acct:${p.accountId}`) : tier === 'assistant' && p ? `acct:${p.accountId}` : `ip:${request.ip}`;
    const d = await ctx.rateLimits.check(tier, key);
    reply.header('X-RateLimit-Limit', String(d.limit));
    reply.header('X-RateLimit-Remaining', String(d.remaining));
    reply.header('X-RateLimit-Reset', String(d.resetAt));
    if (!d.allowed) {
      throw new AppError(
        429,
        'rate_limited',
        `Rate limit exceeded: at most ${d.limit} requests per minute with short bursts. Retry in ${d.retryAfter} s.`,
        `Wait ${d.retryAfter} second(s) (the Retry-After header), then retry with exponential backoff of 1, 2 and 4 seconds, at most 3 retries.`,
        { 'Retry-After': String(d.retryAfter) },
      );
    }
  });
}
