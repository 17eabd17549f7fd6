/**
 * The response plan's vocabulary. A plan is derived from an analysis record (what the action
 * says: its grounds, claims and recommendations, immutable) plus the practitioner's edits (what
 * the reply will do: strategies, claim texts, arguments, an election). Everything else (the
 * per-claim view, the completeness report, the preview) is computed from those two.
 */
import type { Span } from '../office-action/types.ts';
import type { StrategyCode } from './strategies.ts';

export type { Span };

export interface Quote {
  text: string;
  span: Span;
}

/** The parts of a stored analysis record (presenters/analysis.ts) the plan reads. */
export interface SourceAnalysis {
  analysis_id: string;
  application_number: string;
  rejection_type: string;
  claim_analyses: SourceClaim[];
  office_action?: {
    kind?: { kind?: string; evidence?: Quote | null };
    metadata?: { mailing_date?: { value: string } | null };
  };
  references?: SourceReference[];
  restriction_groups?: SourceRestrictionGroup[];
  document_objections?: { target: string; evidence: Quote }[];
  information_requirements?: Quote[];
  /** The grounds as stored with the analysis (computed once, when it was made: grounds.ts). */
  grounds?: Ground[];
}

export interface SourceClaim {
  claim_number: number;
  status: string;
  basis: string;
  prior_art: string[];
  recommendation: string;
  strategy?: { reasons?: string[]; alternatives?: string[]; confidence?: number };
  rejections?: {
    basis: string;
    citation: string;
    references: string[];
    statement: string;
    span: Span;
    derived?: boolean;
    /** The ground (of `grounds`) this entry belongs to. */
    ground_id?: string;
    subtype?: string | null;
    /** A carried-over rejection: the statements it carries over. */
    derived_from?: Span[];
  }[];
  objections?: { type: string; text: string; span: Span; allowable_if_rewritten?: boolean }[];
  allowable_if_rewritten?: boolean;
  independent?: boolean | null;
  depends_on?: number | null;
  restriction_group?: string | null;
  pinpoints?: { kind: string; reference: string | null; text: string; span: Span }[];
  evidence?: { finding: string; text: string; span: Span }[];
}

export interface SourceReference {
  id: string;
  short_name: string | null;
  kind: string;
  label: string;
  publication?: { number: string; display: string } | null;
  conflicting_claims?: number[];
  cited_in?: string[];
  evidence?: Quote;
}

export interface SourceRestrictionGroup {
  label: string;
  kind: 'invention' | 'species';
  claims: number[];
  subject: string | null;
  evidence: Quote;
}

export type GroundKind = 'rejection' | 'claim_objection' | 'document_objection' | 'restriction' | 'information_requirement';

export interface GroundPinpoint {
  claims: number[];
  kind: string;
  reference: string | null;
  text: string;
  span: Span;
}

/** One ground of rejection or objection (or requirement) the reply must answer (37 CFR 1.111(b)). */
export interface Ground {
  /** Stable for the analysis: `r1-103`, `r2-112b`, `r3-dp`, `o1-claims`, `o2-abstract`, `x1-restriction`, `i1-information`. */
  id: string;
  kind: GroundKind;
  /** Rejections: the short statutory code (`103`, `112(b)`, `DP`); null otherwise. */
  basis: string | null;
  /** The full citation (`35 U.S.C. 103`, `Nonstatutory double patenting`) or what is objected to. */
  statute: string;
  /** A heading: "Rejection of claims 1-2 under 35 U.S.C. 103". */
  title: string;
  claims: number[];
  /** Reference labels as the analysis gives them: `Rebmann (US 2018/0179985 A1)`. */
  references: string[];
  /** Claim objections: the analysis' objection type; document objections: the part objected to. */
  objection_type: string | null;
  target: string | null;
  /** The statement states no statute itself ("rejected based upon their dependency from claim 4"). */
  derived: boolean;
  allowable_if_rewritten: boolean;
  /** The examiner's sentence stating the ground, verbatim from the action. */
  statement: Quote;
  /** The examiner's reasoning that follows the statement, verbatim (when the action's text is at hand). */
  reasoning: (Quote & { truncated: boolean }) | null;
  pinpoints: GroundPinpoint[];
  /** 101: `signal_per_se` (Step 1, MPEP 2106.03) or `judicial_exception` (Steps 2A/2B); null otherwise. */
  subtype: string | null;
  /** Double patenting: the patents or applications whose claims are relied on (display numbers). */
  conflicting: string[];
  /** A carried-over ground ("rejected based upon their dependency from claim 4"): the grounds it carries over. */
  derived_from: string[];
}

// --- The practitioner's edits (stored) ---

export interface ClaimEdit {
  /** Chosen strategy; absent: the analysis' recommendation (or the election's). */
  strategy?: StrategyCode;
  /** The claim as amended by this reply (clean text, no markings). */
  amended_text?: string;
  /** The claim as it now stands (the text the amendment is marked against, 37 CFR 1.121(c)(2)). */
  original_text?: string;
  /** The answer chosen for one ground of the claim (ground id → strategy), where it differs from the claim's (ground-answers.ts). */
  ground_strategies?: Record<string, StrategyCode>;
}

export interface ArgumentEdit {
  text: string;
  updated_at: string;
}

export interface ElectionEdit {
  /** The elected invention group's label as the requirement writes it (`I`, `II`), normalized. */
  group: string | null;
  /** The elected species' label, when an election of species was required. */
  species: string | null;
  traverse: boolean;
}

export interface PlanEdits {
  claims: Record<string, ClaimEdit>;
  arguments: Record<string, ArgumentEdit>;
  election: ElectionEdit | null;
}

/** A refusal by the plan's rules; commands turn it into the error object. */
export class PlanRuleError extends Error {
  override name = 'PlanRuleError';
  readonly kind: 'not_found' | 'invalid' | 'conflict';
  readonly code: string;
  readonly field: string | null;
  readonly suggestion: string;
  constructor(kind: 'not_found' | 'invalid' | 'conflict', code: string, message: string, suggestion: string, field: string | null = null) {
    super(message);
    this.kind = kind;
    this.code = code;
    this.field = field;
    this.suggestion = suggestion;
  }
}
