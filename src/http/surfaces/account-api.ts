import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { addUsageHeaders } from '../plugins/usage-headers.ts';
import { SURFACE_NEEDS, surfacePlugin } from '../plugins/shared-plugin.ts';
import { analysisRoutes } from '../routes/analyses.ts';
import { deadlineCalculatorRoute } from '../routes/api/deadline-calculator.ts';
import { authRoutes } from '../routes/api/auth.ts';
import { keyRoutes } from '../routes/api/keys.ts';
import { creditRoutes } from '../routes/api/credits.ts';
import { docketRoutes } from '../routes/api/docket.ts';
import { docketImportRoutes } from '../routes/api/docket-import.ts';
import { claimsRoutes } from '../routes/api/claims.ts';
import { fileDocumentRoutes } from '../routes/api/file-documents.ts';
import { claimChartRoutes } from '../routes/api/claim-chart.ts';
import { usptoFileRoutes } from '../routes/api/uspto-file.ts';
import { docketDeadlinesRoute } from '../routes/api/deadlines.ts';
import { calendarRoutes } from '../routes/calendar.ts';
import { exportRoutes } from '../routes/api/exports.ts';
import { idsTimingRoutes } from '../routes/api/ids-timing.ts';
import { oauthGrantRoutes } from '../routes/api/oauth-grants.ts';
import { applicationRoutes } from '../routes/api/applications.ts';
import { correspondenceRoutes } from '../routes/api/correspondence.ts';
import { auditRoutes } from '../routes/api/audit.ts';
import { reportRoutes } from '../routes/api/reports.ts';
import { activityStreamRoutes } from '../routes/api/activity-stream.ts';
import { webhookRoutes } from '../routes/api/webhooks.ts';
import { examinerRoutes } from '../routes/api/examiners.ts';
import { feeRoutes } from '../routes/api/fees.ts';
import { quoteRoutes } from '../routes/api/quote.ts';
import { accountRoutes } from '../routes/api/account.ts';
import { watchRoutes } from '../routes/api/watch.ts';
import { responsePlanRoutes } from '../routes/api/response-plans.ts';
import { analysisDetailRoutes } from '../routes/api/analysis-detail.ts';
import { spendingCapRoutes } from '../routes/api/spending-cap.ts';
import { billingRoutes } from '../routes/web/billing.ts';
import { officeActionUploadRoutes } from '../routes/web/office-action-upload.ts';
import { analysisTextRoutes } from '../routes/web/analysis-text.ts';
import { accountMailRoutes } from '../routes/web/account-mail.ts';
import { firmRoutes } from '../routes/api/firm.ts';
import { oidcSignInRoutes } from '../routes/web/oidc-sign-in.ts';
import { identityRoutes } from '../routes/api/identities.ts';
import { notificationRoutes } from '../routes/api/notifications.ts';

/**
 * The account API, registered at the prefix `/api`: the web app's and the MCP server's calls and
 * API-token scripts (session cookie, bearer token or API key), every route declared relative to
 * the prefix. Usage headers are added here, in its scope. Its misses are the shared JSON 404/405
 * of the root (no hook of its own concerns them). Routes are registered in the order of
 * /api/openapi.json's paths.
 */
export function accountApiSurface(ctx: AppContext) {
  return surfacePlugin(
    'prosa-account-api',
    async (app: FastifyInstance) => {
      addUsageHeaders(app, ctx);
      app.get('/openapi.json', { config: { auth: 'none' }, schema: { hide: true } }, async () => app.openApiDocuments.api());
      analysisRoutes(app, ctx);
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
      exportRoutes(app, ctx);
      idsTimingRoutes(app, ctx);
      oauthGrantRoutes(app, ctx);
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
    },
    SURFACE_NEEDS,
  );
}
