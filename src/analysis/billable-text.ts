/**
 * What analysis billing counts as output (docs/decisions/billing.md "Analyses"): the text the analysis
 * writes for the practitioner — each distinct recommendation rationale — never the JSON record
 * that carries it (field names, spans, the action's own words quoted back). A language model's
 * output is billed as its provider reports it, on top.
 */
import type { OfficeActionAnalysis } from '../domain/office-action/index.ts';

export function practitionerText(analysis: OfficeActionAnalysis): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const c of analysis.claim_analyses) {
    for (const r of c.strategy.reasons) {
      if (seen.has(r)) continue;
      seen.add(r);
      out.push(r);
    }
  }
  return out.join('\n');
}

/** Weaknesses the analysis knows about, each lowering the confidence it reports. */
export function knownWeaknesses(analysis: OfficeActionAnalysis): string[] {
  const w: string[] = [];
  const guessed = analysis.claim_analyses.filter((c) => c.status === 'rejected' && c.independent === null).map((c) => c.claim_number);
  if (guessed.length) w.push(`independence of claims ${guessed.join(', ')} not stated in the action: treated as independent (guessed)`);
  const partial = analysis.claim_analyses.filter((c) => c.independent === false && c.depends_on === null).map((c) => c.claim_number);
  if (partial.length) w.push(`parent claim of dependent claims ${partial.join(', ')} not stated: the nearest lower independent claim is assumed`);
  const missing = analysis.claim_analyses.filter((c) => c.treatment === 'missing').map((c) => c.claim_number);
  if (missing.length) w.push(`claims ${missing.join(', ')} are not explained in the text analysed (an excerpt may omit it)`);
  for (const x of analysis.parsed.warnings) if (x.code !== 'type_hint_ignored') w.push(x.message);
  return w;
}
