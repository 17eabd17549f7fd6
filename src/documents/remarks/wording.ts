/** Phrases the remarks share. */
import type { CitedReference } from '../types.ts';
import { referenceLabel, type RejectionGround } from '../rejection-grounds.ts';

/** "A, B, and C". */
export function listPhrase(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items.join('');
  if (items.length === 2) return `${items[0]} ${conjunction} ${items[1]}`;
  return `${items.slice(0, -1).join(', ')}, ${conjunction} ${items[items.length - 1]}`;
}

/** "Smith" / "Smith and Jones": the short names argued against. */
export function referenceNames(refs: readonly CitedReference[]): string {
  return listPhrase(refs.map((r) => r.name));
}

/** What a rejection rests on, in the examiner's form-paragraph wording (MPEP 706.02, 706.02(j)). */
export function groundPhrase(g: RejectionGround): string {
  const labels = g.references.map(referenceLabel);
  switch (g.family) {
    case '102':
      return labels.length ? `as being anticipated by ${listPhrase(labels, 'or')}` : 'as being anticipated';
    case '103':
      if (!labels.length) return 'as being unpatentable';
      return labels.length === 1
        ? `as being unpatentable over ${labels[0]}`
        : `as being unpatentable over ${labels[0]} in view of ${listPhrase(labels.slice(1))}`;
    case '112(b)':
    case '112':
      return 'as being indefinite';
    case 'DP':
      return labels.length ? `over the claims of ${listPhrase(labels)}` : '';
    default:
      return '';
  }
}

/** "35 U.S.C. 103" / "the ground of nonstatutory double patenting". */
export function citationPhrase(g: RejectionGround): string {
  return onGround(g) ? `on the ground of ${g.citation}` : `under ${g.citation}`;
}

/** Nonstatutory double patenting is a ground, not a statute; statutory double patenting is under 35 U.S.C. 101. */
export function onGround(g: Pick<RejectionGround, 'family' | 'citation'>): boolean {
  return g.family === 'DP' && !/^35 U\.S\.C\./.test(g.citation);
}

/** Section heading: "Rejection of Claims 1-4 under 35 U.S.C. 103". */
export function groundHeading(g: RejectionGround, claimsText: string): string {
  return onGround(g) ? `Rejection of ${claimsText} on the Ground of ${titleCase(g.citation)}` : `Rejection of ${claimsText} under ${g.citation}`;
}

function titleCase(s: string): string {
  return s.replace(/\b([a-z])/g, (m) => m.toUpperCase());
}
