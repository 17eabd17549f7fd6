import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { accountEntitySize } from '../../../queries/accounts.ts';
import { feeScheduleSchema, presentFeeSchedule } from '../../../presenters/fees.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { todayUtc } from '../../../clock.ts';

/** GET /api/fees: the USPTO fee tables the deadline engine uses, for the account's entity size. */
export function feeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/fees',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['deadlines'],
        summary: 'USPTO fee schedule for the account entity size',
        description:
          '37 CFR 1.17(a) extension-of-time fees month by month, every dated table with effective dates, in_force and citations; `fee` for the account entity size, `fees` for all three.',
        response: { 200: feeScheduleSchema },
      },
    },
    async (request) => presentFeeSchedule(await accountEntitySize(ctx.database.db, accountIdOf(request)), todayUtc()),
  );
}
