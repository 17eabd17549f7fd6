// Statutory bases of rejections in one spelling: "101", "102", "103", "112", "112(a)", "112(b)",
// "112(d)", "112(f)", "DP". Pure.
// Sources of the spellings: the ODP OA Rejections flags hasRej101/102/103/112/DP (sample
// oa-rejections-12190351.json; uspto-data.md §4 "rejection bases") and office-action text
// ("35 U.S.C. 112(b)", "112, second paragraph" — pre-AIA 35 U.S.C. 112 ¶2 is today's 112(b),
// MPEP 2171; obviousness-type / statutory double patenting, MPEP 804).

export const FLAG_BASES = ['101', '102', '103', '112', 'DP'] as const;
export type FlagBasis = (typeof FLAG_BASES)[number];

/** Ties in frequency are listed in this order (the usual frequency in practice, then the rest). */
const ORDER = ['103', '102', '112', '112(b)', '112(a)', '101', 'DP', '112(d)', '112(f)'];

const PARAGRAPH_TO_SUBSECTION: Record<string, string> = { first: 'a', '1st': 'a', second: 'b', '2nd': 'b', fourth: 'd', '4th': 'd', sixth: 'f', '6th': 'f' };

/**
 * One basis in the canonical spelling, or null when the text names no statutory basis Prosa
 * tracks. Accepts "103", "§ 103", "35 U.S.C. 103(a)" (pre-AIA subsection → "103"), "112(b)",
 * "112 second paragraph", "double patenting", "ODP", "nonstatutory double patenting".
 */
export function normalizeRejectionBasis(raw: string): string | null {
  const text = raw
    .normalize('NFKC')
    .toLowerCase()
    .replace(/35\s*u\.?\s*s\.?\s*c\.?/g, ' ')
    .replace(/§/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return null;
  if (/double[\s-]*patenting|^o?dp$|^nsdp$|^odp\b/.test(text)) return 'DP';
  const m =
    /^(?:section |sec\.? )?(101|102|103|112)\b\s*(?:\(\s*([a-f])\s*\)|,?\s*(first|1st|second|2nd|fourth|4th|sixth|6th)\s*(?:paragraph|para\.?|¶)?|¶\s*([1246]))?/.exec(
      text,
    );
  if (!m) return null;
  const section = m[1];
  if (section !== '112') return section; // 102(a)(1), 103(a): the section is the basis
  const sub = m[2] ?? (m[3] ? PARAGRAPH_TO_SUBSECTION[m[3]] : undefined) ?? (m[4] ? 'abdf'['1246'.indexOf(m[4])] : undefined);
  return sub ? `112(${sub})` : '112';
}

/** Bases most frequent first; ties in the customary order above, then alphabetically. */
export function rankBases(counts: ReadonlyMap<string, number>): { basis: string; count: number }[] {
  const rank = (b: string) => {
    const i = ORDER.indexOf(b);
    return i < 0 ? ORDER.length : i;
  };
  return [...counts]
    .filter(([, n]) => n > 0)
    .map(([basis, count]) => ({ basis, count }))
    .sort((a, b) => b.count - a.count || rank(a.basis) - rank(b.basis) || a.basis.localeCompare(b.basis));
}
