import { notificationRoutes } from './routes/api/notifications.ts';
import { unsubscribeRoutes } from './routes/web/unsubscribe.ts';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { AppError } from '../errors.ts';
import { errorBody } from '../serving/error-body.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerNulGuard } from './plugins/nul-guard.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerUsageHeaders } from './plugins/usage-headers.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerDeprecationHeaders } from './plugins/deprecation.ts';
import { registerOpenApi } from './openapi.ts';
import { loggerOptions } from '../serving/log-redaction.ts';
import { clientErrorHandler } from '../serving/client-errors.ts';
import { guardedServerFactory } from '../serving/connection-guard.ts';
import { healthRoutes } from './routes/health.ts';
import { analysisRoutes } from './routes/analyses.ts';
import { lookupRoute } from './routes/v1/lookup.ts';
import { examinerRoute } from './routes/v1/examiner.ts';
import { deadlinesRoute } from './routes/v1/deadlines.ts';
import { deadlineCalculatorRoute } from './routes/api/deadline-calculator.ts';
import { authRoutes } from './routes/api/auth.ts';
import { keyRoutes } from './routes/api/keys.ts';
import { creditRoutes } from './routes/api/credits.ts';
import { docketRoutes } from './routes/api/docket.ts';
import { docketImportRoutes } from './routes/api/docket-import.ts';
import { claimsRoutes } from './routes/api/claims.ts';
import { fileDocumentRoutes } from './routes/api/file-documents.ts';
import { claimChartRoutes } from './routes/api/claim-chart.ts';
import { usptoFileRoutes } from './routes/api/uspto-file.ts';
import { docketDeadlinesRoute } from './routes/api/deadlines.ts';
import { calendarRoutes } from './routes/calendar.ts';
import { draftRoaRoutes } from './routes/v1/draft-roa.ts';
import { downloadRoute } from './routes/v1/download.ts';
import { exportRoutes } from './routes/api/exports.ts';
import { idsTimingRoutes } from './routes/api/ids-timing.ts';
import { oauthRoutes } from './routes/oauth/index.ts';
import { oauthGrantRoutes } from './routes/api/oauth-grants.ts';
import { mountMcp } from '../mcp/mcp-app.ts';
import { applicationRoutes } from './routes/api/applications.ts';
import { correspondenceRoutes } from './routes/api/correspondence.ts';
import { auditRoutes } from './routes/api/audit.ts';
import { reportRoutes } from './routes/api/reports.ts';
import { examinerRoutes } from './routes/api/examiners.ts';
import { feeRoutes } from './routes/api/fees.ts';
import { quoteRoutes } from './routes/api/quote.ts';
import { accountRoutes } from './routes/api/account.ts';
import { watchRoutes } from './routes/api/watch.ts';
import { responsePlanRoutes } from './routes/api/response-plans.ts';
import { analysisDetailRoutes } from './routes/api/analysis-detail.ts';
import { spendingCapRoutes } from './routes/api/spending-cap.ts';
import { registerWebApp } from './routes/web/spa.ts';
import { billingRoutes } from './routes/web/billing.ts';
import { officeActionUploadRoutes } from './routes/web/office-action-upload.ts';
import { analysisTextRoutes } from './routes/web/analysis-text.ts';
import { accountMailRoutes } from './routes/web/account-mail.ts';
import { firmRoutes } from './routes/api/firm.ts';
import { oidcSignInRoutes } from './routes/web/oidc-sign-in.ts';
import { identityRoutes } from './routes/api/identities.ts';
import { activityStreamRoutes } from './routes/api/activity-stream.ts';
import { webhookRoutes } from './routes/api/webhooks.ts';

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

/** The backend API as one Fastify instance: plugins first, then every route group. */
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

  // A callback hook: no promise and no microtask on every response (issue 12).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    done(null, payload);
  });

  await app.register(cookie);
  registerErrorHandling(app);
  // The single-page app at `/` and its client routes, for requests no route serves (before
  // auth and rate limits; reserved prefixes such as /api keep their JSON 404/405).
  if (opts.webApp !== false) await registerWebApp(app, { root: opts.webRoot });
  registerNulGuard(app);
  registerAuth(app, ctx);
  registerRateLimit(app, ctx);
  registerUsageHeaders(app, ctx);
  registerDeprecationHeaders(app, ctx);
  registerMetrics(app);
  await registerOpenApi(app, ctx);

  healthRoutes(app, ctx);
  analysisRoutes(app, ctx);
  lookupRoute(app, ctx);
  examinerRoute(app, ctx);
  deadlinesRoute(app, ctx);
  deadlineCalculatorRoute(app, ctx);
  authRoutes(app, ctx);
  keyRoutes(app, ctx);
  creditRoutes(app, ctx);
  docketRoutes(app, ctx);
  await docketImportRoutes(app, ctx);
  claimsRoutes(app, ctx);
  await fileDocumentRoutes(app, ctx);
  claimChartRoutes(app, ctx);
  usptoFileRoutes(app, ctx);
  docketDeadlinesRoute(app, ctx);
  calendarRoutes(app, ctx);
  draftRoaRoutes(app, ctx);
  downloadRoute(app, ctx);
  exportRoutes(app, ctx);
  idsTimingRoutes(app, ctx);
  await oauthRoutes(app, ctx, { testAutoApprove: opts.testAutoApprove });
  oauthGrantRoutes(app, ctx);
  if (opts.mcp) await mountMcp(app, { config: ctx.config, keyring: ctx.keyring, rateLimits: ctx.rateLimits, db: ctx.database.db });
  applicationRoutes(app, ctx);
  correspondenceRoutes(app, ctx);
  auditRoutes(app, ctx);
  reportRoutes(app, ctx);
  activityStreamRoutes(app, ctx);
  webhookRoutes(app, ctx);
  examinerRoutes(app, ctx);
  feeRoutes(app, ctx);
  quoteRoutes(app, ctx);
  accountRoutes(app, ctx);
  watchRoutes(app, ctx);
  responsePlanRoutes(app, ctx);
  analysisDetailRoutes(app, ctx);
  spendingCapRoutes(app, ctx);
  await billingRoutes(app, ctx);
  await officeActionUploadRoutes(app, ctx);
  analysisTextRoutes(app, ctx);
  accountMailRoutes(app, ctx);
  firmRoutes(app, ctx);
  oidcSignInRoutes(app, ctx);
  identityRoutes(app, ctx);
  notificationRoutes(app, ctx);
  await unsubscribeRoutes(app, ctx);
  return app;
}
