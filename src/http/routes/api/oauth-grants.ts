import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { listOAuthGrants } from '../../../queries/oauth-grants.ts';
import { oauthGrantRevoker } from '../../../commands/oauth-grant-revoker.ts';
import { oauthGrantsSchema, presentOAuthGrant } from '../../../presenters/oauth-grant.ts';
import { accountIdOf, memberIdOf } from '../../plugins/auth.ts';
import { actorOf } from '../../actor.ts';

/** The member's own connected apps (OAuth grants): list and disconnect. */
export function oauthGrantRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  r.get('/oauth/grants', { config: { auth: 'account' }, schema: { tags: ['account'], response: { 200: oauthGrantsSchema } } }, async (request) => {
    const grants = await listOAuthGrants(db, memberIdOf(request));
    return { grants: grants.map(presentOAuthGrant) };
  });

  r.delete(
    '/oauth/grants/:id',
    {
      config: { auth: 'account', permission: 'self' },
      schema: {
        params: z.object({ id: z.string().max(200) }),
        tags: ['account'],
        response: { 204: z.null().describe('Disconnected: its tokens stop working') },
      },
    },
    async (request, reply) => {
      // Forgotten by this process's grant cache before the answer (grant-cache.ts): its tokens' next MCP message is refused.
      const props = { accountId: accountIdOf(request), memberId: memberIdOf(request), grantId: request.params.id };
      await app.grantCache.revoking(props.grantId, () => oauthGrantRevoker(db, actorOf(request), props));
      return reply.status(204).send(null);
    },
  );
}
