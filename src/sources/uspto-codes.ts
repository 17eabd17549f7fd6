// The ONE place where USPTO vocabularies (status codes, document codes, event codes) are mapped
// to Prosa's. Importers, the live connector and analytics call these functions; nothing else in
// the tree should compare a raw USPTO code.
//
// ┌───────────────────────────────────────────────────────────────────────────────────────────┐
// │ TWO VOCABULARIES SHARE THE SAME LETTERS. DO NOT MIX THEM.                                 │
// │  - USPTO document/event codes (real data):  CTRS = Requirement for RESTRICTION/election.   │
// │  - The interface's office_action_type:       CTED = restriction,                          │
// │                                              CTRS = requirement for INFORMATION.          │
// │ A USPTO "CTRS" must never reach the interface as "CTRS". Convert with                     │
// │ interfaceTypeForDocumentCode(); convert to the deadline engine with                       │
// │ actionKindForDocumentCode(). (shared/ARCHITECTURE.md "Two vocabularies: keep them apart") │
// └───────────────────────────────────────────────────────────────────────────────────────────┘
import statusCodeFile from './uspto-status-codes.json' with { type: 'json' };

/** Prosa's application states (applications.status check constraint). */
export type ProsaState = 'pending' | 'allowed' | 'patented' | 'abandoned';

/** Collapsed, case-folded text: sources differ in whitespace and case ("Abandoned  --  …"). */
function fold(text: string | null | undefined): string {
  return (text ?? '').normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Application status codes → Prosa state
// Codes and texts: shared/data/uspto-status-codes.csv (uspto-data.md §3); grouping per §3 "Key
// codes" and the analytics definitions of §4 (disposed = ISS 150/151/250 or a patent number ∪
// ABN 160–169).
// ---------------------------------------------------------------------------------------------

/** 150 Patented Case; 151 Patented File (old case); 250 Patent Expired (maintenance fees). */
const PATENTED_CODES = new Set([150, 151, 250]);
/** 165 "Abandoned - Restored": the abandonment was undone, so the application is pending again. */
const RESTORED_CODE = 165;
/**
 * 91 "Withdraw from issue awaiting action" sits inside the 90–100 allowance band but means the
 * allowance was withdrawn (37 CFR 1.313) and the case is back before the examiner: pending.
 */
const WITHDRAWN_FROM_ISSUE_CODE = 91;
/**
 * Dead without an abandonment code: 159 "Provisional Application Expired" (35 U.S.C. 111(b)(5))
 * and 170 "Renounced" (Hague design). Neither is pending; Prosa's nearest state is abandoned.
 */
const OTHER_DEAD_CODES = new Set([159, 170]);

/** "Abandoned -- …", "Expressly Abandoned -- …", "Abandonment for Failure to …" (codes 160–169). */
const ABANDONED_TEXT = /^(expressly )?abandon(ed|ment)\b/;
const RESTORED_TEXT = /^abandoned\W*restored\b/;

/**
 * Prosa's state for a USPTO application status. Patented wins (a patent number is proof of grant
 * whatever the status says); then abandonment by code (160–169) or by description; then
 * allowance (90–100: Notice of Allowance and issue-fee stages); otherwise pending.
 */
export function prosaStateForStatus(code: number | null, description: string | null, patentNumber: string | null): ProsaState {
  const text = fold(description);
  if ((code !== null && PATENTED_CODES.has(code)) || (patentNumber ?? '').trim() !== '') return 'patented';
  if (code === RESTORED_CODE || RESTORED_TEXT.test(text)) return 'pending';
  if (code !== null && code >= 160 && code <= 169) return 'abandoned';
  if (ABANDONED_TEXT.test(text)) return 'abandoned';
  if (code !== null && OTHER_DEAD_CODES.has(code)) return 'abandoned';
  if (code !== null && code >= 90 && code <= 100 && code !== WITHDRAWN_FROM_ISSUE_CODE) return 'allowed';
  if (code === null) {
    // No code (some partial payloads): fall back to the description texts of the codes above.
    if (/^patent(ed case| expired)/.test(text)) return 'patented';
    if (/^allowed\b|^notice of allowance mailed|^publications -- issue fee/.test(text)) return 'allowed';
  }
  return 'pending';
}

const STATUS_DESCRIPTIONS: ReadonlyMap<number, string> = new Map(
  Object.entries(statusCodeFile.codes as Record<string, string>).map(([k, v]) => [Number(k), v]),
);

/** The USPTO's description of a status code (130 of the 241 codes known), or null. */
export function statusDescription(code: number): string | null {
  return STATUS_DESCRIPTIONS.get(code) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Document codes (documentBag[].documentCode, USPTO IFW vocabulary) → deadline engine / interface
// Source: uspto-data.md §1.5 "Document codes" (CTNF, CTFR, CTRS Requirement for
// Restriction/Election, CTEQ Ex parte Quayle, NOA Notice of Allowance and Fees Due (PTOL-85)).
// ---------------------------------------------------------------------------------------------

/** The deadline engine's action kinds that a USPTO document code can name. */
export type DocumentActionKind = 'non_final' | 'final' | 'restriction' | 'quayle' | 'notice_of_allowance';

const ACTION_KIND_BY_DOCUMENT_CODE: Readonly<Record<string, DocumentActionKind>> = {
  CTNF: 'non_final',
  CTFR: 'final',
  CTRS: 'restriction', // USPTO CTRS = restriction/election — NOT the interface's CTRS.
  CTEQ: 'quayle',
  NOA: 'notice_of_allowance',
};

/** USPTO document code → deadline-engine action kind; null when the paper sets no reply period we model. */
export function actionKindForDocumentCode(code: string | null | undefined): DocumentActionKind | null {
  const key = (code ?? '').trim().toUpperCase();
  return Object.hasOwn(ACTION_KIND_BY_DOCUMENT_CODE, key) ? ACTION_KIND_BY_DOCUMENT_CODE[key] : null;
}

/** The USPTO document codes of a paper of this kind (a restriction: CTRS); empty for a kind the USPTO has no code for here. */
export function documentCodesForActionKind(kind: string): string[] {
  return Object.keys(ACTION_KIND_BY_DOCUMENT_CODE).filter((code) => ACTION_KIND_BY_DOCUMENT_CODE[code] === kind);
}

/** The USPTO document codes of the papers that set a reply period (those above), in a stable order. */
export const ACTION_DOCUMENT_CODES = Object.keys(ACTION_KIND_BY_DOCUMENT_CODE) as readonly string[];

/** The USPTO's own description of each of those papers (documentCodeDescriptionText in ODP data). */
const ACTION_DOCUMENT_DESCRIPTIONS: Readonly<Record<string, string>> = {
  CTNF: 'Non-Final Rejection',
  CTFR: 'Final Rejection',
  CTRS: 'Requirement for Restriction/Election',
  CTEQ: 'Ex Parte Quayle Action',
  NOA: 'Notice of Allowance and Fees Due (PTOL-85)',
};

/** The USPTO's description of an action document code; null for codes that are not actions. */
export function actionDocumentDescription(code: string): string | null {
  return Object.hasOwn(ACTION_DOCUMENT_DESCRIPTIONS, code) ? ACTION_DOCUMENT_DESCRIPTIONS[code] : null;
}

// ---------------------------------------------------------------------------------------------
// Outgoing papers the USPTO watch records (issue 21; docs/uspto-watch.md)
// Codes: uspto-data.md §1.5 (CTNF, CTFR, CTRS, CTEQ, CTAV, NOA) and the real documents list of
// 17248024 (NTC.MISS.PRT "Notice to File Missing Parts"). No real sample names the codes of a
// notice of non-compliant amendment or a requirement for information (37 CFR 1.105), so those
// two are recognised by the USPTO's description text.
// ---------------------------------------------------------------------------------------------

/** What a watched paper is: a deadline-engine action kind, or `advisory` (it sets no period of its own). */
export type WatchedPaperKind =
  | 'non_final'
  | 'final'
  | 'restriction'
  | 'quayle'
  | 'notice_of_allowance'
  | 'missing_parts'
  | 'non_compliant_amendment'
  | 'requirement_for_information'
  | 'advisory';

const WATCHED_KIND_BY_DOCUMENT_CODE: Readonly<Record<string, WatchedPaperKind>> = {
  ...ACTION_KIND_BY_DOCUMENT_CODE,
  CTAV: 'advisory',
  'NTC.MISS.PRT': 'missing_parts',
};

/** The kind of an OUTGOING paper the watch records, or null for papers it leaves alone (receipts, internal papers, replies). */
export function watchedPaperKind(
  code: string | null | undefined,
  description: string | null | undefined,
  direction: string | null | undefined,
): WatchedPaperKind | null {
  if ((direction ?? '').trim().toUpperCase() !== 'OUTGOING') return null;
  const key = (code ?? '').trim().toUpperCase();
  if (Object.hasOwn(WATCHED_KIND_BY_DOCUMENT_CODE, key)) return WATCHED_KIND_BY_DOCUMENT_CODE[key];
  const text = fold(description);
  if (/\bnon-?\s?compliant\b.*\bamendment\b|\bnon-?\s?responsive\b.*\bamendment\b/.test(text)) return 'non_compliant_amendment';
  if (/\brequirement for information\b/.test(text)) return 'requirement_for_information';
  return null;
}

/** The interface's office_action_type codes (spec table "Office action type codes"). */
export type InterfaceActionType = 'CTNF' | 'CTFR' | 'CTED' | 'CTRS';

const INTERFACE_TYPE_BY_DOCUMENT_CODE: Readonly<Record<string, InterfaceActionType>> = {
  CTNF: 'CTNF',
  CTFR: 'CTFR',
  CTRS: 'CTED', // USPTO restriction (CTRS) is the interface's CTED.
  // The interface's CTRS (requirement for information, 37 CFR 1.105) has no verified USPTO
  // document code in our samples, so no USPTO code maps to it yet. Quayle and allowance papers
  // have no interface type at all.
};

/** USPTO document code → the interface's office_action_type; null when the interface has no type for it. */
export function interfaceTypeForDocumentCode(code: string | null | undefined): InterfaceActionType | null {
  const key = (code ?? '').trim().toUpperCase();
  return Object.hasOwn(INTERFACE_TYPE_BY_DOCUMENT_CODE, key) ? INTERFACE_TYPE_BY_DOCUMENT_CODE[key] : null;
}

// ---------------------------------------------------------------------------------------------
// Event codes (eventDataBag[].eventCode; same vocabulary as PatEx transactions) → event kinds
// Source: uspto-data.md §1.5 table (real descriptions from samples search-post-14412875 and
// application-17248024; full list in shared/data/patex-samples/event_codes.derived-from-odp.csv).
// ---------------------------------------------------------------------------------------------

export type EventKind =
  | 'non_final'
  | 'final'
  | 'restriction'
  | 'quayle'
  | 'advisory'
  | 'allowance'
  | 'interview'
  | 'applicant_reply'
  | 'rce'
  | 'abandonment'
  | 'revival'
  | 'grant'
  | 'other';

/**
 * Who asked for an interview (docs/decisions/examiner-profile.md "Interview success and RCEs"): the examiner profile's
 * interview success counts applicant-initiated interviews only — an examiner's own call before
 * allowance says nothing about whether asking for an interview helps.
 */
export type InterviewInitiator = 'applicant' | 'examiner' | 'unknown';

export interface EventClass {
  kind: EventKind;
  /** For kind 'interview' only: who initiated it (interviewInitiator); null for other kinds. */
  initiator: InterviewInitiator | null;
  /**
   * The event records the MAILING of a paper whose own event is also in the history (MCTNF for
   * CTNF, MN/=. for N/=., …; samples show the pairs 3–9 days apart). Counting: count the
   * non-mail event only (§1.5 "count one, not both"). Deadlines: the period runs from the
   * mailing, so anchor on the mail event's date.
   */
  isMailEvent: boolean;
}

const EVENT_KIND_BY_CODE: Readonly<Record<string, EventKind>> = {
  CTNF: 'non_final', // "Non-Final Rejection"
  CTFR: 'final', // "Final Rejection"
  CTRS: 'restriction', // restriction/election (other clients' OA event codes, §1.5)
  CTEQ: 'quayle', // Ex parte Quayle; certain only as a document code, kept for when it appears as an event
  CTAV: 'advisory', // Advisory action (other clients' OA event codes, §1.5)
  'N/=.': 'allowance', // "Notice of Allowance Data Verification Completed"
  CNOA: 'allowance', // "Corrected Notice of Allowability"
  'C/N=': 'allowance', // "Corrected Notice of Allowance"
  EXIN: 'interview', // Examiner Interview Summary Record (PTOL-413)
  EXIA: 'interview', // "Interview Summary- Applicant Initiated" (PAIR transaction history; not in our samples)
  EXET: 'interview', // "Interview Summary - Examiner Initiated - Telephonic"
  'INTV.SUM.EX': 'interview', // IFW document code: "Examiner initiated interview summary (PTOL-413B)"
  'INTV.SUM.APP': 'interview', // IFW document code: applicant's summary of an interview (PTOL-413)
  M865: 'interview', // IFW document code: PTOL-413A "Applicant Initiated Interview Request Form"
  'FAI.REQ.INTV': 'interview', // the same PTOL-413A form filed in the First Action Interview program
  'A...': 'applicant_reply', // "Response after Non-Final Action"
  'A.NE': 'applicant_reply', // "Response after Final Action"
  'XT/G': 'applicant_reply', // "Request for Extension of Time - Granted" (filed with a reply)
  RAFC: 'applicant_reply', // AFCP 2.0 request
  AFAC: 'applicant_reply', // AFCP 2.0 additional consideration
  RCEX: 'rce', // "Request for Continued Examination (RCE)"
  BRCE: 'rce', // "Workflow - Request for RCE - Begin"
  ABN9: 'rce', // "Disposal for a RCE / CPA / R129" — an RCE disposal, NOT an abandonment
  PREV: 'revival', // "Petition to Revive Application - Granted"
  NRAB: 'revival', // "Notice of Rescinded Abandonment in TCs"
  IFEE: 'grant', // "Issue Fee Payment Received"
  N084: 'grant', // "Issue Fee Payment Verified"
  WPIR: 'grant', // "Issue Notification Mailed"
  'PGM/': 'grant', // "Recordation of Patent Grant Mailed"
  'EPG/': 'grant', // "Recordation of Patent eGrant"
};

/**
 * Mail events paired with a classified event: M + the code (MCTNF "Mail Non-Final Rejection",
 * MCTFR "Mail Final Rejection (PTOL - 326)", MN/=. "Mail Notice of Allowance", MCNOA, MC/N=,
 * MABN2 "Mail Abandonment for Failure to Respond…", MPREV, MNRAB; MCTRS/MCTAV per §1.5, MCTEQ
 * by analogy). Kept explicit rather than "any M-prefixed code": MP014, MM327, M844 are not mail
 * twins of anything classified.
 */
const MAIL_EVENT_BASE: Readonly<Record<string, string>> = {
  MCTNF: 'CTNF',
  MCTFR: 'CTFR',
  MCTRS: 'CTRS',
  MCTEQ: 'CTEQ',
  MCTAV: 'CTAV',
  'MN/=.': 'N/=.',
  MCNOA: 'CNOA',
  'MC/N=': 'C/N=',
  MABN2: 'ABN2',
  MPREV: 'PREV',
  MNRAB: 'NRAB',
};

/** ABN + digits (ABN2 "Aband. for Failure to Respond to O. A.", …), except ABN9 (an RCE). */
const ABANDONMENT_CODE = /^M?ABN\d+$/;

/** Classify one eventDataBag entry (code plus its eventDescriptionText). */
export function classifyEvent(code: string | null | undefined, description: string | null | undefined): EventClass {
  const key = (code ?? '').trim().toUpperCase();
  const text = fold(description);
  const base = MAIL_EVENT_BASE[key];
  const own = base ?? key;
  const kind = kindForCode(own, text);
  return { kind, initiator: kind === 'interview' ? interviewInitiator(own, text) : null, isMailEvent: base !== undefined };
}

/**
 * Who initiated an interview, from the code and the USPTO's description (sources: the IFW
 * document-code list — EXIN "Examiner Interview Summary Record (PTOL - 413)", INTV.SUM.EX
 * "Examiner initiated interview summary (PTOL-413B)", M865 / FAI.REQ.INTV on the PTOL-413A
 * "Applicant Initiated Interview Request Form"; the ODP sample's EXET "Interview Summary -
 * Examiner Initiated - Telephonic"; MPEP 713.01, 713.04: examiner-initiated interviews are
 * recorded on PTOL-413B or in an examiner's amendment, the PTOL-413 summary with the applicant's
 * PTOL-413A request otherwise). The description wins when it names the initiator; an interview
 * whose initiator nothing states is 'unknown' and is not counted as applicant-initiated.
 */
function interviewInitiator(code: string, foldedDescription: string): InterviewInitiator {
  if (/\bapplicant[- ]?initiated\b/.test(foldedDescription)) return 'applicant';
  if (/\bexaminer[- ]?initiated\b/.test(foldedDescription)) return 'examiner';
  if (Object.hasOwn(INITIATOR_BY_CODE, code)) return INITIATOR_BY_CODE[code];
  return 'unknown';
}

const INITIATOR_BY_CODE: Readonly<Record<string, InterviewInitiator>> = {
  EXIA: 'applicant',
  EXIN: 'applicant', // PTOL-413: since PTOL-413B exists for the examiner's own calls, the applicant's interviews (MPEP 713.04)
  'INTV.SUM.APP': 'applicant',
  M865: 'applicant',
  'FAI.REQ.INTV': 'applicant',
  EXET: 'examiner',
  'INTV.SUM.EX': 'examiner',
};

function kindForCode(key: string, text: string): EventKind {
  if (Object.hasOwn(EVENT_KIND_BY_CODE, key)) return EVENT_KIND_BY_CODE[key];
  if (ABANDONMENT_CODE.test(key)) return key.endsWith('ABN9') ? 'rce' : 'abandonment';
  // Interview variants beyond EXIN/EXET (applicant-initiated, video, in person) are not all
  // verified; their descriptions say "Interview" (§1.5, §7).
  // "Pre-Interview Communication" (First Action Interview program) is the examiner's action, not an
  // interview; an examiner's amendment, even one agreed by telephone, is no applicant interview either.
  if (INTERVIEW_TEXT.test(text) && !NOT_AN_INTERVIEW_TEXT.test(text)) return 'interview';
  return 'other';
}

const INTERVIEW_TEXT = /interview/;
const NOT_AN_INTERVIEW_TEXT = /pre-?interview communication/;

/** SQL conditions that let through at least every event classifyEvent files under some kinds. */
export interface EventPrefilter {
  /** Codes (mail twins included) the table above maps to one of the kinds (eventCodesOfKind). */
  codes: string[];
  /** PostgreSQL regular expression for codes ruled by pattern (ABN + digits, mail twins too), or null. */
  codePattern: string | null;
  /** Case-insensitive PostgreSQL regular expression on the description (interview variants), or null. */
  descriptionPattern: string | null;
}

/**
 * For reading events in bulk (examiner statistics): narrows the rows fetched to those that can
 * be of the given kinds, derived from the tables and rules above so the two never drift apart.
 * A superset: what passes must still go through classifyEvent (ABN9 passes the code pattern and
 * classifies as 'rce').
 */
export function eventPrefilter(kinds: readonly EventKind[]): EventPrefilter {
  const wanted = new Set(kinds);
  return {
    codes: eventCodesOfKind(kinds).sort(),
    codePattern: wanted.has('abandonment') || wanted.has('rce') ? ABANDONMENT_CODE.source.replace('\\d', '[0-9]') : null,
    descriptionPattern: wanted.has('interview') ? INTERVIEW_TEXT.source : null,
  };
}

/**
 * The event codes (and their mail twins) classified as one of `kinds`, for queries that filter
 * in SQL. Codes are matched exactly as USPTO writes them.
 */
export function eventCodesOfKind(kinds: readonly EventKind[]): string[] {
  const codes = Object.entries(EVENT_KIND_BY_CODE)
    .filter(([, k]) => kinds.includes(k))
    .map(([c]) => c);
  const twins = Object.entries(MAIL_EVENT_BASE)
    .filter(([, base]) => codes.includes(base))
    .map(([twin]) => twin);
  // ABN-prefixed abandonment codes are matched by pattern, not listed; ABN9 (an RCE disposal) is listed here.
  return [...codes, ...twins, ...(kinds.includes('rce') ? ['ABN9'] : [])].filter((c, i, all) => all.indexOf(c) === i);
}

// ---------------------------------------------------------------------------------------------
// Document codes of the appeal papers (USPTO IFW vocabulary) whose dates start the life deadlines
// of src/domain/deadlines/life-events.ts. N/AP "Notice of Appeal Filed", AP.B "Appeal Brief
// Filed", EXANS / APEA "Examiner's Answer to Appeal Brief" and AP.RB / APRB "Reply Brief Filed"
// are from the USPTO IFW code list as quoted by practitioners; none appears in our samples yet, so
// each list names the variants seen. A docket without these papers simply shows no such deadline.
// ---------------------------------------------------------------------------------------------

/** The applicant's notice of appeal (37 CFR 41.31): the appeal brief period runs from its filing. */
export const NOTICE_OF_APPEAL_DOCUMENT_CODES: readonly string[] = ['N/AP'];
/** The appeal brief (37 CFR 41.37): answers the notice of appeal. */
export const APPEAL_BRIEF_DOCUMENT_CODES: readonly string[] = ['AP.B', 'APBR'];
/** The examiner's answer (37 CFR 41.39): the reply brief and oral-hearing periods run from its mailing. */
export const EXAMINERS_ANSWER_DOCUMENT_CODES: readonly string[] = ['EXANS', 'APEA'];
/** The reply brief (37 CFR 41.41): answers the examiner's answer. */
export const REPLY_BRIEF_DOCUMENT_CODES: readonly string[] = ['AP.RB', 'APRB'];
/** The issue fee payment as a paper (IFEE "Issue Fee Payment (PTO-85B)"): answers a notice of allowance. */
export const ISSUE_FEE_DOCUMENT_CODES: readonly string[] = ['IFEE'];
/** The notice of allowance. */
export const NOTICE_OF_ALLOWANCE_DOCUMENT_CODE = 'NOA';

/** Design applications: series code 29 (MPEP 503), or the record's application type. */
export function isDesignApplication(applicationNumber: string, applicationType: string | null): boolean {
  return applicationNumber.startsWith('29') || /^(design|des)$/i.test((applicationType ?? '').trim());
}

/** Plant applications by the record's application type (they share the utility series codes). */
export function isPlantApplication(applicationType: string | null): boolean {
  return /^(plant|plt)$/i.test((applicationType ?? '').trim());
}
