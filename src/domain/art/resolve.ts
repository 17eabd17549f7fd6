/**
 * A pinpoint resolved against a reference's held text: the exact passages it designates, each
 * with its paragraph number (or column and lines) and its text, or the reason it cannot be
 * resolved. Nothing is guessed: a paragraph the text does not number, a column/line citation
 * against a text without the grant's column layout, or a page of a document without page marks
 * is reported unresolved with that reason.
 *
 * Reference numerals ("fan (24a)", "generator 320") resolve to the paragraphs that mention the
 * numeral, preferring those that also use the examiner's word for it.
 */
import { paragraphText, type TextParagraph } from '../file/paragraphs.ts';
import type { FigureEntry } from '../file/read-document.ts';
import type { PinpointTarget } from './pinpoint-targets.ts';
import { keyOf, plainText } from './terms.ts';

/** One printed line of a grant's column layout (see src/extraction/types.ts). */
export interface HeldColumnLine {
  column: number;
  line: number;
  text: string;
}

/** A reference (or specification) as Prosa holds it. */
export interface HeldText {
  text: string;
  paragraphs: readonly TextParagraph[];
  figures: readonly FigureEntry[];
  column_lines: readonly HeldColumnLine[] | null;
}

export interface Passage {
  /** The printed paragraph number, when the passage is a numbered paragraph. */
  paragraph?: number;
  /** "[0065]", "col. 3, ll. 4-10", "paragraph 12" (an unnumbered text's n-th paragraph). */
  label: string;
  text: string;
  /** Offsets into the held text, when the passage is one stretch of it. */
  start?: number;
  end?: number;
  column?: number;
  lines?: [number, number];
}

export type Resolution = { passages: Passage[]; via: 'paragraph' | 'column_line' | 'figure' | 'numeral' } | { passages: []; unresolved: string };

/** At most this many passages per citation (a figure may be mentioned in dozens of paragraphs). */
const MAX_PASSAGES = 6;

function paragraphPassage(held: HeldText, p: TextParagraph): Passage {
  return { ...(p.number !== null ? { paragraph: p.number } : {}), label: p.label, text: paragraphText(held.text, p), start: p.start, end: p.end };
}

export function resolveTarget(held: HeldText, target: PinpointTarget): Resolution {
  switch (target.kind) {
    case 'paragraphs': {
      if (!held.paragraphs.some((p) => p.number !== null)) {
        return { passages: [], unresolved: 'the held text numbers no paragraphs (a grant is cited by column and line: upload its PDF or the publication)' };
      }
      const byNumber = new Map(held.paragraphs.filter((p) => p.number !== null).map((p) => [p.number!, p]));
      const found = target.numbers.map((n) => byNumber.get(n)).filter((p): p is TextParagraph => p !== undefined);
      const missing = target.numbers.filter((n) => !byNumber.has(n));
      if (found.length === 0)
        return { passages: [], unresolved: `the held text has no paragraph ${missing.map((n) => `[${String(n).padStart(4, '0')}]`).join(', ')}` };
      return { passages: found.slice(0, MAX_PASSAGES * 2).map((p) => paragraphPassage(held, p)), via: 'paragraph' };
    }
    case 'column_lines': {
      if (!held.column_lines?.length) {
        return { passages: [], unresolved: 'the held text has no column and line layout (upload the patent as its PDF to resolve column and line citations)' };
      }
      const inRange = held.column_lines.filter((l) => {
        if (l.column < target.column || l.column > target.toColumn) return false;
        if (target.from === null) return true;
        if (l.column === target.column && l.line < target.from) return false;
        if (l.column === target.toColumn && target.to !== null && l.line > target.to) return false;
        return true;
      });
      if (inRange.length === 0)
        return { passages: [], unresolved: `the held text has no column ${target.column}${target.from !== null ? `, line ${target.from}` : ''}` };
      const first = inRange[0];
      const last = inRange[inRange.length - 1];
      const label =
        first.column === last.column
          ? `col. ${first.column}, ll. ${first.line}-${last.line}`
          : `col. ${first.column}, l. ${first.line} - col. ${last.column}, l. ${last.line}`;
      return { passages: [{ label, text: joinLines(inRange.map((l) => l.text)), column: first.column, lines: [first.line, last.line] }], via: 'column_line' };
    }
    case 'figures': {
      const passages: Passage[] = [];
      for (const fig of target.figures) {
        const described = held.figures.filter((f) => f.figures.includes(fig));
        const mentions = held.paragraphs.filter((p) => mentionsFigure(held.text.slice(p.start, p.end), fig));
        for (const p of [...described.map((f) => held.paragraphs.find((x) => x.start === f.start)).filter((x): x is TextParagraph => !!x), ...mentions]) {
          if (passages.length >= MAX_PASSAGES) break;
          if (!passages.some((x) => x.start === p.start)) passages.push(paragraphPassage(held, p));
        }
      }
      if (passages.length === 0) return { passages: [], unresolved: `the held text does not mention FIG. ${target.figures.join(', ')}` };
      return { passages, via: 'figure' };
    }
    case 'pages':
      return { passages: [], unresolved: 'page and line citations are not resolved (the held text carries no page marks)' };
  }
}

/** Lines of a column joined, with words hyphenated across a line break mended. */
function joinLines(lines: readonly string[]): string {
  return lines.reduce((acc, l) => (acc.endsWith('-') && /^[a-z]/.test(l.trim()) ? acc.slice(0, -1) + l.trim() : acc ? `${acc} ${l.trim()}` : l.trim()), '');
}

function mentionsFigure(text: string, fig: string): boolean {
  const re = new RegExp(`\\bFIG(?:URE)?S?\\.?\\s*(?:\\d{1,3}[A-Z]?\\s*(?:,|and|or|&)\\s*)*${fig.replace(/[^0-9A-Z]/gi, '')}(?![0-9A-Za-z])`, 'i');
  return re.test(text);
}

/**
 * Paragraphs that mention a reference numeral or label ("24a", "320", "f1"), best first: those
 * where the examiner's word for it (`noun`) stands right before the numeral come first.
 */
export function resolveNumeral(held: HeldText, numeral: string, noun: string | null): Resolution {
  const wanted = numeral.toLowerCase().replace(/['’]+$/, '');
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}.])${wanted.replace(/[^0-9a-z]/g, '')}(?![\\p{N}])(?:['’]|(?![\\p{L}]))`, 'iu');
  const nounKey = noun ? keyOf(noun) : null;
  const scored: Array<{ p: TextParagraph; score: number }> = [];
  for (const p of held.paragraphs) {
    const body = plainText(held.text.slice(p.start, p.end));
    const m = pattern.exec(body);
    if (!m) continue;
    const before = body.slice(Math.max(0, m.index - 40), m.index).match(/([\p{L}-]+)\s*\(?\s*$/u)?.[1];
    const score = nounKey && before && keyOf(before) === nounKey ? 2 : 1;
    scored.push({ p, score });
    if (scored.length >= 200) break;
  }
  if (scored.length === 0) return { passages: [], unresolved: `the held text does not mention ${numeral}` };
  scored.sort((a, b) => b.score - a.score || a.p.start - b.p.start);
  return { passages: scored.slice(0, 3).map((s) => paragraphPassage(held, s.p)), via: 'numeral' };
}
