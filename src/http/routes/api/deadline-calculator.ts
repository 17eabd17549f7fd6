import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { todayUtc } from '../../../clock.ts';
import { calculatorBody, EVENT_KIND_DATES, runCalculator, VALID_KINDS_TEXT } from '../../../queries/deadline-calculator.ts';
import { deadlineCalculationSchema } from '../../../presenters/deadline-calculation.ts';
import { errorObjectSchema } from '../../schemas.ts';

const DESCRIPTION = [
  `\`action\`: one of ${VALID_KINDS_TEXT}; an unknown kind is 400 listing them.`,
  "Office-action kinds: `mailing_date` is the action's mailing date; the answer has the reply period, each 37 CFR 1.136(a) extension month with its 37 CFR 1.17(a) fee, and `deadlines: [response]`. `notice_of_allowance` gives `deadlines: [issue_fee, continuation_copendency]`.",
  `Event kinds (\`mailing_date\` is the event's date): ${Object.entries(EVENT_KIND_DATES)
    .map(([k, v]) => `\`${k}\` (${v})`)
    .join(', ')}.`,
  'grant: maintenance_fee_3_5 / 7_5 / 11_5 (opens at 3/7/11 years, due at 3.5/7.5/11.5 years, surcharge_until at 4/8/12 years; 35 U.S.C. 41(b); 37 CFR 1.362(d), (e)) and continuation_copendency (the issue date). notice_of_appeal: appeal_brief (2 months, 37 CFR 41.37(a), extendable under 1.136(a) to 7 months; `extensions` lists the months). examiners_answer: reply_brief (37 CFR 41.41(a)) and oral_hearing_request (37 CFR 41.47(b)), 2 months, not extendable under 1.136(a). provisional_filing: nonprovisional_claiming_provisional (12 months, 35 U.S.C. 119(e); restoration by petition to 14 months, 37 CFR 1.78(b)). foreign_filing: us_filing_claiming_foreign_priority (12 months, 35 U.S.C. 119(a); restoration to 14 months, 37 CFR 1.55(c); design 6 months, 35 U.S.C. 172). pct_priority: us_national_stage (30 months, 35 U.S.C. 371(b); 37 CFR 1.495(b)).',
  'Every date is rolled to the next business day (35 U.S.C. 21(b); 37 CFR 1.7(a)). For an event kind the Office-action fields are null. Optional `application_type` (utility, design, plant, reissue): design and plant patents owe no maintenance fees; a design has six months of foreign priority and no restoration.',
].join('\n\n');

/** POST /api/deadlines/calculate: the public calculator. Free, no authentication, rate-limited as free. */
export function deadlineCalculatorRoute(app: FastifyInstance, _ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/deadlines/calculate',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['deadlines'],
        summary: "Every deadline an Office action or an event of an application's life starts",
        description: DESCRIPTION,
        body: calculatorBody,
        response: { 200: deadlineCalculationSchema, 400: errorObjectSchema },
      },
    },
    async (request) => runCalculator(request.body, todayUtc()),
  );
}
