import { describe, expect, it } from 'vitest';
import { MAX_RANGE, numbersIn, pinpointTarget } from './pinpoint-targets.ts';

describe('pinpoint targets', () => {
  it.each([
    ['¶ [0045]', [45]],
    ['¶¶ 45-47', [45, 46, 47]],
    ['paragraphs 0104-0108', [104, 105, 106, 107, 108]],
    ['para. 22', [22]],
    ['¶0065', [65]],
    ['[0022]-[0025]', [22, 23, 24, 25]],
    ['Paragraph 80, 82-83', [80, 82, 83]],
  ])('%s names paragraphs %j', (text, numbers) => {
    expect(pinpointTarget('paragraph', text)).toEqual({ kind: 'paragraphs', numbers });
  });

  it('bounds a range', () => {
    expect(numbersIn('1-9999')).toEqual([1]);
    expect(numbersIn('1-39')).toHaveLength(39);
    expect(numbersIn('1-500').length).toBeLessThanOrEqual(MAX_RANGE);
  });

  it.each([
    ['col. 3, lines 4-10', { column: 3, from: 4, toColumn: 3, to: 10 }],
    ['column 4, line 5 - column 5, line 10', { column: 4, from: 5, toColumn: 5, to: 10 }],
    ['col. 4:5-20', { column: 4, from: 5, toColumn: 4, to: 20 }],
    ['col. 2, line 61', { column: 2, from: 61, toColumn: 2, to: 61 }],
    ['col. 3', { column: 3, from: null, toColumn: 3, to: null }],
  ])('%s names a column and lines', (text, want) => {
    expect(pinpointTarget('column_line', text)).toEqual({ kind: 'column_lines', ...want });
  });

  it('reads figures, ranges of figures and lettered figures', () => {
    expect(pinpointTarget('figure', 'Figs.2-5')).toEqual({ kind: 'figures', figures: ['2', '3', '4', '5'] });
    expect(pinpointTarget('figure', 'FIGS. 3A and 3B')).toEqual({ kind: 'figures', figures: ['3A', '3B'] });
    expect(pinpointTarget('figure', 'Figs. 22C-F')).toEqual({ kind: 'figures', figures: ['22C', '22D', '22E', '22F'] });
  });
});
