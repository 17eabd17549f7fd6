/**
 * The examiner's mapping of a claim onto the art, read from the claim's explanation block
 * ("Regarding claims 1, 7 & 14. Laroia discloses ... associating a first communication subchannel
 * {f1-Figs.2-5} with a first bandwidth region {B1-Figs.2-5}; ..."). Examiners write the claim's
 * words and put the citation right after them, so the block is cut into segments, each ending
 * with a citation (a bracketed pinpoint, a bare pinpoint, or a reference numeral), and each
 * segment is assigned to the limitation whose words it repeats. Segments keep the claim's order,
 * so the assignment is a monotone alignment (dynamic programming over segments × limitations).
 *
 * Pure. Offsets index the office action's text.
 */
import type { Pinpoint } from '../office-action/types.ts';
import { labelsInCitation, numeralsInText, type NumeralMention } from './numerals.ts';
import { keyOf, plainText, tokens } from './terms.ts';

export interface Segment {
  /** The examiner's words before the citation (the claim language asserted), offsets in the action. */
  start: number;
  end: number;
  /** The citation group that closes the segment (a bracket group or the pinpoint itself); null for a tail without citation. */
  citation: { start: number; end: number } | null;
  pinpoints: Pinpoint[];
  numerals: NumeralMention[];
}

const OPENERS: Record<string, string> = { '{': '}', '(': ')', '[': ']' };

/** The bracket group enclosing [start, end), within `limit` characters, or null. */
function enclosingGroup(work: string, start: number, end: number, from: number, to: number): { start: number; end: number } | null {
  let depth = 0;
  for (let i = start - 1; i >= Math.max(from, start - 400); i--) {
    const c = work[i];
    if (c === '}' || c === ')' || c === ']') depth++;
    else if (c in OPENERS) {
      if (depth > 0) {
        depth--;
        continue;
      }
      const close = OPENERS[c];
      let d = 0;
      for (let j = i + 1; j < Math.min(to, i + 1200); j++) {
        if (work[j] === c) d++;
        else if (work[j] === close) {
          if (d === 0) return j >= end ? { start: i, end: j + 1 } : null;
          d--;
        }
      }
      return null;
    }
  }
  return null;
}

/** Cuts a block body [from, to) into segments closed by citations. */
export function segmentBlock(work: string, from: number, to: number, pinpoints: readonly Pinpoint[]): Segment[] {
  type Group = { start: number; end: number; pinpoints: Pinpoint[]; numerals: NumeralMention[] };
  const groups: Group[] = [];
  for (const p of pinpoints) {
    const { start, end } = p.evidence.span;
    if (start < from || end > to) continue;
    const g = enclosingGroup(work, start, end, from, to) ?? { start, end };
    groups.push({ ...g, pinpoints: [p], numerals: [] });
  }
  // Numerals in the running text are citations of their own ("a fan (24a)").
  const text = work.slice(from, to);
  for (const n of numeralsInText(text, from)) {
    if (groups.some((g) => g.start <= n.start && n.start < g.end)) continue;
    groups.push({ start: n.end, end: n.end, pinpoints: [], numerals: [n] });
  }
  groups.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Group[] = [];
  for (const g of groups) {
    const last = merged[merged.length - 1];
    if (last && g.start < last.end) {
      last.end = Math.max(last.end, g.end);
      last.pinpoints.push(...g.pinpoints);
      last.numerals.push(...g.numerals);
    } else merged.push({ ...g, pinpoints: [...g.pinpoints], numerals: [...g.numerals] });
  }
  const segments: Segment[] = [];
  let cursor = from;
  for (const g of merged) {
    // Labels written inside a bracketed citation ("{f1-Figs.2-5}") cite too.
    if (g.end > g.start && g.pinpoints.length) g.numerals.push(...labelsInCitation(work.slice(g.start, g.end), g.start));
    segments.push({
      start: cursor,
      end: Math.max(cursor, g.start),
      citation: g.end > g.start ? { start: g.start, end: g.end } : null,
      pinpoints: g.pinpoints,
      numerals: g.numerals,
    });
    cursor = Math.max(cursor, g.end);
  }
  if (to - cursor > 0 && /[A-Za-z]{3,}/.test(work.slice(cursor, to))) segments.push({ start: cursor, end: to, citation: null, pinpoints: [], numerals: [] });
  return segments;
}

/** Words that carry no meaning for alignment; ordinals are kept ("first dataset" vs "second dataset"). */
const STOP = new Set(
  'a an the and or of to in on at by for from with as is are be that this which wherein whereby said each further least one said its it their such than then thereof claim claims disclose discloses disclosed disclosing teach teaches taught show shows see also fig figs figure para paragraph col column line lines same reasons set forth'.split(
    ' ',
  ),
);

/** The word keys a segment or a limitation is aligned on. */
export function alignmentKeys(text: string): Set<string> {
  const out = new Set<string>();
  for (const t of tokens(plainText(text))) {
    const w = t.word.toLowerCase();
    if (STOP.has(w) || /^\d+$/.test(w) || w.length < 2) continue;
    out.add(keyOf(t.word, t.quantity));
  }
  return out;
}

/** How well a segment repeats a limitation: shared keys over the smaller side; 0 below the bar. */
export function alignmentScore(segment: Set<string>, limitation: Set<string>): number {
  if (segment.size === 0 || limitation.size === 0) return 0;
  let shared = 0;
  for (const k of segment) if (limitation.has(k)) shared++;
  const needed = Math.min(2, limitation.size);
  if (shared < needed) return 0;
  const score = shared / Math.min(segment.size, limitation.size);
  return score >= 0.5 ? score : 0;
}

/**
 * The limitation index each segment repeats (or null), in claim order: maximises the summed
 * scores over monotone assignments; among equal sums, fewer and shorter jumps win.
 */
export function alignSegments(segments: readonly Set<string>[], limitations: readonly Set<string>[]): Array<number | null> {
  const m = segments.length;
  const n = limitations.length;
  if (m === 0 || n === 0) return segments.map(() => null);
  const score = segments.map((s) => limitations.map((l) => alignmentScore(s, l)));
  // best[i][j]: best total for segments < i with the last assignment at limitation j (j = n: none yet)
  const NONE = n;
  let best = new Float64Array(n + 1).fill(-Infinity);
  best[NONE] = 0;
  const choice: Int32Array[] = [];
  for (let i = 0; i < m; i++) {
    const next = new Float64Array(n + 1).fill(-Infinity);
    const pick = new Int32Array(n + 1).fill(-2);
    for (let last = 0; last <= n; last++) {
      if (best[last] === -Infinity) continue;
      // Unassigned: the state is kept.
      if (best[last] > next[last]) {
        next[last] = best[last];
        pick[last] = encode(last, true);
      }
      const fromJ = last === NONE ? 0 : last;
      for (let j = fromJ; j < n; j++) {
        const s = score[i][j];
        if (s === 0) continue;
        const jump = last === NONE ? j : j - last;
        const total = best[last] + s - 0.001 * jump;
        if (total > next[j]) {
          next[j] = total;
          pick[j] = encode(last, false);
        }
      }
    }
    choice.push(pick);
    best = next;
  }
  let state = 0;
  for (let j = 1; j <= n; j++) if (best[j] > best[state]) state = j;
  const out: Array<number | null> = new Array(m).fill(null);
  for (let i = m - 1; i >= 0; i--) {
    const { prev, kept } = decode(choice[i][state]);
    out[i] = kept || state === NONE ? null : state;
    state = prev;
  }
  return out;
}

function encode(prev: number, kept: boolean): number {
  return prev * 2 + (kept ? 1 : 0);
}

function decode(code: number): { prev: number; kept: boolean } {
  return { prev: Math.floor(code / 2), kept: code % 2 === 1 };
}

/** "does not (explicitly) disclose", "is silent", "fails to teach": the examiner concedes a reference lacks something. */
export const ADMISSION =
  /\b(?:(?:does|do|did)\s{1,3}not\s{1,3}(?:(?:explicitly|expressly|specifically|clearly|directly|particularly|literally|necessarily)\s{1,3})?(?:disclose|teach|show|describe|recite|mention|suggest)|(?:is|are)\s{1,3}silent|fail(?:s|ed)?\s{1,3}to\s{1,3}(?:explicitly\s{1,3})?(?:disclose|teach|show|describe))\b/i;
