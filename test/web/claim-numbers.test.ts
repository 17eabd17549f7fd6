import { describe, expect, test } from 'vitest';
import { parseClaimNumbers } from '../../web/src/forms/claim-numbers.ts';

// The notice of appeal and the issue-fee transmittal take claims typed as a person writes them.
describe('claim numbers typed in a form', () => {
  test('numbers and ranges, any separators, sorted without repeats', () => {
    expect(parseClaimNumbers('1-3, 10; 2 7')).toEqual([1, 2, 3, 7, 10]);
    expect(parseClaimNumbers('15–16')).toEqual([15, 16]);
    expect(parseClaimNumbers('')).toEqual([]);
  });
  test('a part that is not a claim or a range is named', () => {
    expect(parseClaimNumbers('1-8 x')).toBe('"x" is not a claim number or range (e.g. 1-8, 10).');
    expect(parseClaimNumbers('0')).toMatch(/^"0" is not a claim range/);
    expect(parseClaimNumbers('8-1')).toMatch(/^"8-1" is not a claim range/);
    expect(parseClaimNumbers('1-900')).toBe('"1-900" names more than 500 claims.');
    expect(parseClaimNumbers('1-400, 500-700')).toBe('At most 500 claims can be listed.');
  });
});
