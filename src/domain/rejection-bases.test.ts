import { describe, expect, it } from 'vitest';
import { normalizeRejectionBasis, rankBases } from './rejection-bases.ts';

describe('normalizeRejectionBasis', () => {
  it.each([
    ['103', '103'],
    ['35 U.S.C. 103(a)', '103'],
    ['§ 102(a)(1)', '102'],
    ['35 USC 101', '101'],
    ['112(b)', '112(b)'],
    ['35 U.S.C. 112, second paragraph', '112(b)'],
    ['112 first paragraph', '112(a)'],
    ['112 ¶6', '112(f)'],
    ['112', '112'],
    ['DP', 'DP'],
    ['nonstatutory double patenting', 'DP'],
    ['ODP', 'DP'],
    ['anticipation', null],
    ['', null],
  ])('%s → %s', (raw, want) => {
    expect(normalizeRejectionBasis(raw)).toBe(want);
  });
});

describe('rankBases', () => {
  it('orders by count, ties in the customary order, and drops zeros', () => {
    const ranked = rankBases(
      new Map([
        ['101', 3],
        ['102', 5],
        ['103', 5],
        ['DP', 0],
        ['112(b)', 1],
      ]),
    );
    expect(ranked.map((b) => b.basis)).toEqual(['103', '102', '101', '112(b)']);
  });
});
