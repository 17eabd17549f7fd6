/**
 * The claim chart and the support search turned into what a response may state (issue 18 item
 * 6): for each charted claim, its limitations with the examiner's words, the passages cited and
 * the terms they lack; for each amended claim, the words it adds and where the specification
 * contains them. Pure.
 */
import type { ClaimChart } from '../../../domain/art/chart.ts';
import { isSpecificTerm } from '../../../domain/art/terms.ts';
import type { PaperFile, PaperSupport } from '../../../documents/types.ts';

/** The text of the claims a claim depends from (not the claim itself), as the chart holds them. */
function ancestorsText(chart: ClaimChart, n: number): string {
  const byNumber = new Map(chart.claims.map((c) => [c.claim_number, c]));
  const out: string[] = [];
  const seen = new Set<number>([n]);
  for (let p = byNumber.get(n)?.depends_on ?? null; p !== null && !seen.has(p); p = byNumber.get(p)?.depends_on ?? null) {
    seen.add(p);
    const t = byNumber.get(p)?.text;
    if (t) out.push(t);
  }
  return out.join('\n');
}

/** Whether `term` is written in `text` as a word of its own, in any case. */
const writtenIn = (term: string, text: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu').test(text);

export function paperFileOf(chart: ClaimChart | null, support: Record<number, PaperSupport>, actionText: string): PaperFile {
  return {
    charts: (chart?.claims ?? []).map((c) => ({
      claim_number: c.claim_number,
      limitations: c.limitations.map((l) => {
        const terms = l.flags.find((f) => f.code === 'terms_not_in_cited_passage');
        // A dependent claim is argued on what it adds: terms its base claims already recite were argued there.
        const inherited = ancestorsText(chart!, c.claim_number);
        return {
          text: l.text,
          assertion: l.assertion ?? null,
          assertion_score: l.assertion_score,
          citations: l.citations
            .filter((x) => x.resolved)
            .map((x) => ({
              reference: x.reference,
              reference_name: x.reference_name,
              pinpoint: x.pinpoint,
              passages: x.passages.map((p) => ({ label: p.label, text: p.text })),
            })),
          missing_terms: terms?.terms ?? [],
          absent_terms: terms?.absent_from_reference ?? [],
          specific_absent_terms: (terms?.absent_from_reference ?? []).filter((t) => isSpecificTerm(t) && !writtenIn(t, inherited)),
        };
      }),
    })),
    support,
    action_mentions_inherency: /\binheren(?:t|tly|cy)\b/i.test(actionText),
  };
}
