// The wire shape of the deadline calculator's answer (POST /api/deadlines/calculate, `prosa
// deadlines calc --json`, the MCP tool calculate_deadline): src/domain/deadlines/types.ts
// DeadlineResult for an Office action, EventResult (Office-action fields null) for an event kind.
import { z } from 'zod';
import { CALCULATOR_KINDS } from '../domain/deadlines/index.ts';

const isoDate = z.string().describe('YYYY-MM-DD');
const feeTable = z.object({ large: z.string(), small: z.string(), micro: z.string() });

export const extensionDeadlineSchema = z.object({
  months: z.number().int().describe('Extension for reply within the n-th month, 37 CFR 1.136(a)'),
  due: isoDate,
  due_effective: isoDate.describe('Moved to the next business day (35 U.S.C. 21(b))'),
  capped_at_statutory_bar: z.boolean(),
  fee: feeTable.nullable().describe('37 CFR 1.17(a) fee in force on computed_on; null without a fee table'),
  fee_for_entity: z.string().nullable(),
  citation: z.string(),
});

const LIFE_DEADLINE_KINDS = [
  'response',
  'issue_fee',
  'continuation_copendency',
  'maintenance_fee_3_5',
  'maintenance_fee_7_5',
  'maintenance_fee_11_5',
  'appeal_brief',
  'reply_brief',
  'oral_hearing_request',
  'nonprovisional_claiming_provisional',
  'us_filing_claiming_foreign_priority',
  'us_national_stage',
] as const;

export const lifeDeadlineSchema = z.object({
  kind: z.enum(LIFE_DEADLINE_KINDS),
  opens: isoDate.nullable().describe('First day the act can be done (maintenance fee window); null when at once'),
  due: isoDate.describe('Nominal last day, by month arithmetic from the event'),
  due_effective: isoDate.describe('Moved to the next business day (35 U.S.C. 21(b); 37 CFR 1.7(a))'),
  surcharge_until: isoDate.nullable().describe('Maintenance fees: end of the six-month grace period with the 37 CFR 1.20(h) surcharge, rolled'),
  extendable: z.boolean().describe('Extendable under 37 CFR 1.136(a)'),
  max_extended_due: isoDate.nullable().describe('Latest date at all (with extensions, or by petition where the citation says so), rolled'),
  citation: z.string(),
});

const citationSchema = z.object({ field: z.string(), rule: z.string(), text: z.string() });

export const deadlineCalculationSchema = z.object({
  action: z.enum(CALCULATOR_KINDS),
  mailing_date: isoDate.describe("The action's mailing date, or the event's date"),
  period_type: z.enum(['shortened_statutory', 'non_statutory', 'statutory']).nullable().describe('Null for an event kind'),
  ssp_months: z.number().int().nullable(),
  period_source: z.enum(['default', 'stated']).nullable(),
  extendable: z.boolean().nullable(),
  ssp_due: isoDate.nullable(),
  ssp_due_effective: isoDate.nullable(),
  statutory_bar: isoDate.nullable(),
  statutory_bar_effective: isoDate.nullable(),
  max_period_1136a: isoDate.nullable(),
  max_period_1136a_effective: isoDate.nullable(),
  extensions: z.array(extensionDeadlineSchema).nullable().describe("Office actions; for a notice of appeal the appeal brief's months; else null"),
  abandonment_date_if_no_reply: isoDate.nullable(),
  response_deadline: isoDate.nullable(),
  critical_deadline_date: isoDate.nullable(),
  advisory_action_date: isoDate.nullable(),
  reply_filed_date: isoDate.nullable(),
  reply_within_2_months: z.boolean().nullable(),
  two_month_date: isoDate.nullable(),
  two_month_date_effective: isoDate.nullable(),
  extension_base: z.enum(['mailing_date', 'advisory_action_date']).nullable(),
  provisional_pending_advisory_action: z.boolean().nullable(),
  alternative_extensions: z.array(extensionDeadlineSchema).nullable(),
  entity: z.enum(['large', 'small', 'micro']).nullable(),
  computed_on: isoDate,
  fee_schedule: z.object({ effective: isoDate, citation: z.string() }).nullable(),
  notes: z.array(z.string()),
  citations: z.array(citationSchema),
  deadlines: z.array(lifeDeadlineSchema).describe('Every deadline the action or event starts, each with its rule'),
});

export type DeadlineCalculationWire = z.infer<typeof deadlineCalculationSchema>;
