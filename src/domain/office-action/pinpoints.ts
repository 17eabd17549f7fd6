import type { ClaimBlock } from './claim-blocks.ts';
import { evidenceOf } from './spans.ts';
import type { Pinpoint, Reference } from './types.ts';

/**
 * Pinpoint citations the examiner relies on for each claim (MPEP 707.07(d) and 706.02(j): the
 * rejection should designate the particular parts of the reference relied upon): "col. 4, lines
 * 5-20", "column 4, line 5 - column 5, line 10", "para. [0034]", "paragraph [0034]", "¶0066",
 * "[0022]", "Paragraph 80, 82-83", "Fig. 2", "Figs. 22C-F", "page 3, lines 1-10". Each is tied to the
 * claims of the explanation block it sits in and to the reference named last before it.
 */

const PATTERNS: Array<[RegExp, Pinpoint['kind']]> = [
  [
    /\bcol(?:umn)?s?\.?\s{0,2}(\d{1,3})(?:\s{0,2}[,:]\s{0,2}(?:(?:lines?|ll?\.)\s{0,2})?\d{1,3}(?:\s{0,2}[-–—]\s{0,2}(?:col(?:umn)?\.?\s{0,2}\d{1,3}\s{0,2}[,:]\s{0,2}(?:(?:lines?|ll?\.)\s{0,2})?)?\d{1,3})?)?/gi,
    'column_line',
  ],
  [
    /(?:\bpara(?:graph)?s?\.?|¶{1,2})\s{0,2}(?:\[\s{0,2}\d{1,5}\s{0,2}\]|\d{1,5})(?:\s{0,2}(?:[-–—,&]|and|to|through)\s{0,2}(?:\[\s{0,2}\d{1,5}\s{0,2}\]|\d{1,5})){0,6}/gi,
    'paragraph',
  ],
  [/\[\d{4,5}\](?:\s{0,2}[-–—]\s{0,2}\[\d{4,5}\])?/g, 'paragraph'],
  [
    /\bFIG(?:URE)?S?\.?\s{0,2}\d{1,3}[A-Za-z]?(?![a-z]{2})(?:\s{0,2}[-–—]\s{0,2}(?:\d{1,3}[A-Za-z]?|[A-Z](?![a-z]))|\s{0,2}(?:and|,|&)\s{0,2}\d{1,3}[A-Za-z]?(?![a-z]{2})){0,6}/gi,
    'figure',
  ],
  [/\b(?:page|p\.|pp\.)\s{0,2}\d{1,4}(?:\s{0,2}[-–]\s{0,2}\d{1,4})?(?:\s{0,2},?\s{0,2}(?:lines?|ll?\.)\s{0,2}\d{1,3}(?:\s{0,2}[-–]\s{0,2}\d{1,3})?)?/gi, 'page_line'],
];

const MAX_PINPOINTS = 20000;

export function extractPinpoints(input: string, work: string, blocks: readonly ClaimBlock[]): Pinpoint[] {
  const out: Pinpoint[] = [];
  for (const block of blocks) {
    if (out.length >= MAX_PINPOINTS) break;
    const body = work.slice(block.headerEnd, block.end);
    const refs = block.rejection?.references ?? [];
    const names = namePositions(body, refs);
    const hits: Array<{ start: number; end: number; kind: Pinpoint['kind'] }> = [];
    for (const [re, kind] of PATTERNS) {
      re.lastIndex = 0;
      for (let m = re.exec(body); m; m = re.exec(body)) {
        if (kind === 'paragraph' && /^¶\s{0,2}[1-6]$/.test(m[0]) && /112[^\n]{0,15}$/.test(body.slice(Math.max(0, m.index - 20), m.index))) continue;
        hits.push({ start: m.index, end: m.index + m[0].length, kind });
      }
    }
    hits.sort((a, b) => a.start - b.start || b.end - a.end);
    let lastEnd = -1;
    for (const h of hits) {
      if (h.start < lastEnd) continue;
      lastEnd = h.end;
      const ref = attribute(names, h.start, refs);
      out.push({
        claims: block.claims,
        kind: h.kind,
        reference_id: ref?.id ?? null,
        reference_name: ref?.short_name ?? null,
        evidence: evidenceOf(input, block.headerEnd + h.start, block.headerEnd + h.end),
      });
    }
  }
  return out;
}

export function namePositions(body: string, refs: readonly Reference[]): Array<{ pos: number; ref: Reference }> {
  const out: Array<{ pos: number; ref: Reference }> = [];
  for (const ref of refs) {
    if (!ref.short_name) continue;
    const re = new RegExp(`\\b${ref.short_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'g');
    for (let m = re.exec(body), n = 0; m && n < 1000; m = re.exec(body), n++) out.push({ pos: m.index, ref });
  }
  return out.sort((a, b) => a.pos - b.pos);
}

/** The reference named last before the pinpoint; with a single-reference rejection, that reference. */
export function attribute(names: Array<{ pos: number; ref: Reference }>, at: number, refs: readonly Reference[]): Reference | null {
  let best: Reference | null = null;
  for (const n of names) {
    if (n.pos > at) break;
    best = n.ref;
  }
  if (best) return best;
  return refs.length === 1 ? refs[0] : null;
}
