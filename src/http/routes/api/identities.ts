import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { memberIdOf, accountIdOf } from '../../plugins/auth.ts';
import { actorOf } from '../../actor.ts';
import { identityUnlinker } from '../../../commands/identity-unlinker.ts';
import { identitiesSchema, presentIdentity } from '../../../presenters/identity.ts';

/** The third-party sign-ins linked to the signed-in account (Settings > Profile), and unlinking. */
export function identityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  r.get('/auth/identities', { config: { auth: 'session' }, schema: { tags: ['account'], response: { 200: identitiesSchema } } }, async (request) => {
    // Each person's own ways in (migration 032: identities and passwords are the member's).
    const memberId = memberIdOf(request);
    const [rows, account] = await Promise.all([
      db
        .selectFrom('oidc_identities')
        .select(['id', 'provider', 'issuer', 'email', 'created_at', 'last_used_at'])
        .where('member_id', '=', memberId)
        .orderBy('created_at')
        .execute(),
      db.selectFrom('members').select(['password_hash']).where('id', '=', memberId).executeTakeFirstOrThrow(),
    ]);
    return {
      has_password: account.password_hash !== null,
      identities: rows.map(presentIdentity),
    };
  });

  r.delete(
    '/auth/identities/:id',
    {
      config: { auth: 'session', permission: 'self' },
      schema: { tags: ['account'], params: z.object({ id: z.uuid() }), response: { 204: z.null().describe('Unlinked') } },
    },
    async (request, reply) => {
      await identityUnlinker(db, actorOf(request), { accountId: accountIdOf(request), memberId: memberIdOf(request), identityId: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
