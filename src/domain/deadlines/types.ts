// Input and output shapes of the deadline calculator. The output is the single wire shape served
// by POST /api/deadlines/calculate and printed by the CLI, so its keys are snake_case.
import type { ActionKind, ApplicationType, CalculatorKind, EventKind } from './action-kinds.ts';
import type { IsoDate } from './calendar.ts';
import type { EntitySize, FeeAmounts } from './fees.ts';
import type { PeriodType } from './periods.ts';

export interface DeadlineInput {
  action: ActionKind;
  /** Mailing (notification) date printed on the action, YYYY-MM-DD. */
  mailingDate: string;
  /** The period the action itself states, in months (overrides the kind's default). */
  periodMonths?: number;
  /** Final rejections only: mailing date of the advisory action. */
  advisoryDate?: string;
  /** Final rejections: filing date of the first reply to the final. */
  replyFiledDate?: string;
  entity?: EntitySize;
  /** Date of computation (selects the fee table); defaults to the mailing date. */
  today?: string;
}

export interface ExtensionDeadline {
  /** Extension of time for reply within the n-th month, 37 CFR 1.136(a). */
  months: number;
  due: IsoDate;
  due_effective: IsoDate;
  /** The month was cut short at the statutory maximum (the full month's fee is still due). */
  capped_at_statutory_bar: boolean;
  /** 37 CFR 1.17(a) fee in force on the computation date; null when no fee table covers that date. */
  fee: FeeAmounts | null;
  /** The fee for the requested entity size, when one was given. */
  fee_for_entity: string | null;
  citation: string;
}

export interface CitationEntry {
  /** Output field the rule explains, e.g. "ssp_due" or "extensions[1].due_effective". */
  field: string;
  rule: string;
  text: string;
}

export interface DeadlineResult {
  action: ActionKind;
  mailing_date: IsoDate;
  period_type: PeriodType;
  ssp_months: number;
  /** 'stated' when the action's own period was given (periodMonths), else 'default'. */
  period_source: 'default' | 'stated';
  extendable: boolean;
  /** End of the period set (for a final, per MPEP 706.07(f)); nominal, before any roll. */
  ssp_due: IsoDate;
  ssp_due_effective: IsoDate;
  /** 35 U.S.C. 133 six-month date (35 U.S.C. 151(a) three-month date for an allowance); null for missing parts. */
  statutory_bar: IsoDate | null;
  statutory_bar_effective: IsoDate | null;
  /** Missing parts only: end of the five extension months of 37 CFR 1.136(a). */
  max_period_1136a: IsoDate | null;
  max_period_1136a_effective: IsoDate | null;
  extensions: ExtensionDeadline[];
  abandonment_date_if_no_reply: IsoDate;
  /** Last day to reply without an extension fee (= ssp_due_effective). */
  response_deadline: IsoDate;
  /** Last day a reply can be filed at all (end of the maximum extendable period, rolled). */
  critical_deadline_date: IsoDate;
  advisory_action_date: IsoDate | null;
  reply_filed_date: IsoDate | null;
  /** Final rejections: first reply filed within two months (rolled date counts); null if unknown or not applicable. */
  reply_within_2_months: boolean | null;
  two_month_date: IsoDate | null;
  two_month_date_effective: IsoDate | null;
  /** Final rejections: the date extension months are counted from; null for other kinds. */
  extension_base: 'mailing_date' | 'advisory_action_date' | null;
  /** Final rejection, reply within two months, no advisory action yet: ssp_due is provisional. */
  provisional_pending_advisory_action: boolean;
  /**
   * Advisory action mailed after the nominal three-month date but on or before its rolled date:
   * the extension dates under the literal reading (counted from the advisory action). `extensions`
   * then holds the earlier dates, counted from the final's mailing date, for docketing.
   */
  alternative_extensions: ExtensionDeadline[] | null;
  entity: EntitySize | null;
  computed_on: IsoDate;
  fee_schedule: { effective: IsoDate; citation: string } | null;
  notes: string[];
  citations: CitationEntry[];
  /** Every deadline the event starts, one entry each (for an Office action: its `response`). */
  deadlines: LifeDeadline[];
}

/** The kinds of deadline entries (`deadlines[].kind`). */
export type LifeDeadlineKind =
  | 'response'
  | 'issue_fee'
  | 'continuation_copendency'
  | 'maintenance_fee_3_5'
  | 'maintenance_fee_7_5'
  | 'maintenance_fee_11_5'
  | 'appeal_brief'
  | 'reply_brief'
  | 'oral_hearing_request'
  | 'nonprovisional_claiming_provisional'
  | 'us_filing_claiming_foreign_priority'
  | 'us_national_stage';

/** One deadline of an application's life; null where a field does not apply. */
export interface LifeDeadline {
  kind: LifeDeadlineKind;
  /** First day the act can be done (a maintenance fee's window); null when it can be done at once. */
  opens: IsoDate | null;
  /** Nominal last day, by month arithmetic from the event (before any roll). */
  due: IsoDate;
  /** `due` moved to the next business day (35 U.S.C. 21(b); 37 CFR 1.7(a)). */
  due_effective: IsoDate;
  /** Maintenance fees: last day of the six-month grace period with the 37 CFR 1.20(h) surcharge, rolled. */
  surcharge_until: IsoDate | null;
  /** May the period be extended under 37 CFR 1.136(a)? */
  extendable: boolean;
  /** The latest date the act can still be done (with extensions, or by petition where the citation says so), rolled. */
  max_extended_due: IsoDate | null;
  citation: string;
}

/** Calculator input: an Office action (DeadlineInput) or an event of the application's life. */
export interface EventInput {
  action: EventKind;
  /** Date of the event (issue date, filing date of the notice of appeal, mailing date, filing or priority date). */
  mailingDate: string;
  applicationType?: ApplicationType;
  entity?: EntitySize;
  /** Date of computation (selects the fee table); defaults to the event date. */
  today?: string;
}

export type CalculatorInput = (Omit<DeadlineInput, 'action'> & { action: CalculatorKind; applicationType?: ApplicationType }) | EventInput;

/**
 * The answer for an event kind: the same keys as DeadlineResult, with the Office-action fields
 * that do not apply set to null. `extensions` and `fee_schedule` are set for a notice of appeal
 * (the appeal brief's 37 CFR 1.136(a) months), null otherwise.
 */
export interface EventResult {
  action: EventKind;
  mailing_date: IsoDate;
  period_type: null;
  ssp_months: null;
  period_source: null;
  extendable: null;
  ssp_due: null;
  ssp_due_effective: null;
  statutory_bar: null;
  statutory_bar_effective: null;
  max_period_1136a: null;
  max_period_1136a_effective: null;
  extensions: ExtensionDeadline[] | null;
  abandonment_date_if_no_reply: null;
  response_deadline: null;
  critical_deadline_date: null;
  advisory_action_date: null;
  reply_filed_date: null;
  reply_within_2_months: null;
  two_month_date: null;
  two_month_date_effective: null;
  extension_base: null;
  provisional_pending_advisory_action: null;
  alternative_extensions: null;
  entity: EntitySize | null;
  computed_on: IsoDate;
  fee_schedule: { effective: IsoDate; citation: string } | null;
  notes: string[];
  citations: CitationEntry[];
  deadlines: LifeDeadline[];
}

export type CalculatorResult = DeadlineResult | EventResult;
