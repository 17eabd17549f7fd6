import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { validationError } from '../../../errors.ts';
import { addDays, toDayNumber } from '../../../domain/deadlines/calendar.ts';
import { matterUsage } from '../../../queries/matter-report.ts';
import { matterReportCsv, matterReportSchema, presentMatterReport, type MatterReport } from '../../../presenters/matter-report.ts';
import { todayUtc } from '../../../clock.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { isoDate } from '../../../requests/draft-schemas.ts';

/** Longest range one report covers: two years of days. */
const MAX_REPORT_DAYS = 731;
/** Range when none is given: the last 30 days. */
const DEFAULT_DAYS = 30;

const rangeQuery = z.object({
  from: isoDate.optional().describe('First day (UTC), YYYY-MM-DD; default 30 days before `to`'),
  to: isoDate.optional().describe('Last day (UTC, inclusive), YYYY-MM-DD; default today'),
});

/**
 * Who may read the account's billing reports. Today the account owner is the only person of an
 * account, so any caller of the account may; when accounts get members with roles, the
 * owner-only check goes here, for both routes.
 */
function assertMayReadBilling(_request: FastifyRequest): void {}

/** GET /api/reports/matters and /api/reports/matters.csv: usage per application and client matter. */
export function reportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  const report = async (request: FastifyRequest, q: z.infer<typeof rangeQuery>): Promise<MatterReport> => {
    assertMayReadBilling(request);
    const to = q.to ?? todayUtc();
    const from = q.from ?? addDays(to, -DEFAULT_DAYS);
    if (from > to) throw validationError('to', `must not be before from (${from})`);
    if (toDayNumber(to) - toDayNumber(from) + 1 > MAX_REPORT_DAYS)
      throw validationError('from', `the range may cover at most ${MAX_REPORT_DAYS} days; ask for shorter ranges`);
    const usage = await matterUsage(db, accountIdOf(request), { from: new Date(`${from}T00:00:00Z`), until: new Date(`${addDays(to, 1)}T00:00:00Z`) });
    return presentMatterReport(from, to, usage);
  };

  const description =
    "Per application (and its docket entry's client matter): office-action analyses, drafts and exports, and the credits they used (charges less refunds) over the range of UTC days, inclusive. For billing usage back to clients.";

  r.get(
    '/reports/matters',
    {
      config: { auth: 'account', permission: 'billing' },
      schema: {
        tags: ['credits'],
        summary: 'Usage per application and client matter over a date range',
        description,
        querystring: rangeQuery,
        response: { 200: matterReportSchema },
      },
    },
    async (request) => report(request, request.query),
  );

  r.get(
    '/reports/matters.csv',
    {
      config: { auth: 'account', permission: 'billing' },
      schema: {
        tags: ['credits'],
        summary: 'Usage per application and client matter over a date range, as CSV',
        description: `${description} Columns: client_matter, application_number, invention_title, analyses, drafts, drafts_completed, credits_used, from, to. Cells a spreadsheet would run as formulas start with an apostrophe.`,
        querystring: rangeQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('UTF-8 CSV with a header row (text/csv)') },
      },
    },
    async (request, reply) => {
      const data = await report(request, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="prosa-matters-${data.from}-to-${data.to}.csv"`)
        .send(matterReportCsv(data));
    },
  );
}
