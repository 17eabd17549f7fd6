import { calculatorBody, runCalculator, type CalculatorBody } from '../queries/deadline-calculator.ts';
import { validationError } from '../errors.ts';
import { printResult } from './output.ts';
import { todayUtc } from '../clock.ts';
import type { LifeDeadline } from '../domain/deadlines/index.ts';

export interface DeadlinesCalcOptions {
  action: string;
  mailed: string;
  periodMonths?: string;
  advisory?: string;
  replyFiled?: string;
  entity: 'large' | 'small' | 'micro';
  applicationType?: string;
  json?: boolean;
}

/** `prosa deadlines calc`: the same input and output as POST /api/deadlines/calculate. */
export async function deadlinesCalcCommand(o: DeadlinesCalcOptions): Promise<void> {
  let period: number | undefined;
  if (o.periodMonths !== undefined) {
    period = Number(o.periodMonths);
    if (!Number.isInteger(period)) throw validationError('period_months', 'must be a whole number of months');
  }
  let applicationType: CalculatorBody['application_type'];
  if (o.applicationType !== undefined) {
    const parsed = calculatorBody.shape.application_type.safeParse(o.applicationType);
    if (!parsed.success) throw validationError('application_type', 'must be one of utility, design, plant, reissue');
    applicationType = parsed.data;
  }
  const result = runCalculator(
    {
      action: o.action,
      mailing_date: o.mailed,
      period_months: period,
      advisory_date: o.advisory,
      reply_filed_date: o.replyFiled,
      entity: o.entity,
      application_type: applicationType,
    },
    todayUtc(),
  );
  if (o.json) return printResult(result, true);
  const lines: string[] = [];
  if (result.ssp_months !== null) {
    lines.push(
      `${result.action} mailed ${result.mailing_date}: ${result.ssp_months}-month period${result.extendable ? ', extendable' : ', not extendable'}`,
      `  reply without extension fee by ${result.ssp_due_effective}${result.ssp_due_effective !== result.ssp_due ? ` (nominal ${result.ssp_due}, rolled to the next business day)` : ''}`,
      ...(result.extensions ?? []).map(
        (e) =>
          `  with ${e.months}-month extension by ${e.due_effective}  fee ${e.fee ? `large $${e.fee.large} / small $${e.fee.small} / micro $${e.fee.micro}` : 'n/a'}`,
      ),
      `  last day to reply at all: ${result.critical_deadline_date}`,
      `  abandoned if no reply: ${result.abandonment_date_if_no_reply}`,
    );
  } else {
    lines.push(`${result.action} on ${result.mailing_date}:`);
  }
  lines.push(...result.deadlines.map(deadlineLine));
  if (result.ssp_months === null) {
    lines.push(
      ...(result.extensions ?? []).map(
        (e) =>
          `  with ${e.months}-month extension by ${e.due_effective}  fee ${e.fee ? `large $${e.fee.large} / small $${e.fee.small} / micro $${e.fee.micro}` : 'n/a'}`,
      ),
    );
  }
  lines.push(...result.notes.map((n) => `  note: ${n}`));
  process.stdout.write(`${lines.join('\n')}\n`);
}

function deadlineLine(d: LifeDeadline): string {
  const parts = [
    `  ${d.kind}: due ${d.due_effective}${d.due_effective !== d.due ? ` (nominal ${d.due})` : ''}`,
    d.opens ? `opens ${d.opens}` : null,
    d.surcharge_until ? `with surcharge until ${d.surcharge_until}` : null,
    d.extendable ? 'extendable' : 'not extendable',
    d.max_extended_due ? `at the latest ${d.max_extended_due}` : null,
  ].filter((x) => x !== null);
  return `${parts.join(', ')}  [${d.citation}]`;
}
