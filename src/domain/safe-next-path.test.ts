import { describe, expect, test } from 'vitest';
import { nextPathProblem, safeNextPath, type NextPathProblem } from './safe-next-path.ts';

/**
 * Known open-redirect bypasses (issue 20 item 4, and the usual catalogue: tab and newline
 * stripping, backslashes, scheme-relative and encoded slashes, dot segments), each with the named
 * check that refuses it. Every one becomes "/".
 */
const REFUSED: Array<[string, NextPathProblem]> = [
  ['/\t/evil.example/phish', 'control_or_space'], // the red team's `next=%2F%09%2Fevil.example%2Fphish`
  ['/\n/evil.example', 'control_or_space'],
  ['/\r\n/evil.example', 'control_or_space'],
  ['/ /evil.example', 'control_or_space'],
  ['/\u0000/evil.example', 'control_or_space'],
  ['/\u200b/evil.example', 'control_or_space'], // zero-width space
  ['/\u3000/evil.example', 'control_or_space'], // ideographic space
  ['/\u202e/evil.example', 'control_or_space'], // bidi override
  ['/x\u0085', 'control_or_space'], // C1 next line
  ['//evil.example', 'scheme_relative'],
  ['///evil.example', 'scheme_relative'],
  ['/\\evil.example', 'backslash'],
  ['/\\/evil.example', 'backslash'],
  ['/docket\\..\\..\\evil', 'backslash'],
  ['\\/evil.example', 'not_a_path'],
  [' //evil.example', 'not_a_path'],
  ['https://evil.example/', 'not_a_path'],
  ['http:evil.example', 'not_a_path'],
  ['javascript:alert(1)', 'not_a_path'],
  ['evil.example', 'not_a_path'],
  ['/%2F%2Fevil.example', 'decodes_unsafe'],
  ['/%2fevil.example', 'decodes_unsafe'],
  ['/%5Cevil.example', 'decodes_unsafe'],
  ['/%09/evil.example', 'decodes_unsafe'],
  ['/%252F%252Fevil.example', 'decodes_unsafe'], // twice encoded
  ['/%E0%A4%A', 'bad_encoding'],
  ['/.//evil.example', 'scheme_relative'],
  ['/..//evil.example', 'scheme_relative'],
  ['/a/..//evil.example', 'scheme_relative'],
  ['', 'missing'],
  [`/${'a'.repeat(500)}`, 'too_long'],
];

const KEPT = [
  '/',
  '/docket',
  '/settings/billing?session_id=cs_test_1',
  '/applications/17200011#deadlines',
  '/forms?application=17%2F200%2C011&form=ids',
  '/docket?q=smith%20jones',
  '/@evil.example',
  '/evil.example',
  '/a/./b/../c',
];

describe('safeNextPath: a same-origin absolute path, else "/"', () => {
  test.each(REFUSED)('refuses %j (%s)', (next, problem) => {
    expect(nextPathProblem(next)).toBe(problem);
    expect(safeNextPath(next)).toBe('/');
  });

  test.each(KEPT)('keeps %j', (next) => {
    expect(nextPathProblem(next)).toBeNull();
    expect(safeNextPath(next)).toBe(next);
  });

  test('null and undefined are "/"', () => {
    expect(safeNextPath(null)).toBe('/');
    expect(safeNextPath(undefined)).toBe('/');
  });
});
