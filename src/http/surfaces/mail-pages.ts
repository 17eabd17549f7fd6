import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { PLUGIN, surfacePlugin } from '../plugins/shared-plugin.ts';
import { unsubscribeRoutes } from '../routes/web/unsubscribe.ts';

/**
 * Pages that mail links open without signing in, at the root of the site: /unsubscribe. Their
 * form parser stays in this scope. (The web application itself is the shared `prosa-web-app`
 * plugin: it answers the requests no route serves.)
 */
export function mailPagesSurface(ctx: AppContext) {
  return surfacePlugin(
    'prosa-mail-pages',
    async (app: FastifyInstance) => {
      await unsubscribeRoutes(app, ctx);
    },
    [PLUGIN.errors, PLUGIN.rateLimit],
  );
}
