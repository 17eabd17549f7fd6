/**
 * When an information disclosure statement is filed decides whether the examiner must consider it
 * and what must go with it (37 CFR 1.97; MPEP 609.04(b), 609.05(a)). Pure: the docket's dates in,
 * the window and its requirements out.
 *
 * - 1.97(b): within three months of the filing date (or of national-stage entry), or before the
 *   mailing of a first Office action on the merits, or before the mailing of a first Office action
 *   after a request for continued examination (1.114): no statement, no fee. Whichever of these
 *   is latest governs, since meeting any one of them suffices.
 * - 1.97(c): after (b), before the mailing of a final action (1.113), a notice of allowance
 *   (1.311) or an action that otherwise closes prosecution (an Ex parte Quayle action): the
 *   1.97(e) statement OR the 1.17(p) fee.
 * - 1.97(d): after (c), on or before payment of the issue fee: the 1.97(e) statement AND the
 *   1.17(p) fee.
 * - After the issue fee is paid an IDS is not considered (MPEP 609.04(b)(IV)); the routes are the
 *   Quick Path IDS (QPIDS) pilot or a petition to withdraw from issue (1.313(c)) with an RCE.
 *
 * A restriction requirement is not an action on the merits (MPEP 609.04(b)(I), 818.01); an advisory
 * action closes nothing new. A non-final action mailed after a closing action reopens prosecution
 * (the closing action no longer stands), so the (c) window applies again.
 */
import { addMonths, type IsoDate } from './deadlines/calendar.ts';
import { nextBusinessDay } from './deadlines/business-days.ts';
import type { EntitySize } from './deadlines/fees.ts';
import { dollarsDisplay, usptoFee, type UsptoFeeQuote } from './uspto-fees.ts';

export type IdsWindow = '1.97(b)' | '1.97(c)' | '1.97(d)' | 'after_issue_fee';
export type IdsActionKind = 'non_final' | 'final' | 'restriction' | 'quayle' | 'notice_of_allowance';

export interface IdsDocket {
  /** The application's filing date (or 371(c) national-stage entry date). */
  filing_date: IsoDate;
  /** Office actions mailed, any order. */
  actions: { kind: IdsActionKind; mailing_date: IsoDate }[];
  /** Requests for continued examination filed (37 CFR 1.114). */
  rce_dates: IsoDate[];
  /** The issue fee payment date, when paid. */
  issue_fee_paid: IsoDate | null;
}

export interface IdsTimingResult {
  window: IdsWindow;
  /** The date the window was decided for (the IDS's filing date). */
  filed_on: IsoDate;
  basis: {
    filing_date: IsoDate;
    /** End of the three months after filing, rolled to the next business day (35 U.S.C. 21(b)). */
    three_months_after_filing: IsoDate;
    /** The latest RCE, which restarts (b) until the next action. */
    rce_date: IsoDate | null;
    /** The first action on the merits mailed since filing (or since the latest RCE). */
    first_action_on_merits: { kind: IdsActionKind; mailing_date: IsoDate } | null;
    /** The final, allowance or Quayle action that closed prosecution (still standing). */
    closing_action: { kind: IdsActionKind; mailing_date: IsoDate } | null;
    issue_fee_paid: IsoDate | null;
  };
  /** `none` (b), `statement_or_fee` (c), `statement_and_fee` (d), `not_considered` (after the issue fee). */
  requirement: 'none' | 'statement_or_fee' | 'statement_and_fee' | 'not_considered';
  statement_required: boolean;
  fee_required: boolean;
  /** The 1.17(p) fee for the entity size when (c) or (d) can call for it; null under (b) or after the issue fee. */
  fee: (UsptoFeeQuote & { entity_size: EntitySize }) | null;
  explanation: string;
  citations: string[];
}

const ON_THE_MERITS: ReadonlySet<IdsActionKind> = new Set(['non_final', 'final', 'quayle', 'notice_of_allowance']);
const CLOSING: ReadonlySet<IdsActionKind> = new Set(['final', 'quayle', 'notice_of_allowance']);
const NAMES: Record<IdsActionKind, string> = {
  non_final: 'non-final action',
  final: 'final action',
  restriction: 'restriction requirement',
  quayle: 'Ex parte Quayle action',
  notice_of_allowance: 'notice of allowance',
};

function feeText(amount: string | null, entity: EntitySize): string {
  return amount ? `${dollarsDisplay(amount)} for a ${entity} entity` : "amount not in Prosa's fee table for that date";
}

/** The window an IDS filed on `filedOn` falls in, from the docket's dates, with what it needs. */
export function idsTiming(docket: IdsDocket, filedOn: IsoDate, entity: EntitySize): IdsTimingResult {
  const threeMonths = nextBusinessDay(addMonths(docket.filing_date, 3));
  const rce =
    [...docket.rce_dates]
      .filter((d) => d <= filedOn)
      .sort()
      .at(-1) ?? null;
  // Only what was mailed by the IDS's date counts ("before the mailing of": an IDS filed on the
  // mailing day is not before it), and only since the latest RCE.
  const mailed = docket.actions
    .filter((a) => a.mailing_date <= filedOn && (!rce || a.mailing_date > rce))
    .sort((a, b) => (a.mailing_date < b.mailing_date ? -1 : a.mailing_date > b.mailing_date ? 1 : 0));
  const firstOnMerits = mailed.find((a) => ON_THE_MERITS.has(a.kind)) ?? null;
  const lastOnMerits = [...mailed].reverse().find((a) => ON_THE_MERITS.has(a.kind)) ?? null;
  const closing = lastOnMerits && CLOSING.has(lastOnMerits.kind) ? lastOnMerits : null;
  const issueFee = docket.issue_fee_paid && docket.issue_fee_paid <= filedOn && (!rce || docket.issue_fee_paid > rce) ? docket.issue_fee_paid : null;
  const basis = {
    filing_date: docket.filing_date,
    three_months_after_filing: threeMonths,
    rce_date: rce,
    first_action_on_merits: firstOnMerits,
    closing_action: closing,
    issue_fee_paid: issueFee,
  };
  const fee = { ...usptoFee('ids_1_17_p', entity, filedOn), entity_size: entity };

  if (issueFee) {
    return {
      window: 'after_issue_fee',
      filed_on: filedOn,
      basis,
      requirement: 'not_considered',
      statement_required: false,
      fee_required: false,
      fee: null,
      explanation: `The issue fee was paid on ${issueFee}: an information disclosure statement filed after that is not considered (37 CFR 1.97(d) ends on payment of the issue fee; MPEP 609.04(b)). Use the Quick Path IDS (QPIDS) program, or petition to withdraw from issue under 37 CFR 1.313(c)(2) with a request for continued examination.`,
      citations: ['37 CFR 1.97(d)', 'MPEP 609.04(b)', '37 CFR 1.313(c)'],
    };
  }
  const withinThreeMonths = !rce && filedOn <= threeMonths;
  if (withinThreeMonths || !firstOnMerits) {
    const why = withinThreeMonths
      ? `it is filed within three months of the filing date ${docket.filing_date} (through ${threeMonths})`
      : rce
        ? `no Office action has been mailed since the request for continued examination of ${rce}`
        : 'no first Office action on the merits has been mailed';
    return {
      window: '1.97(b)',
      filed_on: filedOn,
      basis,
      requirement: 'none',
      statement_required: false,
      fee_required: false,
      fee: null,
      explanation: `37 CFR 1.97(b): ${why}. No statement under 1.97(e) and no fee under 1.17(p) is required.`,
      citations: ['37 CFR 1.97(b)', 'MPEP 609.04(b)(I)'],
    };
  }
  if (!closing) {
    return {
      window: '1.97(c)',
      filed_on: filedOn,
      basis,
      requirement: 'statement_or_fee',
      statement_required: false,
      fee_required: false,
      fee,
      explanation: `37 CFR 1.97(c): the first action on the merits (${NAMES[firstOnMerits.kind]} of ${firstOnMerits.mailing_date}) has been mailed and no final action, notice of allowance or Quayle action stands. The IDS needs the statement under 37 CFR 1.97(e) or the fee under 37 CFR 1.17(p) (${feeText(fee.amount, entity)}).`,
      citations: ['37 CFR 1.97(c)', '37 CFR 1.97(e)', '37 CFR 1.17(p)', 'MPEP 609.04(b)(II)'],
    };
  }
  return {
    window: '1.97(d)',
    filed_on: filedOn,
    basis,
    requirement: 'statement_and_fee',
    statement_required: true,
    fee_required: true,
    fee,
    explanation: `37 CFR 1.97(d): a ${NAMES[closing.kind]} was mailed on ${closing.mailing_date} and the issue fee is not paid. The IDS needs both the statement under 37 CFR 1.97(e) and the fee under 37 CFR 1.17(p) (${feeText(fee.amount, entity)}); without the statement, consider a request for continued examination instead.`,
    citations: ['37 CFR 1.97(d)', '37 CFR 1.97(e)', '37 CFR 1.17(p)', 'MPEP 609.04(b)(III)'],
  };
}

export interface IdsClaim {
  timing?: '1.97(b)' | '1.97(c)' | '1.97(d)';
  statement?: '1.97(e)(1)' | '1.97(e)(2)';
  pay_fee_1_17_p?: boolean;
}

/** What the caller's stated timing, statement and fee lack for the window; null when they fit. */
export function idsClaimProblem(window: IdsTimingResult, claim: IdsClaim): { field: string; message: string } | null {
  if (window.window === 'after_issue_fee') return { field: 'input.timing', message: window.explanation };
  if (claim.timing && claim.timing !== window.window) {
    return { field: 'input.timing', message: `The IDS is stated as ${claim.timing} but the docket puts it in ${window.window}: ${window.explanation}` };
  }
  if (window.window === '1.97(c)' && !claim.statement && claim.pay_fee_1_17_p === false) {
    return { field: 'input.statement', message: `${window.explanation} The request declines the fee and makes no statement.` };
  }
  if (window.window === '1.97(d)' && !claim.statement) {
    return { field: 'input.statement', message: `${window.explanation} Give input.statement ("1.97(e)(1)" or "1.97(e)(2)"): only the signer can make it.` };
  }
  if (window.window === '1.97(d)' && claim.pay_fee_1_17_p === false) {
    return { field: 'input.pay_fee_1_17_p', message: `${window.explanation} The request declines the fee.` };
  }
  return null;
}
