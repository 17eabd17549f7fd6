import type { ClaimAnalysis, ParsedOfficeAction } from './types.ts';

/**
 * Per-component confidence in [0, 1] for the glass box. Each score says how much of that
 * component's output rests on recognised form-paragraph structure, not how likely the examiner is
 * right. Inputs without office-action structure score low everywhere.
 */
export interface ComponentConfidence {
  summary_parser: number;
  rejection_extractor: number;
  reference_normalizer: number;
  claim_mapper: number;
  strategy_engine: number;
  citation_verifier: number;
}

export function componentConfidence(parsed: ParsedOfficeAction, analyses: readonly ClaimAnalysis[], citationsVerified: boolean): ComponentConfidence {
  const structured = !parsed.warnings.some((w) => w.code === 'no_office_action_structure') && analyses.length > 0;
  const injected = parsed.warnings.some((w) => w.code === 'possible_prompt_injection');
  const penalty = injected ? 0.15 : 0;

  const summary = clamp(parsed.kind.confidence * (parsed.summary.found ? 1 : 0.9) + (parsed.metadata.application_number ? 0.03 : 0) - penalty);

  let rejection: number;
  const kind = parsed.kind.kind;
  if (parsed.rejections.length > 0) {
    rejection = mean(parsed.rejections.map((r) => r.confidence));
  } else if (kind === 'non_final' || kind === 'final') {
    rejection = 0.3; // a rejection paper without a readable rejection statement
  } else {
    rejection = structured ? 0.85 : 0.1;
  }
  rejection = clamp(rejection - penalty);

  const artRejections = parsed.rejections.filter((r) => r.bases.includes('102') || r.bases.includes('103'));
  let references: number;
  if (artRejections.length === 0) references = structured ? 0.85 : 0.1;
  else {
    const refs = artRejections.flatMap((r) => r.references);
    const numbered = refs.filter((r) => r.publication !== null || r.kind === 'aapa' || r.kind === 'official_notice' || r.kind === 'npl').length;
    const withRefs = artRejections.filter((r) => r.references.length > 0).length / artRejections.length;
    references = refs.length === 0 ? 0.2 : 0.5 * (numbered / refs.length) + 0.45 * withRefs;
  }

  let mapper: number;
  if (analyses.length === 0) mapper = structured ? 0.5 : 0.05;
  else {
    const numbers = analyses.map((a) => a.claim_number);
    const span = Math.max(...numbers) - Math.min(...numbers) + 1;
    const contiguity = numbers.length / span;
    let agreement = 1;
    if (parsed.summary.found) {
      const byNumber = new Map(analyses.map((a) => [a.claim_number, a.status]));
      const checks: Array<[number[], string]> = [
        [parsed.summary.rejected, 'rejected'],
        [parsed.summary.allowed, 'allowed'],
        [parsed.summary.withdrawn, 'withdrawn'],
      ];
      let total = 0;
      let ok = 0;
      for (const [claims, status] of checks) {
        for (const c of claims) {
          total++;
          if (byNumber.get(c) === status) ok++;
        }
      }
      agreement = total === 0 ? 1 : ok / total;
    }
    const unresolved = analyses.filter((a) => a.status === 'rejected' && a.basis === '').length / analyses.length;
    mapper = 0.55 + 0.2 * contiguity + 0.2 * agreement - 0.4 * unresolved;
  }
  mapper = clamp(mapper - penalty);

  const strategy = analyses.length === 0 ? (structured ? 0.5 : 0.05) : clamp(mean(analyses.map((a) => a.strategy.confidence)) - penalty);

  return {
    summary_parser: round(structured ? summary : Math.min(summary, 0.15)),
    rejection_extractor: round(rejection),
    reference_normalizer: round(clamp(references)),
    claim_mapper: round(mapper),
    strategy_engine: round(strategy),
    citation_verifier: citationsVerified ? 1 : 0,
  };
}

export function overallConfidence(c: ComponentConfidence): number {
  const parts = [c.summary_parser, c.rejection_extractor, c.reference_normalizer, c.claim_mapper, c.strategy_engine];
  return round(Math.min(mean(parts), c.citation_verifier === 1 ? 1 : 0.1));
}

function mean(xs: readonly number[]): number {
  return xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length;
}
function clamp(x: number): number {
  return Math.max(0, Math.min(1, x));
}
function round(x: number): number {
  return Math.round(x * 100) / 100;
}
