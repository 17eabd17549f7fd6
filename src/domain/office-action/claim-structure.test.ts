import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parseOfficeAction } from './parse.ts';

// Real actions (public record; see test/fixtures/art/README.md for their sources).
const set01 = readFileSync('test/fixtures/art/set-01-15218936/action.txt', 'utf8');
const set02 = readFileSync('test/fixtures/art/set-02-15218841/action.txt', 'utf8');

function structureOf(text: string): Map<number, { independent: boolean; depends_on: number | null; source: string }> {
  return new Map(parseOfficeAction(text).claim_structure.map((c) => [c.claim_number, c]));
}

describe('claim structure from the examiner restating each claim', () => {
  test('"discloses in Figs. 1-7 a BOP ... comprising" is an independent claim; "discloses in Figs. 1-7 that" a dependent one', () => {
    const s = structureOf(set01);
    for (const n of [1, 13]) expect(s.get(n)?.independent, `claim ${n}`).toBe(true);
    for (const n of [2, 3, 7, 10, 12, 14, 4, 5, 11, 18, 19, 20, 21]) expect(s.get(n)?.independent, `claim ${n}`).toBe(false);
  });

  test('"Schaeper discloses a BOP as previously discussed" restates a dependent claim', () => {
    const s = structureOf(set01);
    expect(s.get(9)?.independent).toBe(false);
    expect(s.get(16)?.independent).toBe(false);
  });

  test("the action's numbered paragraphs are not quoted claims; a claim quoted for statutory double patenting is", () => {
    const s = structureOf(set02);
    // "2. The present application is being examined ..." and "5. A rejection based on double patenting ..."
    expect(s.get(2)?.source).not.toBe('claim_text');
    expect(s.get(5)?.source).not.toBe('claim_text');
    expect(s.get(1)).toMatchObject({ independent: true, depends_on: null, source: 'claim_text' });
  });
});
