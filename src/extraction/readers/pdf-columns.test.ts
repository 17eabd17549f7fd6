import { describe, expect, test } from 'vitest';
import { columnLines, type TextItem } from './pdf-columns.ts';

const item = (str: string, x: number, y: number, width = str.length * 5): TextItem => ({ str, x, y, width, height: 10 });
const WIDTH = 612;

describe('columnLines', () => {
  test('a page without column numbers at its top is not a grant page', () => {
    expect(columnLines([item('DETAILED ACTION', 72, 740), item('Claims 1-3 are rejected.', 72, 720)], WIDTH, 1)).toBeNull();
  });

  test('"1" and "2" at the top of a page whose text runs across the middle (a table, a single column) is not one either', () => {
    const items = [
      item('1', 160, 745),
      item('2', 450, 745),
      ...Array.from({ length: 10 }, (_, i) => item('A single column line that runs across the whole page width', 72, 720 - 12 * i, 460)),
    ];
    expect(columnLines(items, WIDTH, 4)).toBeNull();
  });

  test('without gutter numbers, lines are counted from the top of each column', () => {
    const items = [item('7', 160, 745), item('8', 450, 745), item('first left', 72, 720), item('second left', 72, 708), item('first right', 324, 720)];
    expect(columnLines(items, WIDTH, 5)).toEqual([
      { column: 7, line: 1, text: 'first left', page: 5 },
      { column: 7, line: 2, text: 'second left', page: 5 },
      { column: 8, line: 1, text: 'first right', page: 5 },
    ]);
  });

  test('items of one line are joined left to right, with a space where they are apart', () => {
    const items = [item('3', 160, 745), item('4', 450, 745), item('claim', 100, 720, 25), item('ed', 125, 720, 10), item('subject', 72, 720, 25)];
    expect(columnLines(items, WIDTH, 2)?.[0]?.text).toBe('subject claimed');
  });
});
