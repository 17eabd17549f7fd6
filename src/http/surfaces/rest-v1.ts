import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { addUsageHeaders } from '../plugins/usage-headers.ts';
import { addDeprecationHeaders } from '../plugins/deprecation.ts';
import { SURFACE_NEEDS, surfacePlugin } from '../plugins/shared-plugin.ts';
import { analyzeRoute } from '../routes/analyses.ts';
import { lookupRoute } from '../routes/v1/lookup.ts';
import { examinerRoute } from '../routes/v1/examiner.ts';
import { deadlinesRoute } from '../routes/v1/deadlines.ts';
import { draftRoaRoutes } from '../routes/v1/draft-roa.ts';
import { downloadRoute } from '../routes/v1/download.ts';

/**
 * The retired REST interface, registered at the prefix `/v1`: its OpenAPI document at
 * `/openapi.json` and the six operations under `/prosa`. Its hooks live here, so only its
 * responses carry them: usage headers on authenticated answers, and Deprecation, Sunset and the
 * successor Link on every answer, its misses included (it answers them itself, with the shared
 * JSON 404/405, so that its hooks run on them).
 */
export function restV1Surface(ctx: AppContext) {
  return surfacePlugin(
    'prosa-rest-v1',
    async (app: FastifyInstance) => {
      addUsageHeaders(app, ctx);
      addDeprecationHeaders(app, ctx);
      app.setNotFoundHandler(app.answerNotFound);
      app.get('/openapi.json', { config: { auth: 'none' }, schema: { hide: true } }, async () => app.openApiDocuments.v1());
      await app.register(
        async (prosa) => {
          analyzeRoute(prosa, ctx);
          lookupRoute(prosa, ctx);
          examinerRoute(prosa, ctx);
          deadlinesRoute(prosa, ctx);
          draftRoaRoutes(prosa, ctx);
          downloadRoute(prosa, ctx);
        },
        { prefix: '/prosa' },
      );
    },
    SURFACE_NEEDS,
  );
}
