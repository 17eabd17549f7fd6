import { describe, expect, test } from 'vitest';
import { parseOfficeAction } from './parse.ts';
import { parseSummary } from './summary.ts';

const PTOL326 = `Disposition of Claims*
5)☒ Claim(s) 1-25 is/are pending in the application.
5a) Of the above claim(s) 21-25 is/are withdrawn from consideration.
6)☒ Claim(s) 19 and 20 is/are allowed.
7)☒ Claim(s) 1-8 and 10-16 is/are rejected.
8)☒ Claim(s) 9,17 and 18 is/are objected to.
9)☐ Claim(s) ___ are subject to restriction and/or election requirement.`;

describe('Office Action Summary (PTOL-326) disposition of claims', () => {
  test('reads every line, blank ones included', () => {
    const s = parseSummary(PTOL326, PTOL326);
    expect(s.found).toBe(true);
    expect(s.pending).toHaveLength(25);
    expect(s.withdrawn).toEqual([21, 22, 23, 24, 25]);
    expect(s.allowed).toEqual([19, 20]);
    expect(s.rejected).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16]);
    expect(s.objected).toEqual([9, 17, 18]);
    expect(s.restriction).toEqual([]);
    expect(s.lines).toHaveLength(6);
    expect(s.lines[0].evidence.text).toBe('5)☒ Claim(s) 1-25 is/are pending in the application.');
  });

  test('the older form numbering (4), 4a) ... 8)) reads the same', () => {
    const text =
      '4) Claim(s) 1-10 is/are pending in the application.\n4a) Of the above claim(s) ______ is/are withdrawn from consideration.\n6) Claim(s) 1-10 is/are rejected.';
    const s = parseSummary(text, text);
    expect(s.pending).toHaveLength(10);
    expect(s.withdrawn).toEqual([]);
    expect(s.rejected).toHaveLength(10);
  });

  test('a body form paragraph is not a summary line', () => {
    const text = 'Claim(s) 3 is/are rejected under 35 U.S.C. 103 as being unpatentable over Smith (US 8,123,456 B2).';
    expect(parseSummary(text, text).found).toBe(false);
  });

  test('summary lines are not read again as body statements, and feed the breakdown', () => {
    const p = parseOfficeAction(PTOL326);
    expect(p.rejections).toEqual([]);
    expect(p.allowability).toEqual([]);
    expect(p.summary.rejected).toHaveLength(15);
  });
});
