import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { AppError } from '../errors.ts';
import { errorBody } from '../serving/error-body.ts';
import { requestIdPlugin } from './plugins/request-id.ts';
import { errorHandlingPlugin } from './plugins/errors.ts';
import { nulGuardPlugin } from './plugins/nul-guard.ts';
import { authPlugin } from './plugins/auth.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { usageCounterPlugin } from './plugins/usage-headers.ts';
import { purchaseUrlPlugin } from './plugins/purchase-url.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openApiPlugin } from './openapi.ts';
import { loggerOptions } from '../serving/log-redaction.ts';
import { clientErrorHandler } from '../serving/client-errors.ts';
import { guardedServerFactory } from '../serving/connection-guard.ts';
import { healthRoutes } from './routes/health.ts';
import { webAppPlugin } from './routes/web/spa.ts';
import { restV1Surface } from './surfaces/rest-v1.ts';
import { accountApiSurface } from './surfaces/account-api.ts';
import { calendarFileSurface } from './surfaces/calendar-file.ts';
import { oauthServerSurface } from './surfaces/oauth-server.ts';
import { mcpSurface } from './surfaces/mcp.ts';
import { mailPagesSurface } from './surfaces/mail-pages.ts';

/** Default body limit; routes that take office-action text raise their own. */
const DEFAULT_BODY_LIMIT = 1024 * 1024;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export interface BuildAppOptions {
  /** pino logger options, or false to silence logs (tests). */
  logger?: boolean | object;
  /**
   * Test-only: the OAuth sign-in and consent pages are skipped, signing in this account and
   * approving (the MCP conformance runner cannot click). Only code can pass it; no setting or
   * environment variable reaches it (docs/decisions/oauth-and-mcp.md "Test-only auto-approve").
   */
  testAutoApprove?: { email: string };
  /** Also serve the MCP server at {mcp_url}/mcp in this app (one-process `prosa serve`). */
  mcp?: boolean;
  /** Serve the web application at `/` (default true). */
  webApp?: boolean;
  /** The built web application's directory (tests); defaults to web/dist. */
  webRoot?: string;
}

/** The backend as one Fastify instance: the shared plugins first, then the surfaces (docs/decisions/http-server.md). */
export async function buildApp(ctx: AppContext, opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(ctx.config.logLevel, typeof opts.logger === 'object' ? opts.logger : {}),
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: ctx.config.trustedProxies.length > 0 ? ctx.config.trustedProxies : false,
    // Honour a caller's X-Request-Id when it is sane, so ids can be followed across services.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    return503OnClosing: true,
    // Router-level refusals (a malformed URL, a path parameter over maxParamLength) never reach
    // the error handler: answer them with the error object too.
    frameworkErrors: (err, request, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      (reply as unknown as { status(n: number): { send(b: unknown): void } })
        .status(status)
        .send(
          errorBody(
            new AppError(
              status,
              tooLong ? 'uri_too_long' : 'bad_url',
              tooLong ? 'A path parameter is too long.' : 'The URL is malformed.',
              'Check the identifier in the path and send the request again.',
            ),
          ),
        );
      void request;
    },
    forceCloseConnections: 'idle',
    clientErrorHandler,
    // Header, request and keep-alive timeouts and a cap of connections per client address.
    serverFactory: guardedServerFactory(ctx.config),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies are accepted (OAuth's form posts register their own parser in scope).
  app.removeContentTypeParser('text/plain');

  // Shared plumbing, on the root instance (named plugins; each declares what it needs, checked at
  // boot). Hooks run in this order on every surface: the web app's answer for paths no route
  // serves comes before authentication and rate limits.
  await app.register(requestIdPlugin);
  await app.register(cookie);
  await app.register(errorHandlingPlugin);
  if (opts.webApp !== false) await app.register(webAppPlugin({ root: opts.webRoot }));
  await app.register(nulGuardPlugin);
  await app.register(authPlugin(ctx));
  await app.register(usageCounterPlugin(ctx));
  await app.register(rateLimitPlugin(ctx));
  await app.register(metricsPlugin);
  await app.register(purchaseUrlPlugin(ctx));
  await app.register(openApiPlugin(ctx));

  // The surfaces: encapsulated, each with its prefix, its routes declared relative to it and the
  // hooks that concern it alone (docs/decisions/http-server.md).
  healthRoutes(app, ctx);
  await app.register(restV1Surface(ctx), { prefix: '/v1' });
  await app.register(accountApiSurface(ctx), { prefix: '/api' });
  await app.register(calendarFileSurface(ctx), { prefix: '/calendar' });
  await app.register(oauthServerSurface(ctx, { testAutoApprove: opts.testAutoApprove }));
  if (opts.mcp) await app.register(mcpSurface(ctx));
  await app.register(mailPagesSurface(ctx));
  return app;
}
