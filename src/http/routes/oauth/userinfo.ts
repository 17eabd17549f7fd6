/**
 * GET/POST /oauth/userinfo (OpenID Connect Core §5.3): our own route, because the library's
 * userinfo rejects JWT access tokens (prototype pitfall 8). The bearer token (RFC 6750 §2.1,
 * header only) is verified locally and its grant must still be alive.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { bearerPrincipal, invalidToken } from '../../plugins/auth.ts';
import { findLiveMember } from '../../../queries/members.ts';
import { apiResource, mcpResource } from '../../../auth/oauth/constants.ts';

export function oauthUserinfoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const audiences = [mcpResource(ctx.config), apiResource(ctx.config)];
  const handler = async (request: FastifyRequest) => {
    const principal = await bearerPrincipal(ctx, request, audiences, request.server.grantCache);
    if (!principal) throw invalidToken('Send the access token in the Authorization header: Bearer <token>.');
    const member = await findLiveMember(ctx.database.db, principal.memberId);
    if (!member) throw invalidToken('The account no longer exists.');
    return { sub: member.id, email: member.email, name: member.display_name ?? null };
  };
  for (const method of ['GET', 'POST'] as const) {
    app.route({ method, url: '/oauth/userinfo', config: { auth: 'none', rateLimit: 'oauth_token' }, schema: { tags: ['oauth'] }, handler });
  }
}
