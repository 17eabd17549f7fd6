import { runCalculator } from '../http/routes/api/deadline-calculator.ts';
import { validationError } from '../errors.ts';
import { printResult } from './output.ts';
import { todayUtc } from '../clock.ts';

export interface DeadlinesCalcOptions {
  action: string;
  mailed: string;
  periodMonths?: string;
  advisory?: string;
  replyFiled?: string;
  entity: 'large' | 'small' | 'micro';
  json?: boolean;
}

/** `prosa deadlines calc`: the same input and output as POST /api/deadlines/calculate. */
export async function deadlinesCalcCommand(o: DeadlinesCalcOptions): Promise<void> {
  let period: number | undefined;
  if (o.periodMonths !== undefined) {
    period = Number(o.periodMonths);
    if (!Number.isInteger(period)) throw validationError('period_months', 'must be a whole number of months');
  }
  const result = runCalculator(
    { action: o.action, mailing_date: o.mailed, period_months: period, advisory_date: o.advisory, reply_filed_date: o.replyFiled, entity: o.entity },
    todayUtc(),
  );
  if (o.json) return printResult(result, true);
  const lines = [
    `${result.action} mailed ${result.mailing_date}: ${result.ssp_months}-month period${result.extendable ? ', extendable' : ', not extendable'}`,
    `  reply without extension fee by ${result.ssp_due_effective}${result.ssp_due_effective !== result.ssp_due ? ` (nominal ${result.ssp_due}, rolled to the next business day)` : ''}`,
    ...result.extensions.map((e) => `  with ${e.months}-month extension by ${e.due_effective}  fee ${e.fee ? `large $${e.fee.large} / small $${e.fee.small} / micro $${e.fee.micro}` : 'n/a'}`),
    `  last day to reply at all: ${result.critical_deadline_date}`,
    `  abandoned if no reply: ${result.abandonment_date_if_no_reply}`,
    ...result.notes.map((n) => `  note: ${n}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
