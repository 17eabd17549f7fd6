import { describe, expect, it } from 'vitest';
import { readDocument } from '../file/read-document.ts';
import { resolveNumeral, resolveTarget, type HeldText } from './resolve.ts';

const publication = [
  'Fan assembly',
  '',
  'BRIEF DESCRIPTION OF THE DRAWINGS',
  '',
  '[0010] FIG. 1 is a side view of the cooler.',
  '',
  '[0011] FIG. 2 is a section of the duct.',
  '',
  'DETAILED DESCRIPTION',
  '',
  '[0020] The cooler 10 has a housing 12 and a fan 24a driven by a motor 26.',
  '',
  '[0021] As FIG. 2 shows, the duct 30 leads air from the fan 24a to the outlet.',
].join('\n');
const doc = readDocument(publication, 'reference');
const held: HeldText = { text: publication, paragraphs: doc.paragraphs, figures: doc.figures, column_lines: null };

describe('resolving pinpoints against a held text', () => {
  it('gives each paragraph cited, with its number and exact text', () => {
    const r = resolveTarget(held, { kind: 'paragraphs', numbers: [20, 21] });
    expect(r.passages.map((p) => [p.paragraph, p.label])).toEqual([
      [20, '[0020]'],
      [21, '[0021]'],
    ]);
    expect(r.passages[0].text).toBe('The cooler 10 has a housing 12 and a fan 24a driven by a motor 26.');
  });

  it('says which paragraph the text does not have', () => {
    expect(resolveTarget(held, { kind: 'paragraphs', numbers: [45] })).toEqual({ passages: [], unresolved: 'the held text has no paragraph [0045]' });
  });

  it('resolves a figure to its description and the paragraphs that mention it', () => {
    const r = resolveTarget(held, { kind: 'figures', figures: ['2'] });
    expect(r.passages.map((p) => p.paragraph)).toEqual([11, 21]);
  });

  it("resolves a reference numeral to the paragraphs that mention it, the examiner's word first", () => {
    const r = resolveNumeral(held, '24a', 'fan');
    expect(r.passages.map((p) => p.paragraph)).toEqual([20, 21]);
    expect(resolveNumeral(held, '99', 'pump')).toEqual({ passages: [], unresolved: 'the held text does not mention 99' });
  });

  it('refuses a column and line citation against a text without the column layout', () => {
    const r = resolveTarget(held, { kind: 'column_lines', column: 3, from: 4, toColumn: 3, to: 10 });
    expect('unresolved' in r && r.unresolved).toMatch(/no column and line layout/);
  });

  it("resolves columns and lines from a grant's layout, mending words hyphenated at a line end", () => {
    const grant: HeldText = {
      text: '',
      paragraphs: [],
      figures: [],
      column_lines: [
        { column: 2, line: 55, text: 'annular wedge actuator 34. Annular packer 50 is posi-' },
        { column: 2, line: 56, text: 'tioned in packer chamber 49 within resilient annular' },
        { column: 2, line: 57, text: 'actuator ring 48.' },
        { column: 3, line: 1, text: 'A further column.' },
      ],
    };
    const r = resolveTarget(grant, { kind: 'column_lines', column: 2, from: 55, toColumn: 2, to: 57 });
    expect(r.passages).toEqual([
      {
        label: 'col. 2, ll. 55-57',
        text: 'annular wedge actuator 34. Annular packer 50 is positioned in packer chamber 49 within resilient annular actuator ring 48.',
        column: 2,
        lines: [55, 57],
      },
    ]);
  });
});

describe("paragraph numbers a scan's OCR left without brackets", () => {
  it('reads "0007 Provided herein ..." as paragraph [0007], and not a year at a line start', () => {
    const text = [
      'Front page',
      '',
      '2014 was the year.',
      '',
      '0006. One type of ram.',
      '',
      '0007 Provided herein are embodiments of a variable ram.',
      '',
      '0008 Also disclosed herein.',
    ].join('\n');
    const doc = readDocument(text, 'reference');
    expect(doc.paragraphs.map((p) => p.number)).toEqual([6, 7, 8]);
    const held: HeldText = { text, paragraphs: doc.paragraphs, figures: [], column_lines: null };
    expect(resolveTarget(held, { kind: 'paragraphs', numbers: [7] }).passages[0].text).toBe('Provided herein are embodiments of a variable ram.');
  });
});
