/**
 * oidc-provider (a Koa app) mounted in Fastify (prototype recipe): plain Fastify routes in a
 * scoped plugin with no body parsers (the provider reads the raw body itself), whose handler
 * hijacks the reply and hands the raw request to provider.callback(). Mounting with middie
 * would serve the metadata under /oauth/.well-known (pitfall 1).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Provider } from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../../errors.ts';
import { errorBody } from '../../../serving/error-body.ts';
import { oauthRequestContext } from '../../../auth/oauth/request-context.ts';
import { MCP_CLIENT_ID } from '../../../auth/oauth/constants.ts';
import { OAUTH_ROUTES } from '../../../auth/oauth/provider.ts';
import type { Tier } from '../../../serving/rate-limits/rate-limit-store.ts';

const METHODS = ['GET', 'POST', 'OPTIONS', 'PUT', 'DELETE'] as const;

/**
 * Whether the request authenticates as the MCP server's own client (client_secret_basic, RFC 6749
 * §2.3.1): its exchanges are not counted against the token endpoint's per-IP budget, and only it
 * may introspect (introspect.ts).
 */
export function isMcpServer(request: FastifyRequest, secret: string): boolean {
  const h = request.headers.authorization;
  if (typeof h !== 'string' || !h.startsWith('Basic ')) return false;
  const decoded = Buffer.from(h.slice(6).trim(), 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return false;
  // RFC 6749 §2.3.1: client id and secret are form-urlencoded inside Basic.
  let id: string;
  let given: string;
  try {
    id = decodeURIComponent(decoded.slice(0, i).replace(/\+/g, ' '));
    given = decodeURIComponent(decoded.slice(i + 1).replace(/\+/g, ' '));
  } catch {
    return false;
  }
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return id === MCP_CLIENT_ID && a.length === b.length && timingSafeEqual(a, b);
}

/** Per-client-IP limit (429, Retry-After and the error object), like plugins/rate-limit.ts. */
export async function limit(ctx: AppContext, tier: Tier, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const d = await ctx.rateLimits.check(tier, `ip:${request.ip}`);
  reply.header('X-RateLimit-Limit', String(d.limit));
  reply.header('X-RateLimit-Remaining', String(d.remaining));
  reply.header('X-RateLimit-Reset', String(d.resetAt));
  if (!d.allowed) {
    throw new AppError(
      429,
      'rate_limited',
      `Rate limit exceeded: at most ${d.limit} requests per minute from one address on this OAuth endpoint. Retry in ${d.retryAfter} s.`,
      `Wait ${d.retryAfter} second(s) (the Retry-After header), then retry with exponential backoff.`,
      { 'Retry-After': String(d.retryAfter) },
    );
  }
}

export async function oauthProviderRoutes(app: FastifyInstance, ctx: AppContext, provider: Provider): Promise<void> {
  // A path under /oauth the provider does not serve answers like every other unknown route.
  provider.use(async (c, next) => {
    await next();
    if (c.status === 404 && (c.body === undefined || c.body === null)) {
      c.status = 404;
      c.body = errorBody(
        new AppError(404, 'route_not_found', `No route ${c.method} ${c.path}.`, 'The OAuth endpoints are listed at /.well-known/oauth-authorization-server.'),
      );
    }
  });
  const callback = provider.callback();
  const publicUrl = new URL(ctx.config.baseUrl);
  const proto = publicUrl.protocol.slice(0, -1);

  const handler = (request: FastifyRequest, reply: FastifyReply): void => {
    // Headers set by hooks (rate limits) and the request id: a hijacked reply skips onSend (pitfall 13).
    for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) reply.raw.setHeader(k, v as string);
    reply.raw.setHeader('X-Request-Id', request.id);
    reply.hijack();
    // Endpoint URLs follow the issuer, never the request's Host (pitfall 12).
    request.raw.headers['x-forwarded-proto'] = proto;
    request.raw.headers['x-forwarded-host'] = publicUrl.host;
    oauthRequestContext.run({ requestId: request.id }, () => {
      void callback(request.raw, reply.raw);
    });
  };

  await app.register(async (scope) => {
    // The provider parses its own bodies (pitfall 2): accept any content type, read nothing.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    // Per client IP with the generous token tier: discovery, JWKS, authorize and revoke are cheap,
    // and many users can sit behind one assistant's address (pitfall 14).
    const perIp = { auth: 'none', rateLimit: 'oauth_token' } as const;
    scope.route({ method: [...METHODS], url: '/oauth/*', config: perIp, handler });
    scope.route({ method: ['GET', 'OPTIONS'], url: '/.well-known/oauth-authorization-server', config: perIp, handler });
    scope.route({ method: ['GET', 'OPTIONS'], url: '/.well-known/openid-configuration', config: perIp, handler });
    // Per client IP (issue 9 §2 "Rate limits"); figures in rate-limit-store.ts and docs/decisions/oauth-and-mcp.md.
    scope.route({ method: 'POST', url: OAUTH_ROUTES.registration, config: { auth: 'none', rateLimit: 'oauth_register' }, handler });
    scope.route({
      method: 'POST',
      url: OAUTH_ROUTES.token,
      config: { auth: 'none', rateLimit: 'off' },
      onRequest: async (request, reply) => {
        if (!isMcpServer(request, ctx.keyring.mcpClientSecret)) await limit(ctx, 'oauth_token', request, reply);
      },
      handler,
    });
  });
}
