import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { validationError } from '../../../errors.ts';
import { docketDeadlines } from '../../../queries/docket-deadlines.ts';
import { docketDeadlinesSchema, presentDocketDeadlines } from '../../../presenters/docket-deadlines.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { todayUtc } from '../../../clock.ts';

const DEFAULT_WITHIN_DAYS = 30;
const MAX_WITHIN_DAYS = 3650;

/** `within` is a number of days written `Nd` (30d), 1 to 3650 (ten years). */
function parseWithin(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_WITHIN_DAYS;
  const m = /^(\d{1,4})d$/.exec(raw.trim());
  const days = m ? Number(m[1]) : NaN;
  if (!(days >= 1 && days <= MAX_WITHIN_DAYS)) throw validationError('within', `must be a number of days from 1d to ${MAX_WITHIN_DAYS}d, such as 30d`);
  return days;
}

/** GET /api/deadlines: the signed-in account's upcoming deadlines across its docket. */
export function docketDeadlinesRoute(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/deadlines',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['deadlines'],
        summary: "Upcoming deadlines across the account's docket",
        description:
          "Entries whose next deadline (response deadline, else the next extension date) falls within `within` days from today (UTC), most urgent first; entries whose last day to reply has passed are listed first with overdue: true. Fees are for the account entity size. `life_deadlines`: the issue fee (and continuation copendency) from a notice of allowance unless the issue fee is paid, maintenance fees from the patent's issue date, the reply brief and oral-hearing request from an examiner's answer, the appeal brief from a notice of appeal — each `{event, deadline: {kind, opens, due, due_effective, surcharge_until, extendable, max_extended_due, citation}, next_date, days_remaining, overdue}`, same window.",
        querystring: z.object({ within: z.string().max(20).optional() }),
        response: { 200: docketDeadlinesSchema },
      },
    },
    async (request) => {
      const withinDays = parseWithin(request.query.within);
      const today = todayUtc();
      const list = await docketDeadlines(ctx.database.db, accountIdOf(request), { today, withinDays });
      return presentDocketDeadlines(list, withinDays);
    },
  );
}
