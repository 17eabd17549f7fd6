/**
 * Pinpoints written in a sentence of a drafted argument ("¶ [0031]", "paragraph [0031]",
 * "col. 3, ll. 4-10", "FIG. 4"), and whether each is one the model was given. A drafted sentence
 * may cite only the passages shown to it (by their labels) or a pinpoint the examiner wrote for
 * the limitation: anything else is a place in the reference nobody checked, and the sentence is
 * dropped. Ranges count as every paragraph, line or figure they span, so "¶¶ [0031]-[0034]" needs
 * [0032] and [0033] too.
 */
export interface PinpointMention {
  /** As written. */
  text: string;
  paragraphs: number[];
  columns: Array<{ column: number; from: number | null; to: number | null }>;
  figures: string[];
  /** A citation we cannot read as one of the above ("lines 4-10" without a column). */
  unreadable: boolean;
}

export interface AllowedPinpoints {
  paragraphs: Set<number>;
  columns: Array<{ column: number; from: number; to: number }>;
  figures: Set<string>;
  /** Labels and examiner pinpoints in their normalised written form, for anything else ("f1", "SS1"). */
  written: Set<string>;
}

const MAX_RANGE = 60;
const DASH = '\\s*(?:-|–|—|to|through)\\s*';
const PARAGRAPH = new RegExp(
  `(?:¶+\\s*|\\bpara(?:graph)?s?\\.?\\s*)\\[?\\s*(\\d{1,5})\\s*\\]?(?:${DASH}(?:¶+\\s*)?\\[?\\s*(\\d{1,5})\\s*\\]?)?|\\[\\s*(\\d{4})\\s*\\](?:${DASH}\\[\\s*(\\d{4})\\s*\\])?`,
  'gi',
);
const COLUMN = new RegExp(`\\bcol(?:umn)?s?\\.?\\s*(\\d{1,3})(?:\\s*,?\\s*(?:ll?\\.|lines?)\\s*(\\d{1,3})(?:${DASH}(\\d{1,3}))?)?`, 'gi');
const LINES = /\b(?:ll?\.|lines?)\s*\d/i;
const FIGURE = /\bFIG(?:URE)?S?\.?\s*(\d{1,3}[A-Z]?(?:\s*(?:-|–|,|and|&|through|to)\s*\d{1,3}[A-Z]?)*)/gi;

function range(a: number, b: number | null): number[] | null {
  if (b === null || b === a) return [a];
  if (b < a || b - a > MAX_RANGE) return null;
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

/** "2-5" → 2,3,4,5; "3A, 4" → 3A,4. */
function figureIds(list: string): string[] | null {
  const out: string[] = [];
  for (const part of list.split(/\s*(?:,|and|&)\s*/i)) {
    const m = /^(\d{1,3})([A-Z]?)(?:\s*(?:-|–|through|to)\s*(\d{1,3})([A-Z]?))?$/i.exec(part.trim());
    if (!m) continue;
    if (m[3] && !m[2] && !m[4]) {
      const ids = range(Number(m[1]), Number(m[3]));
      if (!ids) return null;
      out.push(...ids.map(String));
    } else {
      out.push(`${Number(m[1])}${m[2].toUpperCase()}`);
      if (m[3]) out.push(`${Number(m[3])}${(m[4] ?? '').toUpperCase()}`);
    }
  }
  return out;
}

/** Every pinpoint written in `text` (quoted words should be cut out first: a quotation's numbers are not citations). */
export function pinpointMentions(text: string): PinpointMention[] {
  const out: PinpointMention[] = [];
  const blank = (s: string) => ' '.repeat(s.length);
  let rest = text;
  for (const m of text.matchAll(PARAGRAPH)) {
    const a = Number(m[1] ?? m[3]);
    const b = m[2] ?? m[4];
    const ids = range(a, b === undefined ? null : Number(b));
    out.push({ text: m[0], paragraphs: ids ?? [], columns: [], figures: [], unreadable: ids === null });
    rest = rest.slice(0, m.index) + blank(m[0]) + rest.slice(m.index + m[0].length);
  }
  for (const m of rest.matchAll(COLUMN)) {
    const from = m[2] === undefined ? null : Number(m[2]);
    const to = m[3] === undefined ? from : Number(m[3]);
    out.push({ text: m[0], paragraphs: [], columns: [{ column: Number(m[1]), from, to }], figures: [], unreadable: to !== null && from !== null && to < from });
    rest = rest.slice(0, m.index) + blank(m[0]) + rest.slice(m.index + m[0].length);
  }
  for (const m of rest.matchAll(FIGURE)) {
    const ids = figureIds(m[1]);
    out.push({ text: m[0], paragraphs: [], columns: [], figures: ids ?? [], unreadable: ids === null || ids.length === 0 });
    rest = rest.slice(0, m.index) + blank(m[0]) + rest.slice(m.index + m[0].length);
  }
  const lines = LINES.exec(rest);
  if (lines) out.push({ text: lines[0], paragraphs: [], columns: [], figures: [], unreadable: true });
  return out;
}

/** A pinpoint in a comparable written form: lower case, no spaces, no ¶ or brackets. */
export const writtenForm = (s: string) => s.toLowerCase().replace(/[\s¶[\]]+/g, '');

/** What a sentence may cite: the passages shown (by label) and the examiner's own pinpoints. */
export function allowedPinpoints(passages: ReadonlyArray<{ label: string; text: string }>, examinerPinpoints: readonly string[]): AllowedPinpoints {
  const allowed: AllowedPinpoints = { paragraphs: new Set(), columns: [], figures: new Set(), written: new Set() };
  for (const p of passages) {
    allowed.written.add(writtenForm(p.label));
    const numbered = /^\[(\d+)\]$/.exec(p.label) ?? /^paragraph (\d+)$/.exec(p.label);
    if (numbered) allowed.paragraphs.add(Number(numbered[1]));
    const one = /^col\. (\d+), ll\. (\d+)-(\d+)$/.exec(p.label);
    if (one) allowed.columns.push({ column: Number(one[1]), from: Number(one[2]), to: Number(one[3]) });
    const two = /^col\. (\d+), l\. (\d+) - col\. (\d+), l\. (\d+)$/.exec(p.label);
    if (two) {
      allowed.columns.push({ column: Number(two[1]), from: Number(two[2]), to: Number.POSITIVE_INFINITY });
      for (let c = Number(two[1]) + 1; c < Number(two[3]); c++) allowed.columns.push({ column: c, from: 1, to: Number.POSITIVE_INFINITY });
      allowed.columns.push({ column: Number(two[3]), from: 1, to: Number(two[4]) });
    }
    // A passage shown says which figures it describes: naming them is checkable against it.
    for (const m of pinpointMentions(p.text)) for (const f of m.figures) allowed.figures.add(f);
  }
  for (const e of examinerPinpoints) {
    allowed.written.add(writtenForm(e));
    for (const m of pinpointMentions(e)) for (const f of m.figures) allowed.figures.add(f);
  }
  return allowed;
}

/** Whether a pinpoint mention cites only what was given. */
export function mentionAllowed(m: PinpointMention, allowed: AllowedPinpoints): boolean {
  if (allowed.written.has(writtenForm(m.text))) return true;
  if (m.unreadable) return false;
  return (
    m.paragraphs.every((n) => allowed.paragraphs.has(n)) &&
    m.figures.every((f) => allowed.figures.has(f)) &&
    m.columns.every((c) => c.from !== null && allowed.columns.some((a) => a.column === c.column && c.from! >= a.from && (c.to ?? c.from!) <= a.to))
  );
}

/** A declared pinpoint: read like a sentence's, or else the exact label or examiner pinpoint ("f1"). */
export function declaredAllowed(pinpoint: string, allowed: AllowedPinpoints): boolean {
  if (allowed.written.has(writtenForm(pinpoint))) return true;
  const mentions = pinpointMentions(pinpoint);
  return mentions.length > 0 && mentions.every((m) => mentionAllowed(m, allowed));
}
