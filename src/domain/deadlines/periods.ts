// The period for reply each kind of action sets, its maximum, and whether 37 CFR 1.136(a)
// extensions are available (deadline-rules.md section 2).
import type { ActionKind } from './action-kinds.ts';

export type PeriodType =
  /** Shortened statutory period under 35 U.S.C. 133: max six months from the action. */
  | 'shortened_statutory'
  /** Not a 35 U.S.C. 133 period (Notice to File Missing Parts, MPEP 710.02(d)). */
  | 'non_statutory'
  /** A period fixed by statute itself and not extendable (issue fee, 35 U.S.C. 151(a)). */
  | 'statutory';

export interface PeriodRule {
  kind: ActionKind;
  defaultMonths: number;
  periodType: PeriodType;
  /** May the period be extended under 37 CFR 1.136(a)? */
  extendable: boolean;
  /** Rule setting the default period. */
  periodCitation: string;
  /** Rule limiting how far the period can run. */
  maximumCitation: string;
  /** Caveats shown with the result. */
  notes: string[];
}

/** 35 U.S.C. 133: "within six months after any action". */
export const STATUTORY_MAXIMUM_MONTHS = 6;
/** 37 CFR 1.136(a)(1): "five months after the time period set for reply". */
export const MAX_EXTENSION_MONTHS = 5;
/** 35 U.S.C. 133: a shortened period is "not less than thirty days". */
export const MINIMUM_SHORTENED_PERIOD_DAYS = 30;
const MIN_PERIOD_MONTHS = 1;

const SSP_MAXIMUM = '35 U.S.C. 133; 37 CFR 1.136(a)(1)';

export const PERIOD_RULES: Readonly<Record<ActionKind, PeriodRule>> = {
  non_final: {
    kind: 'non_final',
    defaultMonths: 3,
    periodType: 'shortened_statutory',
    extendable: true,
    periodCitation: 'MPEP 710.02(b)',
    maximumCitation: SSP_MAXIMUM,
    notes: [],
  },
  final: {
    kind: 'final',
    defaultMonths: 3,
    periodType: 'shortened_statutory',
    extendable: true,
    periodCitation: 'MPEP 706.07(f); MPEP 714.13',
    maximumCitation: SSP_MAXIMUM,
    notes: [],
  },
  restriction: {
    kind: 'restriction',
    defaultMonths: 2,
    periodType: 'shortened_statutory',
    extendable: true,
    periodCitation: 'MPEP 710.02(b); MPEP 809.02(a); MPEP 817',
    maximumCitation: SSP_MAXIMUM,
    notes: [
      "Two months applies to a restriction or election requirement with no action on the merits; one made together with an action on the merits takes that action's period (3 months) — pass the period the action states.",
    ],
  },
  requirement_for_information: {
    kind: 'requirement_for_information',
    defaultMonths: 2,
    periodType: 'shortened_statutory',
    extendable: true,
    periodCitation: 'MPEP 704.13; form paragraph 19.02',
    maximumCitation: SSP_MAXIMUM,
    notes: [
      "A stand-alone 37 CFR 1.105 requirement usually sets 2 months (the default here); one sent with an action on the merits takes that action's period (MPEP 704.13) — pass the period the requirement states.",
    ],
  },
  quayle: {
    kind: 'quayle',
    defaultMonths: 2,
    periodType: 'shortened_statutory',
    extendable: true,
    periodCitation: 'MPEP 710.02(b); MPEP 714.14',
    maximumCitation: SSP_MAXIMUM,
    notes: [],
  },
  missing_parts: {
    kind: 'missing_parts',
    defaultMonths: 2,
    periodType: 'non_statutory',
    extendable: true,
    periodCitation: 'MPEP 710.02(d)',
    maximumCitation: '37 CFR 1.136(a)(1); MPEP 710.02(d)',
    notes: [
      'The Notice to File Missing Parts period is not a 35 U.S.C. 133 period: up to five one-month extensions under 37 CFR 1.136(a) (MPEP 710.02(d)); after that only 37 CFR 1.136(b).',
    ],
  },
  non_compliant_amendment: {
    kind: 'non_compliant_amendment',
    defaultMonths: 2,
    periodType: 'shortened_statutory',
    extendable: true,
    periodCitation: '37 CFR 1.135(c); MPEP 714.03; MPEP 710.02(b); form paragraph 7.95',
    maximumCitation: SSP_MAXIMUM,
    notes: [
      'Treated as a shortened statutory period with the six-month maximum counted from the notice (the earlier of the two readings, deadline-rules.md section 9 item 1).',
      "After a final action the notice sets no new period: the final rejection's period keeps running (form paragraph 7.95, examiner note) — compute the final instead.",
    ],
  },
  notice_of_allowance: {
    kind: 'notice_of_allowance',
    defaultMonths: 3,
    periodType: 'statutory',
    extendable: false,
    periodCitation: '35 U.S.C. 151(a); 37 CFR 1.311(a); MPEP 1303',
    maximumCitation: '35 U.S.C. 151(a); 37 CFR 1.311(a) ("This three-month period is not extendable.")',
    notes: ['The issue fee (and any publication fee) period is three months and cannot be extended (37 CFR 1.311(a)).'],
  },
};

/** Largest period an action may state for this kind (months). */
export function maxStatedMonths(kind: ActionKind): number {
  return kind === 'notice_of_allowance' ? PERIOD_RULES.notice_of_allowance.defaultMonths : STATUTORY_MAXIMUM_MONTHS;
}

/** Smallest period an action may state for this kind (months). */
export function minStatedMonths(kind: ActionKind): number {
  return kind === 'notice_of_allowance' ? PERIOD_RULES.notice_of_allowance.defaultMonths : MIN_PERIOD_MONTHS;
}

/**
 * How many one-month extensions 37 CFR 1.136(a)(1) allows: "up to the earlier of the expiration of
 * any maximum period set by statute or five months after the time period set for reply".
 */
export function maxExtensionMonths(rule: PeriodRule, periodMonths: number): number {
  if (!rule.extendable) return 0;
  if (rule.periodType === 'non_statutory') return MAX_EXTENSION_MONTHS;
  return Math.max(0, Math.min(MAX_EXTENSION_MONTHS, STATUTORY_MAXIMUM_MONTHS - periodMonths));
}
