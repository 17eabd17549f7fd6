import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { PLUGIN, surfacePlugin } from '../plugins/shared-plugin.ts';
import { oauthRoutes, type OAuthRouteOptions } from '../routes/oauth/index.ts';

/**
 * The OAuth 2.1 authorization server: /oauth (the provider, our sign-in and consent pages,
 * userinfo, introspection) and its discovery documents under /.well-known. Encapsulated (the
 * provider's body handling, the form parser and the page views stay in its scope) but registered
 * without a prefix: it spans two roots, and its paths are the provider's own configuration
 * (OAUTH_ROUTES, INTERACTION_PATH), which its metadata publishes.
 */
export function oauthServerSurface(ctx: AppContext, opts: OAuthRouteOptions) {
  return surfacePlugin(
    'prosa-oauth-server',
    async (app: FastifyInstance) => {
      await oauthRoutes(app, ctx, opts);
    },
    [PLUGIN.errors, PLUGIN.cookie, PLUGIN.rateLimit],
  );
}
