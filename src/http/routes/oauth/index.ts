import type { FastifyInstance } from 'fastify';
import type { Provider } from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import { createOAuthProvider } from '../../../auth/oauth/provider.ts';
import { purgeExpiredOAuthArtifacts } from '../../../auth/oauth/adapter.ts';
import { oauthProviderRoutes } from './provider-mount.ts';
import { oauthInteractionRoutes, type InteractionOptions } from './interaction.ts';
import { oauthUserinfoRoutes } from './userinfo.ts';
import { oauthIntrospectionRoutes } from './introspect.ts';

/** Expired codes, tokens, sessions and interactions are deleted this often (and once at start). */
const PURGE_INTERVAL_MS = 10 * 60 * 1000;

export type OAuthRouteOptions = InteractionOptions;

/** The OAuth 2.1 authorization server: the provider, our pages, /oauth/userinfo and /oauth/introspect (MCP server only). */
export async function oauthRoutes(app: FastifyInstance, ctx: AppContext, opts: OAuthRouteOptions = {}): Promise<Provider> {
  const provider = createOAuthProvider(ctx, app.grantCache);
  await oauthProviderRoutes(app, ctx, provider);
  await oauthInteractionRoutes(app, ctx, provider, opts);
  oauthUserinfoRoutes(app, ctx);
  await oauthIntrospectionRoutes(app, ctx);

  const purge = () => purgeExpiredOAuthArtifacts(ctx.database.db).catch((err: unknown) => app.log.warn({ err }, 'purging expired OAuth artifacts failed'));
  const timer = setInterval(purge, PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    await purge();
  });
  app.addHook('onClose', async () => clearInterval(timer));
  return provider;
}
