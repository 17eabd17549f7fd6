import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../../errors.ts';
import type { ApplicationRow } from '../../../db/schema.ts';
import { findDocketItem } from '../../../queries/docket.ts';
import { idsTimingFor } from '../../../queries/ids-docket.ts';
import { todayUtc } from '../../../clock.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { accountApplicationOr404 } from '../../account-application.ts';
import { idsTimingSchema, presentIdsTiming } from '../../../presenters/ids-timing.ts';

const query = z.object({ date: z.iso.date().optional().describe('The day the IDS would be filed, YYYY-MM-DD; default today (UTC)') });
const DESCRIPTION =
  "The 37 CFR 1.97 window an information disclosure statement filed on `date` falls in, from the docket: `window` (1.97(b), 1.97(c), 1.97(d) or after_issue_fee), `basis` (filing date, three months after it, the first action on the merits, the closing action, the latest RCE, the issue-fee payment), `requirement` (none, statement_or_fee, statement_and_fee, not_considered), `statement_required`, `fee_required`, `fee` (37 CFR 1.17(p) for the account's entity size, with all sizes), `explanation` and `citations`. Free.";

/** GET .../ids-timing: the rule of src/domain/ids-timing.ts on the docket's dates (web IDS page, MCP). */
export function idsTimingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  const answer = async (accountId: string, application: ApplicationRow, date: string | undefined) => {
    const timing = await idsTimingFor(db, application, accountId, date ?? todayUtc());
    if (!timing) {
      throw new AppError(
        422,
        'application_record_incomplete',
        `The record of application ${application.application_number} has no filing date, which the IDS timing of 37 CFR 1.97(b) counts from.`,
        'Add the filing date to the docket entry (PATCH /api/docket/{id}), then retry.',
      );
    }
    return presentIdsTiming(application.application_number, timing);
  };

  r.get(
    '/docket/:id/ids-timing',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['docket'],
        summary: 'IDS timing window (37 CFR 1.97) of a docket application',
        description: DESCRIPTION,
        params: z.object({ id: z.string().max(100) }),
        querystring: query,
        response: { 200: idsTimingSchema },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const item = await findDocketItem(db, accountId, request.params.id);
      if (!item) throw notFound('Docket entry', 'docket_entry_not_found');
      return answer(accountId, item.application, request.query.date);
    },
  );

  r.get(
    '/applications/:number/ids-timing',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['applications'],
        summary: 'IDS timing window (37 CFR 1.97) of an application',
        description: DESCRIPTION,
        params: z.object({ number: z.string().max(64) }),
        querystring: query,
        response: { 200: idsTimingSchema },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const { application } = await accountApplicationOr404(ctx, accountId, request.params.number);
      return answer(accountId, application, request.query.date);
    },
  );
}
