/**
 * A US patent grant's layout in miniature: a front page (title and abstract, no column numbers),
 * then specification pages in two columns with their numbers printed above them, the patent
 * number between, and line numbers 5, 10, 15 ... in the gutter. Lines sit at a fixed pitch; a
 * blank line (a paragraph break) still counts, as on the printed page.
 */
import { positionedTextPdf } from './pdf-writer.ts';

export const TOP = 720;
export const PITCH = 12;
export const LINES_PER_COLUMN = 20;
/** Line left blank in each left column (a paragraph break). */
export const BLANK_LINE = 7;

export const leftText = (column: number, line: number) => `Column ${column} text of line ${line}`;

export function twoColumnGrantPdf(specPages = 2): Buffer {
  const front = {
    items: [
      { text: 'United States Patent', x: 72, y: 740, size: 14 },
      { text: 'Widget fastening assembly', x: 72, y: 700 },
      { text: 'Abstract: a widget is fastened.', x: 72, y: 680 },
    ],
  };
  const pages = [front];
  for (let p = 0; p < specPages; p++) {
    const [left, right] = [2 * p + 1, 2 * p + 2];
    const items = [
      { text: String(left), x: 160, y: 745 },
      { text: 'US 9,876,543 B2', x: 270, y: 745 },
      { text: String(right), x: 450, y: 745 },
    ];
    for (let line = 1; line <= LINES_PER_COLUMN; line++) {
      const y = TOP - (line - 1) * PITCH;
      if (line !== BLANK_LINE) items.push({ text: leftText(left, line), x: 72, y });
      items.push({ text: leftText(right, line), x: 324, y });
      if (line % 5 === 0) items.push({ text: String(line), x: line < 10 ? 303 : 300, y });
    }
    pages.push({ items });
  }
  return positionedTextPdf(pages);
}
