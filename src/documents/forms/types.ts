/**
 * Inputs of the issue-11 forms (RCE transmittal, notice of appeal, pre-appeal brief request,
 * terminal disclaimer, issue-fee transmittal, client reporting letter). Pure data: fees, dates and
 * docket facts are resolved by the caller (src/commands/draft-requests/forms/) and passed in.
 */
import type { ApplicationCaption, EntitySize, IsoDate, OfficeActionRef, Practitioner } from '../types.ts';

/** One USPTO fee a paper pays or names: amount in dollars for the entity size (null: not in Prosa's table). */
export interface FeeLine {
  citation: string;
  title: string;
  amount: string | null;
  /** false: the amount was not read in a stored copy of the CFR text (src/domain/uspto-fees.ts). */
  verified?: boolean;
}

/** An extension of time the paper petitions for with its fee (37 CFR 1.136(a)). */
export interface ExtensionLine {
  months: number;
  fee: FeeLine;
  /** The extended period's last day (nominal). */
  extended_due: IsoDate;
}

interface FormBase {
  caption: ApplicationCaption;
  entity_size: EntitySize;
  date: IsoDate;
  deposit_account?: string;
  practitioner?: Practitioner;
  template?: Buffer;
}

export type RceSubmissionItem = 'amendment' | 'ids' | 'declaration';

export interface RceTransmittalInput extends FormBase {
  /** The action that closed prosecution (final, notice of allowance, Quayle). */
  office_action: OfficeActionRef;
  /** 1 for the first request (1.17(e)(1)), 2 or more for a later one (1.17(e)(2)). */
  request_number: number;
  /** SB/30 item 1: the submission (37 CFR 1.114(c)). */
  submission: {
    /** A reply already filed (e.g. an after-final amendment) and its date, or the items enclosed. */
    previously_filed_on?: IsoDate;
    enclosed?: RceSubmissionItem[];
    other?: string;
  };
  fee: FeeLine;
  extension?: ExtensionLine;
}

export interface NoticeOfAppealInput extends FormBase {
  office_action: OfficeActionRef;
  fee: FeeLine;
  extension?: ExtensionLine;
  /** A pre-appeal brief request for review is filed with this notice. */
  with_pre_appeal_request?: boolean;
  /** Claims appealed; default: all rejected claims (the paper says so). */
  claims?: number[];
}

export interface PreAppealArgument {
  /** The ground answered: `Rejection of claims 1-5 under 35 U.S.C. 103`. */
  heading: string;
  /** The argument; empty leaves a counted place. */
  text?: string;
}

export interface PreAppealRequestInput extends FormBase {
  office_action: OfficeActionRef;
  arguments: PreAppealArgument[];
}

export interface TerminalDisclaimerInput extends FormBase {
  /** The patent or application the disclaimer is over (the double-patenting reference). */
  reference: { kind: 'patent' | 'application'; number: string };
  /** The owner making the disclaimer and its interest (37 CFR 1.321(b)(1)(iv), 3.73). */
  owner: { name?: string; percent_interest?: number };
  fee: FeeLine;
}

export interface IssueFeeTransmittalInput extends FormBase {
  /** The notice of allowance (PTOL-85) whose fees are paid. */
  notice_mailing_date: IsoDate;
  /** Three months from the notice, not extendable (37 CFR 1.311(a)). */
  due_date: IsoDate;
  issue_fee: FeeLine;
  publication_fee: FeeLine;
  /** PTOL-85B box 2: up to three registered practitioners, or a firm, for the front page. */
  printing_names?: string[];
  /** PTOL-85B box 3: assignee for the front page (37 CFR 3.81(a)). */
  assignee?: { name: string; residence?: string };
  /** The examiner's amendment cancelled claims: file a continuation or divisional before issue. */
  claims_cancelled_by_examiner?: number[];
}

export interface ClientReportGround {
  id: string;
  /** `35 U.S.C. 103`, `Objection to the drawings`. */
  label: string;
  claims: number[];
  /** The examiner's statement, verbatim. */
  statement?: string;
}

export interface ClientReportOption {
  title: string;
  description: string;
  fees: FeeLine[];
}

/** A choice the client must make, with what it costs and what follows from it (issue 19 item 4). */
export interface ClientReportDecision {
  title: string;
  /** What is to be decided and the choices, in a client's words. */
  description: string;
  /** Lines set out under the description (the groups of a restriction, a terminal disclaimer's consequences). */
  points?: string[];
  /** Said after the points (what follows from the choice). */
  after?: string;
  /** USPTO fees from Prosa's fee tables for the letter's entity size; none means no USPTO fee. */
  fees: FeeLine[];
  /** What the fees do not cover, or fees not in Prosa's tables, in words (no amount is guessed). */
  fee_note?: string;
}

export interface ClientReportInput extends Omit<FormBase, 'caption'> {
  caption: ApplicationCaption;
  client: { name?: string; reference?: string; attention?: string };
  office_action: OfficeActionRef;
  grounds: ClientReportGround[];
  /** Claim number → recommended course (analysis codes, in words). */
  recommendations: { claims: number[]; strategy: string; reasons: string[] }[];
  deadlines: {
    /** The period set (nominal), and the last day with the roll of 35 U.S.C. 21(b). */
    reply_due: IsoDate;
    reply_due_effective: IsoDate;
    /** `due`: the last day with the roll; `nominal`: the extended period's own end (absent in letters requested before the roll was named). */
    extensions: { months: number; due: IsoDate; nominal?: IsoDate; fee: string | null }[];
    /** The statutory last day (six months, 35 U.S.C. 133) or the non-extendable date. */
    final_date: IsoDate;
    extendable: boolean;
  } | null;
  options: ClientReportOption[];
  /** Every decision the action puts to the client (absent in letters requested before issue 19). */
  decisions?: ClientReportDecision[];
  /** Claims the action allows, or says would be allowable if rewritten in independent form, and claims it shows cancelled. */
  allowable?: { allowed: number[]; if_rewritten: number[]; cancelled?: number[] };
  recommendation: string;
}
