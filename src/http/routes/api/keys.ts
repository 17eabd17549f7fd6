import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { apiKeyCreator } from '../../../commands/api-key-creator.ts';
import { apiKeyRevoker } from '../../../commands/api-key-revoker.ts';
import { listApiKeys } from '../../../queries/api-keys.ts';
import { apiKeySchema, apiKeysSchema, createdApiKeySchema, presentApiKey } from '../../../presenters/account.ts';
import { memberIdOf, accountIdOf } from '../../plugins/auth.ts';
import { actorOf } from '../../actor.ts';

/** API keys are managed from a signed-in session only (a leaked key cannot mint keys). */
export function keyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  r.post(
    '/keys',
    {
      config: { auth: 'session', permission: 'self' },
      schema: { body: z.object({ name: z.string().max(1000) }), tags: ['account'], response: { 201: createdApiKeySchema } },
    },
    async (request, reply) => {
      const { row, key } = await apiKeyCreator(db, actorOf(request), {
        accountId: accountIdOf(request),
        memberId: memberIdOf(request),
        name: request.body.name,
      });
      return reply.status(201).send({ ...presentApiKey(row), key, notice: 'Store this key now: it is shown only once and cannot be retrieved later.' });
    },
  );

  r.get('/keys', { config: { auth: 'session' }, schema: { tags: ['account'], response: { 200: apiKeysSchema } } }, async (request) => {
    const keys = await listApiKeys(db, accountIdOf(request), memberIdOf(request));
    return { keys: keys.map(presentApiKey) };
  });

  r.delete(
    '/keys/:id',
    {
      config: { auth: 'session', permission: 'self' },
      schema: {
        params: z.object({ id: z.string().max(100) }),
        tags: ['account'],
        summary: 'Revoke an API key: answers the key, revoked',
        response: { 200: apiKeySchema },
      },
    },
    async (request) => {
      const row = await apiKeyRevoker(db, actorOf(request), { accountId: accountIdOf(request), memberId: memberIdOf(request), keyId: request.params.id });
      // This process forgets the key before answering; other processes (and this one again) hear
      // of it through migration 019's notification (credential-listener.ts).
      app.credentialCache.forgetKey(row.id);
      return presentApiKey(row);
    },
  );
}
