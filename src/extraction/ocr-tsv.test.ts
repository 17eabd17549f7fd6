import { describe, expect, test } from 'vitest';
import { meanConfidence, ocrWarning, readOcrTsv } from './ocr-tsv.ts';

const HEAD = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
const row = (level: number, block: number, par: number, line: number, word: number, conf: number, text = '') =>
  [level, 1, block, par, line, word, 0, 0, 10, 10, conf, text].join('\t');

describe('tesseract TSV', () => {
  test('words joined into lines, paragraphs and blocks separated by a blank line; only words carry confidence', () => {
    const tsv = [
      HEAD,
      row(1, 0, 0, 0, 0, -1),
      row(2, 1, 0, 0, 0, -1),
      row(4, 1, 1, 1, 0, -1),
      row(5, 1, 1, 1, 1, 96.5, 'DETAILED'),
      row(5, 1, 1, 1, 2, 95.5, 'ACTION'),
      row(5, 1, 1, 2, 1, 90, 'Claims'),
      row(5, 1, 1, 2, 2, 80, '1-3'),
      row(5, 1, 1, 2, 3, -1, ' '),
      row(5, 2, 1, 1, 1, 60, 'Smith.'),
    ].join('\n');
    const page = readOcrTsv(tsv);
    expect(page.text).toBe('DETAILED ACTION\nClaims 1-3\n\nSmith.');
    expect(page.confidences).toEqual([96.5, 95.5, 90, 80, 60]);
    expect(meanConfidence(page.confidences)).toBe(84);
  });

  test('a page without words: empty text and no confidence', () => {
    const page = readOcrTsv([HEAD, row(1, 0, 0, 0, 0, -1), ''].join('\n'));
    expect(page).toEqual({ text: '', confidences: [] });
    expect(meanConfidence(page.confidences)).toBeNull();
    expect(ocrWarning(87)).toBe('Text read by OCR (confidence 87%): check quotations against the original.');
  });
});
