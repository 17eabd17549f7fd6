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
  [
    /\b(?:page|p\.|pp\.)\s{0,2}\d{1,4}(?:\s{0,2}[-–]\s{0,2}\d{1,4})?(?:\s{0,2},?\s{0,2}(?:lines?|ll?\.)\s{0,2}\d{1,3}(?:\s{0,2}[-–]\s{0,2}\d{1,3})?)?/gi,
    'page_line',
  ],
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
    const earlier = new Map<string, Reference | null>();
    for (const h of hits) {
      if (h.start < lastEnd) continue;
      lastEnd = h.end;
      const text = body.slice(h.start, h.end);
      const ref = attribute(names, h.start, refs, body, earlier, text);
      if (ref) earlier.set(pinpointKey(text), ref);
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

/**
 * The reference a pinpoint (or numeral) at `at` is in. Without `body`: the reference named last
 * before it, else the only reference of the rejection. With the block's `body`, three readings of
 * the examiner's sentence come first, because the last name is not always the source:
 * - "apply Zhu's teaching to Laroia's system ... {¶0178}": the teaching reference, not the base one;
 * - "Balakrishnan in view of Esposito and in further view of Burich discloses ... (Paragraph 16)":
 *   the combination is the subject and the action does not say which of them holds the passage,
 *   so the answer is unknown (null), never a guess;
 * - a pinpoint the block already tied to a reference ("{¶0178}" twice) keeps that reference when
 *   the sentence names that reference too.
 */
export function attribute(
  names: Array<{ pos: number; ref: Reference }>,
  at: number,
  refs: readonly Reference[],
  body?: string,
  earlier?: ReadonlyMap<string, Reference | null>,
  pinpointText?: string,
): Reference | null {
  let best: { pos: number; ref: Reference } | null = null;
  for (const n of names) {
    if (n.pos > at) break;
    best = n;
  }
  if (best && body !== undefined) {
    const from = sentenceStart(body, at);
    const inSentence = names.filter((n) => n.pos >= from && n.pos <= at);
    const before = earlier && pinpointText !== undefined ? earlier.get(pinpointKey(pinpointText)) : undefined;
    if (before && inSentence.some((n) => n.ref === before)) return before;
    const teacher = teachingReference(body, inSentence, best);
    if (teacher) return teacher;
    if (inSentence.length > 0 && best.pos >= from && combinationSubject(body, best, at)) return null;
  }
  if (best) return best.ref;
  return refs.length === 1 ? refs[0] : null;
}

/** The same pinpoint written twice ("¶0178", "{¶ 0178}") is one key. */
function pinpointKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const ABBREVIATION_BEFORE_PERIOD = /\b(?:al|no|nos|fig|figs|col|cols|e\.g|i\.e|u\.s|pp|p|para|paras|ser|pub|appl|pat|ref|sec|vol|ex|cf|etc)$/i;

/** Where the sentence holding `at` starts: after the last newline or sentence-ending period before it. */
function sentenceStart(body: string, at: number): number {
  const lineStart = body.lastIndexOf('\n', at - 1) + 1;
  const line = body.slice(lineStart, at);
  let start = 0;
  const end = /[.;]\s+(?=[A-Z\u201c"(])/g;
  for (let m = end.exec(line); m; m = end.exec(line)) {
    if (line[m.index] === '.' && ABBREVIATION_BEFORE_PERIOD.test(line.slice(Math.max(0, m.index - 6), m.index))) continue;
    start = m.index + m[0].length;
  }
  return lineStart + start;
}

const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * "apply Zhu's teaching to Laroia's system", "as taught by Ives", "the teachings of Zhu": when the
 * last name before the pinpoint is the base being modified ("to Laroia's system", "modify Laroia"),
 * the passage supports the teaching reference.
 */
function teachingReference(body: string, inSentence: ReadonlyArray<{ pos: number; ref: Reference }>, last: { pos: number; ref: Reference }): Reference | null {
  const name = last.ref.short_name;
  if (!name) return null;
  const lead = body.slice(Math.max(0, last.pos - 30), last.pos);
  const base =
    /\b(?:to|into|with|in|modify|modifying|of)\s{1,3}(?:the\s{1,3}(?:system|method|device|apparatus)\s{1,3}(?:of|in)\s{1,3})?$/i.test(lead) &&
    new RegExp(`^${esc(name)}(?:\u2019s|'s)?\\s{0,3}(?:system|method|device|apparatus|invention|disclosure|reference)?`, 'i').test(body.slice(last.pos));
  if (!base) return null;
  for (const n of inSentence) {
    if (n.ref === last.ref || !n.ref.short_name) continue;
    const around = body.slice(Math.max(0, n.pos - 30), n.pos + n.ref.short_name.length + 20);
    const nm = esc(n.ref.short_name);
    if (
      new RegExp(
        `${nm}(?:\u2019s|'s)\\s{1,3}teachings?|teachings?\\s{1,3}of\\s{1,3}${nm}|taught\\s{1,3}by\\s{1,3}${nm}|suggested\\s{1,3}by\\s{1,3}${nm}`,
        'i',
      ).test(around)
    )
      return n.ref;
  }
  return null;
}

/**
 * "A in view of B (and in further view of C) discloses ... <pinpoint>": the last name opens no
 * clause of its own; it closes a combination that is the subject of the verb before the pinpoint.
 */
function combinationSubject(body: string, last: { pos: number; ref: Reference }, at: number): boolean {
  const lead = body.slice(Math.max(0, last.pos - 40), last.pos);
  if (!/\b(?:in\s{1,3}(?:further\s{1,3})?view\s{1,3}of|as\s{1,3}modified\s{1,3}by|combined\s{1,3}with|and)\s{1,3}$/i.test(lead)) return false;
  const after = body.slice(last.pos + (last.ref.short_name?.length ?? 0), at);
  return /^(?:\s{0,3}et\s{1,3}al\.?)?(?:\s{0,3}\([^)]{0,60}\))?\s{1,3}(?:further\s{1,3})?(?:disclose|discloses|teach|teaches|show|shows|describe|describes|suggest|suggests)\b/i.test(
    after,
  );
}
