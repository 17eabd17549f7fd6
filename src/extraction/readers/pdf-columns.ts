/**
 * The printed column and line of each text line of a US patent grant PDF ("col. 3, lines 4-10"):
 * a specification page has two columns with their numbers printed above them ("5" left, "6"
 * right) and line numbers 5, 10, 15 ... in the gutter between them. Pure: it sees the text items
 * pdf.js gives (position in PDF units, y upwards) and nothing else.
 */
import type { ColumnLine } from '../types.ts';

export interface TextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Row {
  y: number;
  items: TextItem[];
}

const NUMBER = /^\d{1,3}$/;
/** A column number as a scan's text layer may give it ("1." where OCR read a speck as a period). */
const COLUMN_NUMBER = /^\d{1,3}\.?$/;
/** A gutter number the OCR joined to the end of a left-column line ("... piston in said 40"). */
const GLUED_GUTTER_NUMBER = /\s(\d{1,2}[05])$/;
/** Rows whose baselines differ by less than this share of the text height are one row. */
const ROW_TOLERANCE = 0.45;
/** The column numbers are printed in the first rows of the page (above them only a running header). */
const HEADER_ROWS = 3;
/**
 * Gutter numbers sit within this share of the page width from the gutter's centre (wider would
 * take "5." ending a right-column line, printed a few points right of the gutter, for line 5).
 */
const GUTTER_HALF_WIDTH = 0.025;
/** A page on which more body items than this cross the gutter is not laid out in two columns. */
const MAX_CROSSING_SHARE = 0.1;

const centre = (i: TextItem) => i.x + i.width / 2;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
}

/** Items grouped by baseline, top row first. */
function groupRows(items: TextItem[]): Row[] {
  const tolerance = Math.max(1, ROW_TOLERANCE * (median(items.map((i) => i.height).filter((h) => h > 0)) || 10));
  const rows: Row[] = [];
  for (const item of [...items].sort((a, b) => b.y - a.y)) {
    const row = rows.at(-1);
    if (row && Math.abs(row.y - item.y) <= tolerance) row.items.push(item);
    else rows.push({ y: item.y, items: [item] });
  }
  for (const row of rows) row.items.sort((a, b) => a.x - b.x);
  return rows;
}

/** A row's text: items left to right, a space where they are apart. */
function rowText(items: TextItem[]): string {
  let out = '';
  let end = -Infinity;
  for (const item of items) {
    const gap = item.x - end;
    if (out && gap > 0.15 * (item.height || 10) && !out.endsWith(' ') && !item.str.startsWith(' ')) out += ' ';
    out += item.str;
    end = item.x + item.width;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** Letters a scan's OCR puts for digits in a column number ("S" for 5, "O" for 0). */
const OCR_DIGITS: Readonly<Record<string, string>> = { S: '5', s: '5', O: '0', o: '0', l: '1', I: '1', '|': '1', B: '8', Z: '2', z: '2', g: '9' };

/** A column number as printed, or through the OCR's usual misreadings; null when it is not one. */
function columnNumber(str: string): number | null {
  const t = str.trim();
  if (COLUMN_NUMBER.test(t)) return parseInt(t, 10);
  const mapped = [...t.replace(/\.$/, '')].map((c) => OCR_DIGITS[c] ?? c).join('');
  return /^\d{1,3}$/.test(mapped) ? parseInt(mapped, 10) : null;
}

/** Where the gutter is: the median centre of the multiples of five printed near the middle of the page. */
function gutterFromNumbers(rows: Row[], pageWidth: number): number {
  const xs = rows
    .flatMap((r) => r.items)
    .filter((i) => NUMBER.test(i.str.trim()) && Number(i.str) % 5 === 0 && Math.abs(centre(i) - pageWidth / 2) < 0.1 * pageWidth)
    .map(centre);
  return xs.length >= 3 ? median(xs) : pageWidth / 2;
}

/**
 * The column numbers printed above the columns: a row near the top with n on the left and n + 1 on
 * the right. Where the OCR lost one of them, the other gives it (the left column of a page is odd,
 * the right even).
 */
function findHeader(rows: Row[], pageWidth: number): { row: number; left: number; right: number; gutterX: number } | null {
  for (let r = 0; r < Math.min(HEADER_ROWS, rows.length); r++) {
    const numbers = rows[r]!.items.map((i) => ({ i, n: columnNumber(i.str) })).filter((x): x is { i: TextItem; n: number } => x.n !== null && x.n > 0);
    const left = numbers.find((x) => centre(x.i) > 0.1 * pageWidth && centre(x.i) < 0.45 * pageWidth);
    const right = numbers.find((x) => centre(x.i) > 0.55 * pageWidth && centre(x.i) < 0.9 * pageWidth);
    if (left && right && right.n === left.n + 1) return { row: r, left: left.n, right: right.n, gutterX: (centre(left.i) + centre(right.i)) / 2 };
    if (right && right.n % 2 === 0 && (!left || left.n !== right.n - 1))
      return { row: r, left: right.n - 1, right: right.n, gutterX: gutterFromNumbers(rows, pageWidth) };
    if (left && left.n % 2 === 1 && !right) return { row: r, left: left.n, right: left.n + 1, gutterX: gutterFromNumbers(rows, pageWidth) };
  }
  return null;
}

/** Line number from a baseline: fitted to the gutter numbers when there are two, else counted from the column top. */
function lineNumberer(rows: Row[], gutter: { n: number; y: number }[]): (rowIndex: number) => number {
  if (gutter.length >= 2) {
    // Least squares of y = a - pitch * n: printed line numbers count blank lines too.
    const k = gutter.length;
    const mn = gutter.reduce((s, g) => s + g.n, 0) / k;
    const my = gutter.reduce((s, g) => s + g.y, 0) / k;
    const slope = gutter.reduce((s, g) => s + (g.n - mn) * (g.y - my), 0) / gutter.reduce((s, g) => s + (g.n - mn) ** 2, 0);
    const pitch = -slope;
    const a = my + pitch * mn;
    if (pitch > 0) return (i) => Math.max(1, Math.round((a - rows[i]!.y) / pitch));
  }
  return (i) => i + 1;
}

/**
 * A left-column item that runs into the gutter and ends with a multiple of five is a line of text
 * with the gutter number joined to it: split into the two.
 */
function unglue(item: TextItem, gutterX: number, pageWidth: number): TextItem[] {
  const m = GLUED_GUTTER_NUMBER.exec(item.str);
  if (!m || item.x >= gutterX || item.x + item.width < gutterX - GUTTER_HALF_WIDTH * pageWidth) return [item];
  const share = (item.str.length - m[1]!.length) / item.str.length;
  const textWidth = item.width * share;
  return [
    { ...item, str: item.str.slice(0, m.index), width: textWidth },
    { ...item, str: m[1]!, x: item.x + item.width - (item.width - textWidth) * 0.6, width: (item.width - textWidth) * 0.6 },
  ];
}

/** The page's lines with their column and line, or null when the page is not a two-column grant page. */
export function columnLines(items: TextItem[], pageWidth: number, page: number): ColumnLine[] | null {
  const rows = groupRows(items.filter((i) => i.str.trim()));
  const header = findHeader(rows, pageWidth);
  if (!header) return null;
  const body = rows
    .slice(header.row + 1)
    .flatMap((r) => r.items)
    .flatMap((i) => unglue(i, header.gutterX, pageWidth));
  const inGutter = (i: TextItem) =>
    NUMBER.test(i.str.trim()) && Number(i.str) % 5 === 0 && Math.abs(centre(i) - header.gutterX) < GUTTER_HALF_WIDTH * pageWidth;
  const gutter = body.filter(inGutter).map((i) => ({ n: Number(i.str), y: i.y }));
  const text = body.filter((i) => !inGutter(i));
  if (!text.length || text.filter((i) => i.x < header.gutterX && i.x + i.width > header.gutterX).length > MAX_CROSSING_SHARE * text.length) return null;
  const out: ColumnLine[] = [];
  for (const [column, side] of [
    [header.left, text.filter((i) => centre(i) < header.gutterX)],
    [header.right, text.filter((i) => centre(i) >= header.gutterX)],
  ] as const) {
    const colRows = groupRows(side);
    const line = lineNumberer(colRows, gutter);
    for (const [i, row] of colRows.entries()) out.push({ column, line: line(i), text: rowText(row.items), page });
  }
  return out;
}
