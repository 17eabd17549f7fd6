import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../../errors.ts';
import { readSpendingCap, spendingCapSetter } from '../../../commands/spending-cap.ts';
import { presentSpendingCap, spendingCapSchema } from '../../../presenters/spending-cap.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { actorOf } from '../../actor.ts';

const spendingCapBody = z
  .object({
    daily_ai_cap: z
      .union([z.string().max(32), z.number(), z.null()])
      .describe('Credits per UTC day that analyses may cost, e.g. "10.00"; null removes the cap'),
  })
  .strict();

/**
 * GET/PATCH /api/account/spending-cap: the owner's daily cap on AI usage (issue 12). Any credential
 * of the account may read it; only the owner (a web session or an API key) may change it, never an
 * assistant (bearer tokens of the MCP server): 403 `assistant_not_allowed`.
 */
export function spendingCapRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;
  r.get(
    '/account/spending-cap',
    {
      config: { auth: 'account' },
      schema: { tags: ['account'], summary: "The account's daily AI spending cap and today's AI spend", response: { 200: spendingCapSchema } },
    },
    async (request) => presentSpendingCap(await readSpendingCap(db, accountIdOf(request))),
  );

  r.patch(
    '/account/spending-cap',
    {
      config: { auth: 'account', permission: 'billing' },
      schema: {
        tags: ['account'],
        summary: 'Set or remove the daily AI spending cap (owner only: session or API key, not an assistant)',
        description:
          "When the day's analysis token charges reach the cap, analyze answers 402 spending_cap_reached until UTC midnight. Audited (account.spending_cap_set).",
        body: spendingCapBody,
        response: { 200: spendingCapSchema },
      },
    },
    async (request) => {
      if (request.principal?.via === 'bearer') {
        throw new AppError(
          403,
          'assistant_not_allowed',
          'An assistant cannot change the spending cap; only the account owner can.',
          'Tell the user to change the daily AI spending cap in the Prosa web app (Settings) or with an API key.',
        );
      }
      return presentSpendingCap(await spendingCapSetter(db, actorOf(request), { accountId: accountIdOf(request), dailyAiCap: request.body.daily_ai_cap }));
    },
  );
}
