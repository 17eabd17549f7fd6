/**
 * What a practitioner does first when the file shows the art lacks what a claim recites
 * (issue 18; issue 19 "defaults an attorney would file"): argue, not amend. A claim whose only art
 * ground is anticipation over one reference, and which has a limitation the examiner mapped
 * closely to a passage of that reference, where the reference nowhere uses an abbreviation or a
 * numbered term of the limitation ("WLAN", "5GHz": absences no synonym explains away), is argued
 * by default instead of narrowed. Pure.
 */
import type { ClaimChart } from './chart.ts';
import { isSpecificTerm } from './terms.ts';

export interface ChartDefault {
  claim_number: number;
  /** The abbreviations and numbered terms of the claim the cited reference never uses. */
  absent_terms: string[];
  reference: string;
}

/** The examiner's words must repeat the limitation's this closely for the mapping to be relied on. */
const CLOSE_ENOUGH = 0.8;

export function claimsToArgue(chart: ClaimChart): ChartDefault[] {
  const out: ChartDefault[] = [];
  for (const c of chart.claims) {
    const art = c.grounds.filter((g) => g.basis === '102' || g.basis === '103');
    // Anticipation over a single reference only: obviousness may fill a gap from another reference.
    if (art.length === 0 || art.some((g) => g.basis !== '102' || g.references.length !== 1)) continue;
    const reference = art[0].references[0];
    const absent = new Set<string>();
    for (const l of c.limitations) {
      if ((l.assertion_score ?? 0) < CLOSE_ENOUGH || !l.citations.some((x) => x.resolved && x.reference === reference)) continue;
      for (const f of l.flags) for (const t of f.absent_from_reference ?? []) if (isSpecificTerm(t)) absent.add(t);
    }
    if (absent.size) out.push({ claim_number: c.claim_number, absent_terms: [...absent], reference });
  }
  return out;
}
