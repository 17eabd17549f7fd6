/**
 * What an examiner's pinpoint citation points at, read from its words (MPEP 707.07(d): the
 * particular parts of the reference relied on): paragraph numbers ("¶ [0045]", "¶¶ 45-47",
 * "paragraphs 0104-0108", "para. 22", "{¶0065}", "[0022]-[0025]"), a column and lines of a
 * grant ("col. 3, lines 4-10", "column 4, line 5 - column 5, line 10", "col. 4:5-20"), figures
 * ("Figs. 2-5", "FIG. 3A") and pages of a non-patent document ("p. 3, ll. 1-10").
 *
 * Pure. Ranges are bounded (MAX_RANGE) so "¶¶ 1-9999" cannot make a chart of every paragraph.
 */
import { figureIds } from '../file/read-document.ts';

export type PinpointTarget =
  | { kind: 'paragraphs'; numbers: number[] }
  | { kind: 'column_lines'; column: number; from: number | null; toColumn: number; to: number | null }
  | { kind: 'figures'; figures: string[] }
  | { kind: 'pages'; page: number; toPage: number; from: number | null; to: number | null };

/** The longest run of paragraphs, columns or pages one citation may expand to. */
export const MAX_RANGE = 40;

const NUMBER_RANGE = /\[?\s*(\d{1,5})\s*\]?(?:\s*(?:[-–—]|to|through|thru)\s*\[?\s*(\d{1,5})\s*\]?)?/gi;

/** "45-47, 49 and [0052]" → [45, 46, 47, 49, 52]. */
export function numbersIn(text: string): number[] {
  const out: number[] = [];
  NUMBER_RANGE.lastIndex = 0;
  for (let m = NUMBER_RANGE.exec(text); m && out.length < MAX_RANGE; m = NUMBER_RANGE.exec(text)) {
    const from = Number(m[1]);
    const to = m[2] ? Number(m[2]) : from;
    if (to < from || to - from >= MAX_RANGE) {
      out.push(from);
      continue;
    }
    for (let n = from; n <= to && out.length < MAX_RANGE; n++) out.push(n);
  }
  return [...new Set(out)];
}

const COLUMN_LINE =
  /col(?:umn)?s?\.?\s*(\d{1,3})(?:\s*[,:]\s*(?:(?:lines?|ll?\.)\s*)?(\d{1,3})(?:\s*[-–—]\s*(?:col(?:umn)?\.?\s*(\d{1,3})\s*[,:]\s*(?:(?:lines?|ll?\.)\s*)?)?(\d{1,3}))?)?(?:\s*[-–—]\s*(\d{1,3})(?!\s*[,:]))?/i;
const PAGE_LINE = /(?:page|p\.|pp\.)\s*(\d{1,4})(?:\s*[-–]\s*(\d{1,4}))?(?:\s*,?\s*(?:lines?|ll?\.)\s*(\d{1,3})(?:\s*[-–]\s*(\d{1,3}))?)?/i;

/**
 * The targets of one pinpoint as the parser found it (`kind` from the office-action parser's
 * pinpoint kinds). Null when the words give nothing to look up.
 */
export function pinpointTarget(kind: 'column_line' | 'paragraph' | 'figure' | 'page_line', text: string): PinpointTarget | null {
  if (kind === 'paragraph') {
    const numbers = numbersIn(text.replace(/^(?:\s|¶|paragraphs?|paras?\.?)+/i, ''));
    return numbers.length ? { kind: 'paragraphs', numbers } : null;
  }
  if (kind === 'figure') {
    const figures = figureIds(text);
    return figures.length ? { kind: 'figures', figures } : null;
  }
  if (kind === 'column_line') {
    const m = COLUMN_LINE.exec(text);
    if (!m) return null;
    const column = Number(m[1]);
    if (m[2] === undefined) {
      // "col. 3" or "cols. 3-4": whole columns
      const toColumn = m[5] ? Number(m[5]) : column;
      return { kind: 'column_lines', column, from: null, toColumn: toColumn >= column && toColumn - column < MAX_RANGE ? toColumn : column, to: null };
    }
    const from = Number(m[2]);
    const toColumn = m[3] ? Number(m[3]) : column;
    const to = m[4] ? Number(m[4]) : from;
    if (toColumn < column || (toColumn === column && to < from)) return { kind: 'column_lines', column, from, toColumn: column, to: from };
    return { kind: 'column_lines', column, from, toColumn, to };
  }
  const m = PAGE_LINE.exec(text);
  if (!m) return null;
  const page = Number(m[1]);
  const toPage = m[2] && Number(m[2]) >= page ? Number(m[2]) : page;
  return { kind: 'pages', page, toPage, from: m[3] ? Number(m[3]) : null, to: m[4] ? Number(m[4]) : m[3] ? Number(m[3]) : null };
}
