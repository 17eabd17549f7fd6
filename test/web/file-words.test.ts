import { describe, expect, test } from 'vitest';
import { ApiError } from '../../web/src/api/client.ts';
import type { ChartCitation } from '../../web/src/api/file.ts';
import { citationLabel, groupCitations } from '../../web/src/chart/citations.ts';
import { addProblem } from '../../web/src/file/add-errors.ts';
import { addedWords } from '../../web/src/file/amendment.ts';
import { matchRanges, segments, termStems } from '../../web/src/file/highlight.ts';
import { countsLabel, documentName, documentPhrase, listWords, shortName } from '../../web/src/file/words.ts';

const marked = (passage: string, limitation: string) => matchRanges(passage, termStems(limitation)).map((r) => passage.slice(r.start, r.end));

// The claim chart highlights the limitation's words in the passage cited (issue 18).
describe("highlighting a limitation's words in a passage", () => {
  test('case-insensitive, across endings, claim boilerplate left out', () => {
    expect(
      marked('The techniques may be implemented by devices that implement filters.', 'a computer-implemented method comprising a filtering device'),
    ).toEqual(['implemented', 'devices', 'implement', 'filters']);
    expect(marked('A WLAN at 5GHz', 'receivable by a wlan device operating in approximately the 5ghz region')).toEqual(['WLAN', '5GHz']);
    expect(marked('the first and second region of the claim', 'wherein the first and the second region')).toEqual(['region']);
    expect(marked('anything', '')).toEqual([]);
  });

  test('segments: marked and plain pieces in order, overlapping ranges joined', () => {
    expect(
      segments('abcdef', [
        { start: 1, end: 3 },
        { start: 2, end: 4 },
      ]),
    ).toEqual([
      { text: 'a', marked: false },
      { text: 'bcd', marked: true },
      { text: 'ef', marked: false },
    ]);
    expect(segments('abc', [{ start: -2, end: 99 }])).toEqual([{ text: 'abc', marked: true }]);
    expect(segments('', [])).toEqual([{ text: '', marked: false }]);
  });
});

const citation = (over: Partial<ChartCitation>): ChartCitation => ({
  reference: 'Laroia (US 2005/0025220 A1)',
  reference_name: 'Laroia',
  reference_id: 'ref-1',
  publication_number: 'US 2005/0025220 A1',
  pinpoint: '¶0065',
  kind: 'paragraph',
  span: { start: 0, end: 1 },
  resolved: { paragraph: 65, label: '[0065]', text: 'text' },
  passages: [{ paragraph: 65, label: '[0065]', text: 'text' }],
  unresolved_reason: null,
  document_id: 'doc',
  ...over,
});

describe('citation labels as an attorney reads them', () => {
  test('"Laroia ¶ [0065]"; figures and numerals with their paragraph; one label per passage', () => {
    expect(groupCitations([citation({})]).map(citationLabel)).toEqual(['Laroia ¶ [0065]']);
    const fig = citation({ pinpoint: 'Figs.2-5', kind: 'figure', resolved: { label: '[0016]', text: 'FIG. 2', paragraph: 16 } });
    const f1 = citation({ pinpoint: 'f1', kind: 'numeral', resolved: { label: '[0002]', text: 'p2', paragraph: 2 } });
    const b1 = citation({ pinpoint: 'B1', kind: 'numeral', resolved: { label: '[0002]', text: 'p2', paragraph: 2 } });
    expect(groupCitations([fig, f1, fig, b1]).map(citationLabel)).toEqual(['Laroia Figs.2-5 (¶ [0016])', 'Laroia f1, B1 (¶ [0002])']);
    const zhu = citation({
      reference: 'Zhu (US 2015/0036514 A1)',
      pinpoint: '¶0178',
      resolved: null,
      passages: [],
      unresolved_reason: 'no text of Zhu is held',
    });
    expect(groupCitations([zhu]).map(citationLabel)).toEqual(['Zhu ¶0178']);
    expect(
      citationLabel({
        citation: citation({ kind: 'column_line', pinpoint: 'col. 3, ll. 4-10', resolved: { label: 'col. 3, ll. 4-10', text: 't' } }),
        pinpoints: ['col. 3, ll. 4-10'],
      }),
    ).toBe('Laroia col. 3, ll. 4-10');
  });
});

describe('the file in words', () => {
  test('names, counts and phrases, never the wire codes', () => {
    const laroia = { kind: 'reference', publication_number: 'US 2005/0025220 A1', reference_name: 'Laroia', source: 'upload' };
    expect(documentName(laroia)).toBe('Reference: Laroia, US 2005/0025220 A1');
    expect(documentPhrase(laroia)).toBe('Laroia, US 2005/0025220 A1');
    expect(documentName({ kind: 'response', publication_number: null, reference_name: null, source: 'prosa' })).toBe('Response drafted by Prosa');
    expect(documentPhrase({ kind: 'claims', publication_number: null, reference_name: null, source: 'paste' })).toBe('the claim listing');
    expect(documentPhrase({ kind: 'application', publication_number: null, reference_name: null, source: 'paste' })).toBe('the application as filed');
    expect(countsLabel({ paragraphs: 66, claims: 23, figures: 11, pages: null })).toBe('66 paragraphs · 23 claims · 11 figures');
    expect(countsLabel({ paragraphs: 1, claims: 0, figures: 0, pages: 1 })).toBe('1 page · 1 paragraph');
    expect(countsLabel({ paragraphs: 0, claims: 0, figures: 0, pages: null })).toBe('No paragraphs or claims were read');
    expect(shortName('Zhu (US 2015/0036514 A1)')).toBe('Zhu');
    expect(listWords(['WLAN', '5GHz'])).toBe('WLAN and 5GHz');
    expect(listWords(['a', 'b', 'c'])).toBe('a, b and c');
  });

  test('the words an amendment adds, without the punctuation around them', () => {
    expect(
      addedWords([
        { text: 'A method', mark: 'none' },
        { text: ', wherein it filters', mark: 'added' },
        { text: '.', mark: 'none' },
        { text: ' and amplifies ', mark: 'added' },
      ]),
    ).toBe('wherein it filters … and amplifies');
    expect(addedWords([{ text: 'old', mark: 'deleted' }])).toBe('');
  });
});

describe('a refused document, for the add dialog', () => {
  const given = { publication_number: 'US 9,999,999 B2', reference_name: '' };
  test("a message naming a field goes to that field, without the field's code", () => {
    const p = addProblem(
      new ApiError(400, { error_code: 'validation_error', message: 'publication_number: "x" is not a publication number (e.g. US 2005/0025220 A1).' }),
      given,
    );
    expect(p).toEqual({ field: 'publication_number', message: '"x" is not a publication number (e.g. US 2005/0025220 A1).', advice: null });
  });
  test('a reference the action does not cite is about the number given; other refusals get what to do', () => {
    const p = addProblem(new ApiError(422, { error_code: 'reference_not_cited', message: 'US 9,999,999 B2 is not among the references …' }), given);
    expect(p.field).toBe('publication_number');
    expect(p.advice).toMatch(/Check the number against the office action/);
    const q = addProblem(new ApiError(415, { error_code: 'unsupported_file_type', message: '"a.exe" is not a .txt, .docx or .pdf file.' }), given);
    expect(q).toMatchObject({ field: null, advice: expect.stringMatching(/^Upload a PDF/) });
    const r = addProblem(
      new ApiError(400, { error_code: 'validation_error', message: 'publication_number and reference_name are for documents of kind "reference".' }),
      given,
    );
    expect(r.message).toBe('The publication number and the name of the reference are for documents of kind "reference".');
  });
});
