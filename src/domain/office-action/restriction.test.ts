import { describe, expect, test } from 'vitest';
import { parseOfficeAction } from './parse.ts';

describe('restriction and election groups (MPEP 817; 8.01-8.08)', () => {
  test('Roman-numeral groups at line starts with "to" ranges', () => {
    const p = parseOfficeAction(
      'Restriction to one of the following inventions is required under 35 U.S.C. § 121:\nI.\tClaims 10 to 13 and 38 to 42, drawn to methods, classified in class and subclass C12N, main-group and sub-group 1/00; and\nII.\tClaims 27 to 37, drawn to an apparatus, classified in class and subclass G01M.',
    );
    expect(p.kind.kind).toBe('restriction');
    expect(p.restriction_groups.map((g) => [g.label, g.claims, g.subject])).toEqual([
      ['I', [10, 11, 12, 13, 38, 39, 40, 41, 42], 'methods'],
      ['II', [27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37], 'an apparatus'],
    ]);
  });

  test('"Group I, claim(s) 1-10, drawn to ..." inline, and species with claims', () => {
    const p = parseOfficeAction(
      'Group I, claim(s) 1-10, drawn to a composition. Group II, claim(s) 11-20, drawn to a method of use. Species A, claims 21-22, directed to a spring.',
    );
    expect(p.restriction_groups.map((g) => [g.kind, g.label, g.claims.length, g.subject])).toEqual([
      ['invention', 'I', 10, 'a composition'],
      ['invention', 'II', 10, 'a method of use'],
      ['species', 'A', 2, 'a spring'],
    ]);
  });

  test('a numbered list that is not a claim group is ignored', () => {
    expect(parseOfficeAction('I. The specification is objected to.\nA. See claims 1-3.').restriction_groups).toEqual([]);
  });
});
