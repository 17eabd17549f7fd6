import { applyStrategies, collectClaimFacts } from './breakdown.ts';
import { componentConfidence, overallConfidence, type ComponentConfidence } from './confidence.ts';
import { parseOfficeAction, type StageName, type StageRunner } from './parse.ts';
import { verifyEvidence } from './spans.ts';
import type { ClaimAnalysis, ExaminerStats, ParsedOfficeAction, TypeHint } from './types.ts';
import { reportedTypeOf, type ReportedType } from './type-codes.ts';

/**
 * The office-action analysis pipeline. Each stage ("expert") is reported with its version, a
 * confidence and its elapsed time. The domain has no clock: pass `now` (e.g. `performance.now`)
 * to get timings; without it `elapsed_ms` is null.
 */
const OA_PIPELINE_VERSION = '1.0.0';

export type ExpertName = StageName | 'citation_verifier';

export interface ExpertReport {
  name: ExpertName;
  version: string;
  confidence: number;
  elapsed_ms: number | null;
}

export interface AnalyzeOptions {
  /** The interface's office_action_type (CTNF, CTFR, CTED = restriction, CTRS = requirement for information). */
  typeHint?: TypeHint;
  examinerStats?: ExaminerStats | null;
  /** Monotonic clock in milliseconds, injected by the caller. */
  now?: () => number;
  /**
   * An earlier analysis of the SAME text and type hint whose parse is reused: only the claim
   * mapping, strategy and verification run again (callers learn the examiner from the first
   * pass, then add examiner statistics without parsing the action twice).
   */
  reuse?: OfficeActionAnalysis;
}

/** The experts that parse the text; their results and timings carry over with `reuse`. */
const PARSE_EXPERTS: readonly ExpertName[] = ['summary_parser', 'rejection_extractor', 'reference_normalizer'];

export interface OfficeActionAnalysis {
  parsed: ParsedOfficeAction;
  claim_analyses: ClaimAnalysis[];
  experts: ExpertReport[];
  /** Every evidence span re-checked against the input: `input.slice(start, end) === text`. */
  citations_verified: boolean;
  /** The type code reported for the paper (type-codes.ts); null when its kind is not recognised. */
  office_action_type: ReportedType | null;
  confidence: number;
  confidence_scores: ComponentConfidence;
}

const EXPERTS: readonly ExpertName[] = [
  'summary_parser',
  'rejection_extractor',
  'reference_normalizer',
  'claim_mapper',
  'strategy_engine',
  'citation_verifier',
];

export function analyzeOfficeAction(text: string, options: AnalyzeOptions = {}): OfficeActionAnalysis {
  const input = typeof text === 'string' ? text : '';
  const now = options.now;
  const elapsed = new Map<ExpertName, number>();
  const timed = <T>(name: ExpertName, run: () => T): T => {
    if (!now) return run();
    const t0 = now();
    try {
      return run();
    } finally {
      elapsed.set(name, (elapsed.get(name) ?? 0) + (now() - t0));
    }
  };
  const stage: StageRunner = (name, run) => timed(name, run);

  for (const e of options.reuse?.experts ?? []) {
    if (PARSE_EXPERTS.includes(e.name) && e.elapsed_ms !== null) elapsed.set(e.name, e.elapsed_ms);
  }
  const parsed = options.reuse?.parsed ?? parseOfficeAction(input, { typeHint: options.typeHint, stage });
  const facts = timed('claim_mapper', () => collectClaimFacts(parsed));
  const claimAnalyses = timed('strategy_engine', () => applyStrategies(facts, parsed, { examinerStats: options.examinerStats ?? null }));
  const verified = timed('citation_verifier', () => verifyEvidence(input, { parsed, claimAnalyses }).length === 0);
  const scores = componentConfidence(parsed, claimAnalyses, verified);
  return {
    parsed,
    claim_analyses: claimAnalyses,
    experts: EXPERTS.map((name) => ({
      name,
      version: OA_PIPELINE_VERSION,
      confidence: scores[name],
      elapsed_ms: now ? Math.round((elapsed.get(name) ?? 0) * 1000) / 1000 : null,
    })),
    citations_verified: verified,
    office_action_type: reportedTypeOf(parsed.kind.kind),
    confidence: overallConfidence(scores),
    confidence_scores: scores,
  };
}
