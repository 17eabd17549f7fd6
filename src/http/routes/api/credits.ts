import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { listLedger } from '../../../queries/credits.ts';
import { requestAccountWithBalance } from '../../../queries/request-balance.ts';
import { creditsPageSchema, presentBalance, presentLedgerEntry } from '../../../presenters/account.ts';
import { presentPricing, pricingSchema } from '../../../presenters/pricing.ts';
import { accountIdOf } from '../../plugins/auth.ts';

export function creditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  r.get(
    '/credits',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['credits'],
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(200).default(50),
          before: z
            .string()
            .regex(/^\d{1,18}$/, 'must be a ledger entry id')
            .optional(),
        }),
        response: { 200: creditsPageSchema },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      // The account and balance from the app's account cache when it holds them (no statement):
      // the ledger page is then the request's only statement.
      const [found, page] = await Promise.all([
        requestAccountWithBalance(db, request, accountId),
        listLedger(db, accountId, { limit: request.query.limit, before: request.query.before ? BigInt(request.query.before) : undefined }),
      ]);
      return {
        ...presentBalance(found?.balanceMicro ?? 0n),
        model_multiplier: found ? found.account.model_multiplier_milli / 1000 : 1,
        entries: page.entries.map(presentLedgerEntry),
        next_cursor: page.nextCursor,
      };
    },
  );

  r.get('/pricing', { config: { auth: 'none' }, schema: { tags: ['credits'], response: { 200: pricingSchema } } }, async () => presentPricing());
}
