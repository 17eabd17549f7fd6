/**
 * Column and line numbers read from real US grant PDFs (Google Patents copies with their OCR text
 * layer; test/fixtures/art/README.md): the lines the examiner of 15/218,936 cites resolve to the
 * words that action quotes.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { closeExtractionService, extractDocument } from '../../src/extraction/extract.ts';

const pdf = (name: string) => readFileSync(new URL(`../fixtures/art/set-01-15218936/${name}`, import.meta.url));
const lines = async (name: string) =>
  (await extractDocument({ filename: name, mimetype: 'application/pdf', bytes: pdf(name) }, { purpose: 'document' })).column_lines ?? [];
const at = (all: Awaited<ReturnType<typeof lines>>, column: number, line: number) => all.find((l) => l.column === column && l.line === line)?.text;

afterAll(() => closeExtractionService());

describe('real grant PDFs', () => {
  test('Schaeper, US 4,458,876: col. 2, ll. 56-57 and l. 61', async () => {
    const all = await lines('reference-US4458876-pages-1-and-10.pdf');
    expect([...new Set(all.map((l) => l.column))]).toEqual([1, 2]);
    expect(at(all, 2, 56)).toBe('tioned in packer chamber 49 within resilient annular');
    expect(at(all, 2, 57)).toMatch(/^actuator ring 48\./);
    expect(at(all, 2, 61)).toMatch(/metal inserts 54 embed$/);
  });

  test('LeRouax, US 3,915,426: col. 5, ll. 67-68, although the OCR read the column number 5 as "S"', async () => {
    const all = await lines('reference-US3915426-pages-1-and-8.pdf');
    expect([...new Set(all.map((l) => l.column))]).toEqual([5, 6]);
    expect(at(all, 5, 67)).toBe('adapted to receive a seal element 61 formed or rubber');
    expect(at(all, 5, 68)).toMatch(/^or other suitable resilient material/);
  });
});
