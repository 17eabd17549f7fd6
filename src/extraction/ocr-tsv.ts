/**
 * Tesseract's TSV output (`tesseract IMAGE stdout tsv`) read into text and a confidence. Each row
 * is one element of the page's layout (level 1 page, 2 block, 3 paragraph, 4 line, 5 word) with
 * its position and, for a word, tesseract's confidence in it (0-100). Pure: no I/O.
 */

export interface OcrPage {
  /** The page's text: a line break between lines, a blank line between paragraphs and blocks. */
  text: string;
  /** Confidence of each word read (0-100), in reading order. */
  confidences: number[];
}

/** One page's TSV as text (lines and paragraphs as tesseract found them) and word confidences. */
export function readOcrTsv(tsv: string): OcrPage {
  const paragraphs: string[][] = [];
  const confidences: number[] = [];
  let paragraphKey = '';
  let lineKey = '';
  let lines: string[] = [];
  let words: string[] = [];
  const endLine = () => {
    if (words.length) lines.push(words.join(' '));
    words = [];
  };
  const endParagraph = () => {
    endLine();
    if (lines.length) paragraphs.push(lines);
    lines = [];
  };
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    if (cells.length < 12 || cells[0] !== '5') continue;
    const [, page, block, par, line, , , , , , conf, ...rest] = cells;
    const word = rest.join('\t').trim();
    const confidence = Number(conf);
    if (!word || !Number.isFinite(confidence) || confidence < 0) continue;
    const pk = `${page}/${block}/${par}`;
    const lk = `${pk}/${line}`;
    if (pk !== paragraphKey) {
      endParagraph();
      paragraphKey = pk;
    } else if (lk !== lineKey) endLine();
    lineKey = lk;
    words.push(word);
    confidences.push(Math.min(100, confidence));
  }
  endParagraph();
  return { text: paragraphs.map((p) => p.join('\n')).join('\n\n'), confidences };
}

/** Mean word confidence, rounded to a whole percent; null when no word was read. */
export function meanConfidence(confidences: readonly number[]): number | null {
  if (!confidences.length) return null;
  return Math.round(confidences.reduce((a, b) => a + b, 0) / confidences.length);
}

/** The warning a document read by OCR carries wherever its text is shown or quoted. */
export const ocrWarning = (confidence: number): string => `Text read by OCR (confidence ${confidence}%): check quotations against the original.`;
