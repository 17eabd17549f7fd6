/**
 * Shapes produced by the office-action parser. Every finding carries `evidence`: a span of
 * UTF-16 offsets into the ORIGINAL input and the verbatim text, so that
 * `input.slice(evidence.span.start, evidence.span.end) === evidence.text` always holds.
 */

export type Span = { start: number; end: number };
export type Evidence = { span: Span; text: string };

/** Kind of paper (the USPTO's document codes CTNF, CTFR, CTRS, CTEQ, NOA; 37 CFR 1.105 requirements). */
export type PaperKind = 'non_final' | 'final' | 'restriction' | 'requirement_for_information' | 'quayle' | 'notice_of_allowance' | 'other';

/** Short statutory codes. Pre-AIA 112 paragraphs map to the AIA letters (first → (a), second → (b), ...). */
export type Basis = '101' | '102' | '103' | '112(a)' | '112(b)' | '112(c)' | '112(d)' | '112(e)' | '112(f)' | '112' | 'DP';

export const BASIS_ORDER: readonly Basis[] = ['101', '102', '103', '112(a)', '112(b)', '112(c)', '112(d)', '112(e)', '112(f)', '112', 'DP'];

export type ClaimStatus = 'rejected' | 'objected' | 'allowed' | 'withdrawn' | 'cancelled' | 'pending';

export interface StatuteCitation {
  basis: Basis;
  /** Normalized full citation, e.g. `35 U.S.C. 102(a)(1)`, `pre-AIA 35 U.S.C. 102(b)`, `35 U.S.C. 112 (pre-AIA), second paragraph`. */
  citation: string;
  pre_aia: boolean;
  evidence: Evidence;
}

export type ReferenceKind = 'us_patent' | 'us_pgpub' | 'us_application' | 'foreign' | 'wo' | 'npl' | 'aapa' | 'official_notice' | 'unidentified';

export interface PublicationNumber {
  kind: 'us_patent' | 'us_pgpub' | 'us_application' | 'foreign' | 'wo';
  country: string;
  /** Normalized with kind code when known: `US1234567B2`, `US20150123456A1`, `EP1234567A1`. */
  number: string;
  /** Normalized without kind code; compare references on this. */
  base: string;
  kind_code: string | null;
  /** True when the kind code was not written and was inferred (US pre-grant publications → A1). */
  kind_code_inferred: boolean;
  /** Display form: `US 1,234,567 B2`, `US 2015/0123456 A1`, `JP 2008-008593 A`. */
  display: string;
}

export interface Reference {
  /** Stable within one parse: `ref-1`, `ref-2` ... (registry order). */
  id: string;
  short_name: string | null;
  kind: ReferenceKind;
  publication: PublicationNumber | null;
  /** `Name (US 1,234,567 B2)`, or the display alone when no name was written. */
  label: string;
  /** Double patenting: the claims of the reference patent/application relied on. */
  conflicting_claims: number[];
  evidence: Evidence;
}

/** A distinct reference of the action with the rejection statements that cite it. */
export interface CitedReference extends Reference {
  /** Ids of the rejection statements citing the reference (`rej-1`, ...); the analysis record gives the ground ids (`r1-103`) instead. */
  cited_in: string[];
}

/**
 * Where a statement without a statute got its basis: the statements it refers to (same reasons,
 * dependency), the section heading ("Claim Rejections - 35 USC § 103"), or only its own wording
 * ("anticipated by", "indefinite"; no heading, no statute).
 */
export type DerivationKind = 'same_reasons' | 'dependency' | 'section_context' | 'wording';

export interface RejectionStatement {
  id: string;
  claims: number[];
  claims_as_written: string;
  bases: Basis[];
  statutes: StatuteCitation[];
  double_patenting: { type: 'nonstatutory' | 'statutory'; provisional: boolean } | null;
  provisional: boolean;
  references: Reference[];
  /** Set when the sentence states no statute itself ("rejected for the same reasons", "based upon their dependency"). */
  derived_from: { kind: DerivationKind; parent_claims: number[]; source_ids: string[] } | null;
  /** Heading the statement sits under, e.g. `Claim Rejections - 35 USC § 103`. */
  section: string | null;
  evidence: Evidence;
  /** The examiner's reasoning after the statement, up to the next statement or heading (bounded). */
  explanation: Evidence | null;
  subtype: RejectionSubtype;
  confidence: number;
}

export type ObjectionType =
  | 'informality'
  | 'dependent_on_rejected_base'
  | 'dependency'
  | 'improper_dependent'
  | 'improper_multiple_dependent'
  | 'duplicate'
  | 'other';

export interface ClaimObjection {
  id: string;
  claims: number[];
  type: ObjectionType;
  allowable_if_rewritten: boolean;
  /** Claims named as the base ("objected to based upon their dependency from claim 4"). */
  parent_claims: number[];
  /** The reason given after "because of the following informalities:", when stated. */
  detail: Evidence | null;
  evidence: Evidence;
}

export interface DocumentObjection {
  target: 'specification' | 'disclosure' | 'abstract' | 'drawings' | 'title' | 'oath_declaration' | 'other';
  evidence: Evidence;
}

export interface AllowabilityStatement {
  claims: number[];
  /** `allowed` ("are allowed"), `allowable_subject_matter` ("appear to contain allowable subject matter"),
   *  `allowable_if_rewritten` ("would be allowable if rewritten ... to overcome the rejection(s)"). */
  kind: 'allowed' | 'allowable_subject_matter' | 'allowable_if_rewritten';
  evidence: Evidence;
}

export interface DispositionStatement {
  claims: number[];
  disposition: 'cancelled' | 'withdrawn' | 'pending';
  evidence: Evidence;
  /** Not stated but inferred (withdrawn by implication after an election, implied-withdrawal.ts); the evidence is the election sentence. */
  inferred?: true;
}

export interface RestrictionGroup {
  /** `I`, `II`, ... or the species label as written. */
  label: string;
  kind: 'invention' | 'species';
  claims: number[];
  subject: string | null;
  evidence: Evidence;
}

export interface Pinpoint {
  claims: number[];
  kind: 'column_line' | 'paragraph' | 'figure' | 'page_line';
  reference_id: string | null;
  reference_name: string | null;
  evidence: Evidence;
}

export interface ClaimStructure {
  claim_number: number;
  independent: boolean;
  depends_on: number | null;
  /** `claim_text`: the claim itself is quoted; `examiner_restatement`: "the method of claim 17, wherein";
   *  `objection_form`: objected to as dependent on a rejected base claim; `dependency_statement`: "based upon
   *  their dependency from claim 4". */
  source: 'claim_text' | 'examiner_restatement' | 'objection_form' | 'dependency_statement';
  evidence: Evidence;
}

export type SummaryField = 'pending' | 'withdrawn' | 'allowed' | 'rejected' | 'objected' | 'restriction';

export interface SummaryLine {
  field: SummaryField;
  claims: number[];
  evidence: Evidence;
}

export interface SummaryDisposition {
  /** True when PTOL-326 "Disposition of Claims" lines were found. */
  found: boolean;
  pending: number[];
  withdrawn: number[];
  allowed: number[];
  rejected: number[];
  objected: number[];
  restriction: number[];
  lines: SummaryLine[];
}

export interface MetaValue {
  value: string;
  evidence: Evidence;
}

export interface Metadata {
  /** Normalized 8 digits; `display` gives `15/091,542`. */
  application_number: (MetaValue & { display: string }) | null;
  /** As written (`DAVID E MARTINEZ`) and in the form `LASTNAME, FIRSTNAME M`. */
  examiner: (MetaValue & { normalized: string }) | null;
  art_unit: MetaValue | null;
  /** YYYY-MM-DD */
  mailing_date: MetaValue | null;
  aia_status: (MetaValue & { value: 'aia' | 'pre_aia' }) | null;
  /** Form-paragraph codes left in XML-derived text, e.g. `07-03-aia`, `13-03` (MPEP 7.03.aia, 13.03). */
  form_paragraph_codes: string[];
}

export interface Warning {
  code:
    | 'possible_prompt_injection'
    | 'unresolved_rejection'
    | 'type_hint_conflict'
    | 'type_hint_ignored'
    | 'summary_body_mismatch'
    | 'input_truncated'
    | 'no_office_action_structure'
    | 'withdrawn_by_implication';
  message: string;
  evidence?: Evidence;
}

export interface PaperKindResult {
  kind: PaperKind;
  confidence: number;
  source: 'text' | 'hint' | 'inferred' | 'none';
  evidence: Evidence | null;
}

/** How the examiner treated a claim rejected over art (treatment.ts). Only claims with something to report are listed. */
export interface ClaimTreatment {
  claim_number: number;
  state: 'explained' | 'garbled' | 'missing';
  /** Sentences in an anticipation rejection conceding the reference lacks something ("does not explicitly disclose"). */
  admissions: Evidence[];
  /** "With the same reasons as set forth in claim 1": the claim treated as riding on claim N. */
  same_reasons_as: number | null;
}

/** What a rejection rests on beyond its statute, where the text shows it. */
export type RejectionSubtype = 'signal_per_se' | 'judicial_exception' | null;

export interface ParsedOfficeAction {
  kind: PaperKindResult;
  metadata: Metadata;
  summary: SummaryDisposition;
  rejections: RejectionStatement[];
  objections: ClaimObjection[];
  document_objections: DocumentObjection[];
  allowability: AllowabilityStatement[];
  dispositions: DispositionStatement[];
  restriction_groups: RestrictionGroup[];
  /** Unique references cited anywhere in rejection statements, with the statements citing each. */
  references: CitedReference[];
  pinpoints: Pinpoint[];
  claim_structure: ClaimStructure[];
  treatments: ClaimTreatment[];
  /** 37 CFR 1.105 requirements for information. */
  information_requirements: Evidence[];
  warnings: Warning[];
  stats: { input_chars: number; sentences: number; candidate_statements: number };
}

export type TypeHint = 'CTNF' | 'CTFR' | 'CTED' | 'CTRS';

export interface ExaminerStats {
  /** Fractions 0..1 (docs/decisions/examiner-profile.md "The figures"). */
  allowance_rate: number;
  /**
   * Allowance rate after an applicant-initiated interview; null when the examiner has too few
   * decided cases with or without one (no interview-lift claim is then made).
   */
  interview_success_rate: number | null;
  /** Allowance rate without an applicant-initiated interview: the baseline of the interview lift. */
  allowance_rate_without_interview?: number | null;
  avg_actions_to_allowance?: number;
  top_rejection_bases?: string[];
  total_cases_analyzed?: number;
}

/** The four interface strategy codes plus the extras Prosa decided (see strategy.ts). */
export type StrategyCode =
  | 'amend_narrow'
  | 'argue_distinction'
  | 'cancel'
  | 'argue_unexpected_results'
  | 'amend_clarify'
  | 'rewrite_independent'
  | 'terminal_disclaimer'
  | 'no_action'
  | 'elect'
  | 'provide_information';

export interface Recommendation {
  code: StrategyCode;
  reasons: string[];
  alternatives: StrategyCode[];
  suggest_interview: boolean;
  confidence: number;
  /** Names of the rules that fired, in order (glass box). */
  rules: string[];
}

export interface ClaimRejection {
  /** The ground of the analysis record this entry belongs to (`r1-103`): set when the record is presented. */
  ground_id?: string;
  basis: Basis;
  citation: string;
  references: string[];
  statement: string;
  span: Span;
  derived: boolean;
  subtype?: RejectionSubtype;
  /** A carried-over statement: the spans of the statements it carries over. */
  derived_from?: Span[];
}

export interface ClaimAnalysis {
  claim_number: number;
  status: ClaimStatus;
  /** Short codes joined by "; " (empty string when none). */
  basis: string;
  prior_art: string[];
  recommendation: StrategyCode;
  strategy: Recommendation;
  rejections: ClaimRejection[];
  objections: Array<{ type: ObjectionType; text: string; span: Span; allowable_if_rewritten: boolean }>;
  allowable_if_rewritten: boolean;
  independent: boolean | null;
  depends_on: number | null;
  restriction_group: string | null;
  pinpoints: Array<{ kind: Pinpoint['kind']; reference: string | null; text: string; span: Span }>;
  evidence: Array<{ finding: string; text: string; span: Span }>;
  /** `explained` unless the examiner's treatment of this claim is garbled or missing (no prima facie case). */
  treatment: 'explained' | 'garbled' | 'missing' | null;
  /** The examiner's own concessions in an anticipation rejection (MPEP 2131), verbatim. */
  examiner_admissions: Array<{ text: string; span: Span }>;
  /** How `independent`/`depends_on` were learned; `null` when neither is known (guessed downstream). */
  structure_source: ClaimStructure['source'] | null;
}
