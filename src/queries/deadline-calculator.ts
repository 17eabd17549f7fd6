// The deadline calculator's one input shape and runner, shared by POST /api/deadlines/calculate,
// `prosa deadlines calc` and the MCP tool (which reuses the body schema). No I/O: the engine is
// pure; this turns the wire body into its input and its input errors into validation errors.
import { z } from 'zod';
import { validationError } from '../errors.ts';
import {
  APPLICATION_TYPES,
  calculate,
  CALCULATOR_KINDS,
  DeadlineInputError,
  type EVENT_KINDS,
  parseCalculatorKind,
  type CalculatorResult,
} from '../domain/deadlines/index.ts';

export const calculatorBody = z
  .object({
    /** A kind (non_final, ..., notice_of_allowance, grant, notice_of_appeal, ...) or an interface code (CTNF, CTFR, CTED, CTRS). */
    action: z.string().max(40),
    /** The action's mailing date, or for an event kind the event's date (issue date, filing date, priority date). */
    mailing_date: z.string().max(10),
    period_months: z.number().int().optional(),
    advisory_date: z.string().max(10).optional(),
    reply_filed_date: z.string().max(10).optional(),
    entity: z.enum(['large', 'small', 'micro']).optional(),
    /** Optional: design and plant patents owe no maintenance fees; a design has six months of foreign priority. */
    application_type: z.enum(APPLICATION_TYPES).optional(),
  })
  .strict();

export type CalculatorBody = z.infer<typeof calculatorBody>;

/** Every valid `action`, for error messages and the OpenAPI description. */
export const VALID_KINDS_TEXT = `${CALCULATOR_KINDS.join(', ')} (or the interface codes CTNF, CTFR, CTED, CTRS)`;

/** Event kinds, with what their date is. */
export const EVENT_KIND_DATES: Readonly<Record<(typeof EVENT_KINDS)[number], string>> = {
  grant: "the patent's issue date",
  notice_of_appeal: 'the filing date of the notice of appeal',
  examiners_answer: "the mailing date of the examiner's answer",
  provisional_filing: "the provisional application's filing date",
  foreign_filing: "the foreign application's filing date",
  pct_priority: "the PCT application's earliest priority date",
};

/** Shared by the HTTP route, the CLI and the MCP tool: one input shape, one output shape. */
export function runCalculator(body: CalculatorBody, today: string): CalculatorResult {
  const action = parseCalculatorKind(body.action);
  if (!action) throw validationError('action', `must be one of ${VALID_KINDS_TEXT}`);
  try {
    return calculate({
      action,
      mailingDate: body.mailing_date,
      periodMonths: body.period_months,
      advisoryDate: body.advisory_date,
      replyFiledDate: body.reply_filed_date,
      entity: body.entity,
      applicationType: body.application_type,
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
