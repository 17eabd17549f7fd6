/**
 * Which words of a passage to highlight: those sharing a stem with the words of a limitation
 * (case-insensitive, crude suffix stripping, claim boilerplate left out). Pure.
 */

export interface Range {
  start: number;
  end: number;
}

/** Words that say nothing about what a limitation claims. */
const STOP = new Set(
  (
    'a an the and or of to in on at by for with from as is are be being been that which this these those ' +
    'wherein whereby said least one more first second third portion based plurality each its it into such than not ' +
    'any all comprising comprises comprise including includes having has have configured approximately claim claims ' +
    'method medium further where when via per also other may can least'
  ).split(' '),
);

const SUFFIXES = ['ations', 'ation', 'ments', 'ment', 'ings', 'ing', 'ers', 'er', 'ies', 'ied', 'es', 'ed', 'ly', 's', 'y', 'e'];

function strip(w: string): string {
  for (const s of SUFFIXES) if (w.endsWith(s) && w.length - s.length >= 3) return w.slice(0, -s.length);
  return w;
}

/**
 * A word and what two rounds of suffix stripping make of it ("implemented" → "implement" →
 * "imple"); two words match when their forms meet, so "implement" and "implemented" do. Stripped
 * forms shorter than four letters are left out (they would match too much).
 */
function forms(word: string): string[] {
  const w = word.toLowerCase();
  const once = strip(w);
  const twice = strip(once);
  return [...new Set([w, once, twice])].filter((f, i) => i === 0 || f.length >= 4);
}

const WORD = /[A-Za-z0-9]+/g;

/** The forms of a text's meaningful words (two characters or more, not boilerplate, not bare numbers). */
export function termStems(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(WORD)) {
    const w = m[0].toLowerCase();
    if (w.length < 2 || STOP.has(w) || /^\d+$/.test(w)) continue;
    for (const f of forms(w)) out.add(f);
  }
  return out;
}

/** The ranges of `passage`'s words sharing a form with `stems` (from termStems), in order. */
export function matchRanges(passage: string, stems: ReadonlySet<string>): Range[] {
  const out: Range[] = [];
  if (stems.size === 0) return out;
  for (const m of passage.matchAll(WORD)) {
    const w = m[0].toLowerCase();
    if (STOP.has(w)) continue;
    if (forms(w).some((f) => stems.has(f))) out.push({ start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** Sorted, clipped to the text, overlapping or touching ranges joined. */
function mergeRanges(ranges: readonly Range[], length: number): Range[] {
  const sorted = ranges
    .map((r) => ({ start: Math.max(0, r.start), end: Math.min(length, r.end) }))
    .filter((r) => r.end > r.start)
    .sort((a, b) => a.start - b.start);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/** The text cut into plain and marked pieces. */
export function segments(text: string, ranges: readonly Range[]): { text: string; marked: boolean }[] {
  const out: { text: string; marked: boolean }[] = [];
  let pos = 0;
  for (const r of mergeRanges(ranges, text.length)) {
    if (r.start > pos) out.push({ text: text.slice(pos, r.start), marked: false });
    out.push({ text: text.slice(r.start, r.end), marked: true });
    pos = r.end;
  }
  if (pos < text.length || out.length === 0) out.push({ text: text.slice(pos), marked: false });
  return out;
}
