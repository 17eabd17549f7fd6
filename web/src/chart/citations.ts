/** Labels of what the examiner cites, as an attorney reads them: "Laroia ¶ [0065]". Pure. */
import type { ChartCitation, ChartLimitation, Passage } from '../api/file.ts';
import { shortName } from '../file/words.ts';

/** "¶ [0065]" for a numbered paragraph, else the passage's own label ("col. 3, ll. 4-10"). */
export function passageLabel(p: Pick<Passage, 'label'>): string {
  return p.label.startsWith('[') ? `¶ ${p.label}` : p.label;
}

/** One passage and every pinpoint of a limitation that designates it ("f1" and "B1" may both be ¶ [0002]). */
export interface CitedGroup {
  citation: ChartCitation;
  pinpoints: string[];
}

/**
 * "Laroia ¶ [0065]"; figures and numerals with the paragraph they resolved to:
 * "Laroia Figs.2-5 (¶ [0016])", "Laroia f1, B1 (¶ [0002])".
 */
export function citationLabel({ citation: c, pinpoints }: CitedGroup): string {
  const name = shortName(c.reference);
  if (c.kind === 'paragraph' && c.resolved && pinpoints.length === 1) return `${name} ${passageLabel(c.resolved)}`;
  const resolved = c.resolved ? passageLabel(c.resolved) : null;
  const cited = pinpoints.join(', ');
  return resolved && resolved !== cited ? `${name} ${cited} (${resolved})` : `${name} ${cited}`;
}

/**
 * The limitation's citations by the passage they designate, in the order cited: the action may
 * cite one figure twice, or two numerals described in one paragraph.
 */
export function groupCitations(citations: readonly ChartCitation[]): CitedGroup[] {
  const groups = new Map<string, CitedGroup>();
  for (const c of citations) {
    const key = c.resolved ? `${c.reference}|${c.resolved.label}|${c.passages.length}` : `${c.reference}|${c.pinpoint}`;
    const g = groups.get(key);
    if (!g) groups.set(key, { citation: c, pinpoints: [c.pinpoint] });
    else if (!g.pinpoints.includes(c.pinpoint)) g.pinpoints.push(c.pinpoint);
  }
  return [...groups.values()];
}

/** The names of the references a limitation's citations come from: "Laroia", or "the references cited". */
export function referencesNamed(l: Pick<ChartLimitation, 'citations'>): string {
  const names = [...new Set(l.citations.map((c) => shortName(c.reference)))];
  return names.length === 1 ? names[0]! : 'the references cited';
}
