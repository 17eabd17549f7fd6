/**
 * Inputs of the document builders (issue 6). The builders are pure: no database, no HTTP and no
 * clock; every date is an ISO `YYYY-MM-DD` string passed in by the caller.
 *
 * `ClaimDisposition` mirrors one entry of the analysis record's `claim_analyses` (interface spec,
 * "Analysis record"), with the optional detail the analysis pipeline keeps per rejection.
 */
import type { EntitySize } from '../domain/deadlines/fees.ts';
import type { FeeLine } from './forms/types.ts';

export type { EntitySize };

/** Claim status and the kind of paper replied to: the office-action parser's own vocabulary. */
export type { ClaimStatus, PaperKind } from '../domain/office-action/types.ts';
import type { ClaimStatus, PaperKind } from '../domain/office-action/types.ts';
/** A ground of the action: the analysis record's `grounds` (src/domain/response-plan/grounds.ts), one id scheme everywhere. */
import type { Ground } from '../domain/response-plan/types.ts';
import type { AnswerSource } from '../domain/response-plan/completeness.ts';
export type { Ground, AnswerSource };

/** `YYYY-MM-DD`. */
export type IsoDate = string;

export interface ApplicationCaption {
  /** 8 digits (`17200011`); rendered `17/200,011` (MPEP 503). */
  application_number: string;
  filing_date: IsoDate;
  first_named_inventor?: string;
  title: string;
  /** `LASTNAME, FIRSTNAME M`, as the application record gives it. */
  examiner_name: string;
  art_unit: string;
  attorney_docket_number?: string;
  confirmation_number?: string;
  applicant?: string;
}

/** Strategy codes: the one vocabulary of the analysis, REST #4 and the response plans (src/domain/response-plan/strategies.ts). */
export { STRATEGY_CODES } from '../domain/response-plan/strategies.ts';
export type { StrategyCode } from '../domain/response-plan/strategies.ts';
import type { StrategyCode } from '../domain/response-plan/strategies.ts';

export interface CitedReference {
  /** Short name as the examiner uses it: `Smith`. */
  name: string;
  /** `US 1,234,567 B2`, `US 2019/0123456 A1`, `JP 2008-008593 A`. */
  number_display: string;
}

/** One ground of rejection as the office action states it. */
export interface RejectionDetail {
  /** Short code: `102`, `103`, `112(b)`, `101`, `DP`, ... */
  basis: string;
  /** Full citation: `35 U.S.C. 102(a)(1)`. */
  citation: string;
  claims: number[];
  references: CitedReference[];
  /** The examiner's sentence stating the rejection, verbatim. */
  statement: string;
  /** The examiner's pinpoints: `Smith, col. 3, ll. 10-25`, `Jones ¶ [0042]`. */
  pinpoints?: string[];
  /** The action's ground this detail belongs to (`r2-103`), when the analysis recorded it. */
  ground_id?: string;
  /** 101: `signal_per_se` (Step 1) or `judicial_exception` (Steps 2A/2B). */
  subtype?: string | null;
}

export interface ClaimDisposition {
  claim_number: number;
  status: ClaimStatus;
  /** Short codes joined by "; ": `102; 103`. Empty when the claim is not rejected. */
  basis: string;
  /** `Smith (US 1,234,567 B2)`. */
  prior_art: string[];
  /** The analysis' recommended strategy. */
  recommendation: StrategyCode;
  rejections?: RejectionDetail[];
  /** The examiner indicated the claim would be allowable if rewritten in independent form. */
  allowable_if_rewritten?: boolean;
  /** The claim this one depends from; null for an independent claim; absent when unknown. */
  depends_on?: number | null;
  /** False when the action shows the claim is dependent though not from which claim. */
  independent?: boolean | null;
  /** `garbled` / `missing`: the examiner never explained how the art meets the claim (37 CFR 1.104(c)(2)). */
  treatment?: 'explained' | 'garbled' | 'missing' | null;
  /** The examiner's own concessions in an anticipation rejection, verbatim (MPEP 2131). */
  admissions?: string[];
}

/**
 * The paper replied to. Its kind alone decides the paper: no type code is carried, since the
 * interface's codes and the USPTO's share letters with other meanings (CTRS).
 */
export interface OfficeActionRef {
  kind: PaperKind;
  mailing_date: IsoDate;
}

/** Rates are fractions from 0 to 1 (docs/decisions/examiner-profile.md "The figures"). */
export interface ExaminerStats {
  allowance_rate: number;
  interview_success_rate: number;
  allowance_rate_without_interview?: number | null;
}

/** Who signs (src/domain/practitioner.ts): the request's practitioner over the submitting member's own profile. */
export type { Practitioner } from '../domain/practitioner.ts';
import type { Practitioner } from '../domain/practitioner.ts';

export interface RestrictionElection {
  /** `I`, `II`, ... as the requirement labels the group elected. */
  group?: string;
  /** The species elected, when an election of species was required. */
  species?: string;
  /** Election with traverse (37 CFR 1.143) or without. */
  with_traverse: boolean;
}

export interface ResponseDraftInput {
  caption: ApplicationCaption;
  office_action: OfficeActionRef;
  claims: ClaimDisposition[];
  /** The final choice per claim; claims not named keep the analysis' recommendation. */
  strategy: Record<number, StrategyCode>;
  /**
   * Answers chosen for single grounds of single claims, `"<claim>:<ground id>"` → strategy (e.g.
   * `"1:r3-dp": "terminal_disclaimer"` beside an amendment of claim 1); the rest follow the
   * claim's strategy (src/domain/response-plan/ground-answers.ts).
   */
  ground_strategies?: Record<string, StrategyCode>;
  /** Current text of each claim ("1. A device ..." or without the number). */
  claims_text?: Record<number, string>;
  examiner_stats?: ExaminerStats | null;
  response_date: IsoDate;
  practitioner?: Practitioner;
  /** A firm .docx whose styles (word/styles.xml) and theme are reused. */
  template?: Buffer;
  /** Claims amended or added in an earlier paper: listed as (Previously Presented) rather than (Original). */
  previously_presented?: number[];
  /** Withdrawn and cancelled claims known from the docket's claims (carried forward), by number. */
  claim_states?: Record<number, 'withdrawn' | 'cancelled'>;
  /** Reply to a restriction requirement: the election made. */
  election?: RestrictionElection;
  /** Response plans: each claim as amended by the practitioner (clean text), marked against `claims_text`. */
  amended_claims_text?: Record<number, string>;
  /** Response plans: the practitioner's own text per ground, placed under that ground (remarks/practitioner-text.ts). */
  practitioner_arguments?: PractitionerArgument[];
  /** Response plans: notes shown on the first page (e.g. the plan was incomplete when submitted). */
  drafting_notes?: string[];
  /** The restriction groups the requirement sets out (an election must name one of them). */
  restriction_groups?: { label: string; kind: 'invention' | 'species'; claims: number[] }[];
  /** Every ground of rejection and objection the action states (the analysis record's `grounds`). */
  grounds?: Ground[];
  /** The caller accepts a draft that leaves grounds unanswered: page 1 then says so. */
  accept_incomplete?: boolean;
  /** Who writes the answers (completeness rules): `practitioner` for a response plan, else `draft` (REST #4). */
  answers?: AnswerSource;
  /** What the application file adds (issue 18): the claim chart's findings and support for added text. */
  file?: PaperFile;
  /**
   * The excess claims fees for the application's entity status on the response date (37 CFR
   * 1.16(h), (i)): a claim rewritten in independent form is counted with them (issue 19).
   */
  claim_fees?: { entity_size: EntitySize; independent: FeeLine; total: FeeLine };
}

/**
 * The application file's findings a response may state (issue 18 item 6): every statement built
 * from them is literal (a quotation of the claim, the action or a reference, or the presence or
 * absence of words in a held text).
 */
export interface PaperFile {
  charts: PaperChartClaim[];
  /** Support in the specification for the words an amended claim adds, by claim number. */
  support: Record<number, PaperSupport>;
  /** The action's text uses the word "inherent" (or "inherently", "inherency"). */
  action_mentions_inherency: boolean;
  /** Set when a language model was asked to draft the charted arguments (issue 18 item 7): page 1 reports it. */
  drafting?: PaperDrafting;
}

/** Why a drafted sentence was kept out of the paper (src/analysis/llm/chart-argument-check.ts). */
export type DraftDropCode = 'quotation' | 'undeclared_quotation' | 'pinpoint' | 'absence' | 'names_claim' | 'malformed' | 'not_asked' | 'excess';

/** What the language model asked to draft the charted arguments did, for page 1. */
export interface PaperDrafting {
  /** The model as the provider named it (or as configured, when it did not answer). */
  model: string;
  /** `drafted`: it answered in the format asked (possibly with nothing kept); `unavailable`: no answer (error, timeout); `unusable`: an answer that is not the JSON asked for. */
  outcome: 'drafted' | 'unavailable' | 'unusable';
  /** Why there was no answer, in a few words ("HTTP 500", "no answer in time"). */
  detail?: string;
  /** Sentences the model proposed. */
  proposed: number;
  /** Sentences kept out, counted by why. */
  dropped: Partial<Record<DraftDropCode, number>>;
}

/** Sentences a language model drafted for a charted limitation under one ground, every quotation and pinpoint verified. */
export interface PaperDraftedArgument {
  family: '102' | '103';
  /** The reference argued against, as the paper names it ("Laroia"). */
  reference: string;
  sentences: string[];
  model: string;
}

export interface PaperChartClaim {
  claim_number: number;
  limitations: PaperChartLimitation[];
}

export interface PaperChartLimitation {
  /** The limitation, verbatim from the claim. */
  text: string;
  /** The examiner's words for it, verbatim from the action; null when none were matched. */
  assertion: string | null;
  assertion_score: number | null;
  citations: Array<{ reference: string; reference_name: string | null; pinpoint: string; passages: Array<{ label: string; text: string }> }>;
  /** Distinguishing terms of the limitation the cited passages do not contain (absent ones first). */
  missing_terms: string[];
  /** Of those, the terms that appear nowhere in the held text of the reference(s) cited. */
  absent_terms: string[];
  /** Of those, abbreviations and terms with numbers ("WLAN", "5GHz"): absent words no synonym explains away. */
  specific_absent_terms: string[];
  /** Placed instead of the bracketed request for an explanation, under the ground it was drafted for. */
  drafted?: PaperDraftedArgument[];
}

export interface PaperSupport {
  /** The words the amendment adds, as the markup underlines them. */
  added: string;
  /** "see, e.g., ¶ [0032]": paragraphs of the specification containing every distinguishing term of the added words; null when none does. */
  citation: string | null;
}

/** The practitioner's argument (or reply) on one ground of the action (`ground_id` of the record's `grounds`), from a response plan. */
export interface PractitionerArgument {
  ground_id: string;
  kind: Ground['kind'];
  /** Rejections: the short statutory code (`103`, `112(b)`, `DP`). */
  basis: string | null;
  /** The examiner's sentence stating the ground, verbatim (matched against the analysis' statements). */
  statement: string;
  claims: number[];
  /** Heading for a ground the paper has no section of its own for (objections). */
  heading: string;
  text: string;
}

// --- Information disclosure statement (PTO/SB/08) ---

export type IdsTiming = '1.97(b)' | '1.97(c)' | '1.97(d)';

export interface IdsUsDocument {
  /** `9,876,543` or `2019/0123456`. */
  number: string;
  kind_code?: string;
  /** Issue date (patents) or publication date (publications). */
  date: IsoDate;
  patentee_or_applicant: string;
  /** Pages, columns, lines where relevant passages or figures appear. */
  relevant_passages?: string;
}

export interface IdsForeignDocument {
  /** Two-letter office code: `EP`, `JP`, `WO`. */
  country_code: string;
  number: string;
  kind_code?: string;
  date: IsoDate;
  patentee_or_applicant: string;
  relevant_passages?: string;
  /** An English translation is attached (the form's "T" column). */
  translation_attached?: boolean;
  /**
   * For a document not in English without a translation: the concise explanation of its relevance
   * (37 CFR 1.98(a)(3)(i)); without it the paper leaves a counted place for it.
   */
  concise_explanation?: string;
}

export interface IdsNonPatentLiterature {
  /** Author (in capital letters), title, journal, date, pages, volume-issue, publisher, place. */
  citation: string;
  translation_attached?: boolean;
  /** The item is in English (no concise explanation needed). Default: assumed not known. */
  english?: boolean;
  /** Concise explanation of relevance for an item not in English (37 CFR 1.98(a)(3)(i)). */
  concise_explanation?: string;
}

export interface IdsInput {
  caption: ApplicationCaption;
  timing: IdsTiming;
  /** Under 1.97(e): which statement is made. Required by 1.97(d); one of statement or fee under 1.97(c). */
  statement?: '1.97(e)(1)' | '1.97(e)(2)';
  /** The fee under 37 CFR 1.17(p) accompanies the statement (1.97(c) alternative; always under 1.97(d)). */
  pay_fee_1_17_p?: boolean;
  /** The 1.17(p) amount for the entity size on the IDS date (dollars, `"104.00"`), printed with the authorization. */
  fee_1_17_p?: { amount: string | null; entity_size: EntitySize; verified?: boolean };
  /** Why the IDS is in its window (the docket's dates), for the drafting note (src/domain/ids-timing.ts). */
  timing_basis?: string;
  us_patents?: IdsUsDocument[];
  us_publications?: IdsUsDocument[];
  foreign_documents?: IdsForeignDocument[];
  non_patent_literature?: IdsNonPatentLiterature[];
  /** Applicant-provided items listed in all earlier IDSs of the application (37 CFR 1.17(v)). */
  items_previously_submitted?: number;
  date: IsoDate;
  deposit_account?: string;
  practitioner?: Practitioner;
  template?: Buffer;
}

// --- Petition for extension of time, 37 CFR 1.136(a) ---

export interface ExtensionPetitionInput {
  caption: ApplicationCaption;
  office_action: OfficeActionRef;
  months: number;
  entity_size: EntitySize;
  /** Computed by the deadline engine: the end of the period set and of the extended period, as counted
   *  (nominal dates), with the dates rolled to the next business day when they differ (35 U.S.C. 21(b)). */
  period: { reply_due: IsoDate; extended_due: IsoDate; reply_due_effective?: IsoDate; extended_due_effective?: IsoDate };
  petition_date: IsoDate;
  /** Overrides the 37 CFR 1.17(a) amount in force on `petition_date` (dollars, e.g. `276.00`). */
  fee_amount?: string;
  deposit_account?: string;
  practitioner?: Practitioner;
  template?: Buffer;
}

// --- Applicant-initiated interview request (PTOL-413A) ---

export type InterviewType = 'telephonic' | 'video' | 'in_person';

export interface InterviewParticipant {
  name: string;
  role: 'attorney' | 'agent' | 'applicant' | 'inventor' | 'other';
  registration_number?: string;
}

export interface InterviewRequestInput {
  caption: ApplicationCaption;
  office_action: OfficeActionRef;
  claims: ClaimDisposition[];
  strategy: Record<number, StrategyCode>;
  interview_type: InterviewType;
  participants?: InterviewParticipant[];
  /** Proposed dates (and times, e.g. `10:00 AM ET`); placeholders are written when absent. */
  proposed_slots?: { date: IsoDate; time?: string }[];
  exhibit?: string;
  request_date: IsoDate;
  practitioner?: Practitioner;
  /**
   * The action's reply period as the deadline engine computed it (rolled dates): the last day
   * without an extension fee and the last day with every extension. Absent when the action is not
   * the one pending on the docket.
   */
  reply_period?: { reply_due: IsoDate; last_day: IsoDate };
  template?: Buffer;
}

// --- Formal drawing sheet, 37 CFR 1.84 ---

export type DrawingNodeShape = 'box' | 'decision' | 'terminal' | 'io' | 'storage';

export interface DrawingNode {
  id: string;
  label: string;
  ref_numeral: string | number;
  /** Default: `box`; in a flow chart a label ending in `?` is a decision and Start/End are terminals. */
  shape?: DrawingNodeShape;
}

export interface DrawingEdge {
  from: string;
  to: string;
  label?: string;
}

export interface DrawingSheetInput {
  /** Title of the invention: identifying indicia in the top margin (37 CFR 1.84(c)). */
  title: string;
  figure_label: string;
  kind: 'block' | 'flow';
  nodes: DrawingNode[];
  edges: DrawingEdge[];
  /** Sheet size under 37 CFR 1.84(f). Default `letter`. */
  paper?: 'letter' | 'a4';
  /** Sheet numbering (37 CFR 1.84(t)). Default 1 of 1. */
  sheet?: { number: number; of: number };
  /** Further identifying indicia for the top margin (37 CFR 1.84(c)). */
  application_number?: string;
  first_named_inventor?: string;
  attorney_docket_number?: string;
  /** Date of the sheet: the document's created/modified properties (none when absent). */
  date?: IsoDate;
  /**
   * A sheet filed after the filing date is labelled in its top margin (37 CFR 1.121(d)):
   * `replacement` "Replacement Sheet", `new` "New Sheet", `annotated` "Annotated Sheet Showing
   * Changes" (1.121(d)(1)). None for a sheet filed with the application.
   */
  sheet_label?: DrawingSheetLabel;
}

export type DrawingSheetLabel = 'replacement' | 'new' | 'annotated';
