import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { validationError } from '../../../errors.ts';
import { calculateDeadlines, DeadlineInputError, parseActionKind } from '../../../domain/deadlines/index.ts';
import { todayUtc } from '../../../clock.ts';

export const calculatorBody = z.object({
  /** A kind (non_final, final, restriction, ...) or an interface code (CTNF, CTFR, CTED, CTRS). */
  action: z.string().max(40),
  mailing_date: z.string().max(10),
  period_months: z.number().int().optional(),
  advisory_date: z.string().max(10).optional(),
  reply_filed_date: z.string().max(10).optional(),
  entity: z.enum(['large', 'small', 'micro']).optional(),
}).strict();

export type CalculatorBody = z.infer<typeof calculatorBody>;

/** Shared by the HTTP route and the CLI: one input shape, one output shape. */
export function runCalculator(body: CalculatorBody, today: string) {
  const action = parseActionKind(body.action);
  if (!action) throw validationError('action', 'must be one of non_final, final, restriction, requirement_for_information, quayle, missing_parts, non_compliant_amendment, notice_of_allowance (or CTNF, CTFR, CTED, CTRS)');
  try {
    return calculateDeadlines({
      action,
      mailingDate: body.mailing_date,
      periodMonths: body.period_months,
      advisoryDate: body.advisory_date,
      replyFiledDate: body.reply_filed_date,
      entity: body.entity,
      today,
    });
  } catch (err) {
    if (err instanceof DeadlineInputError) throw validationError(snake(err.field), err.message.replaceAll(err.field, snake(err.field)));
    throw err;
  }
}

function snake(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** POST /api/deadlines/calculate: the public calculator. Free, no authentication, rate-limited as free. */
export function deadlineCalculatorRoute(app: FastifyInstance, _ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post('/api/deadlines/calculate', {
    config: { auth: 'none' },
    schema: { tags: ['deadlines'], body: calculatorBody },
  }, async (request) => runCalculator(request.body, todayUtc()));
}
