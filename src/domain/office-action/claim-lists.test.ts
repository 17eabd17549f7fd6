import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatClaimList, parseClaimList, readClaimList } from './claim-lists.ts';
import { parseOfficeAction } from './parse.ts';

describe('parseClaimList: every written form', () => {
  test.each([
    ['1-5, 8 and 10-12', [1, 2, 3, 4, 5, 8, 10, 11, 12]],
    ['1 to 5', [1, 2, 3, 4, 5]],
    ['1 through 5', [1, 2, 3, 4, 5]],
    ['1 thru 3', [1, 2, 3]],
    ['1–5', [1, 2, 3, 4, 5]],
    ['1—3', [1, 2, 3]],
    ['1 & 4', [1, 4]],
    ['1, 8; 2 and 9', [1, 2, 8, 9]],
    ['1-\n5', [1, 2, 3, 4, 5]],
    ['claim 1', [1]],
    ['claims 1 and 2', [1, 2]],
    ['Claim(s) 1-12, 14-19', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 19]],
    ['Claims 10 to 13 and 38 to 42', [10, 11, 12, 13, 38, 39, 40, 41, 42]],
    ['claim s 11-21', [11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]],
    ['1-2, 4-8, and 10-12', [1, 2, 4, 5, 6, 7, 8, 10, 11, 12]],
    ['1, 3 and/or 5', [1, 3, 5]],
    ['5-3', [3, 4, 5]],
    ['', []],
    ['no claims here', []],
  ])('%j', (text, expected) => {
    expect(parseClaimList(text)).toEqual(expected);
  });

  test('ignores numbers that cannot be claims', () => {
    expect(parseClaimList('U.S. Patent No. 10,072,876')).toEqual([]);
    expect(parseClaimList('claims 1-999999')).toEqual([]);
    expect(parseClaimList('claim 0')).toEqual([]);
  });

  test('readClaimList stops at the first word that is not part of the list', () => {
    const s = 'Claims 1, 11 and 17 are objected to';
    const m = readClaimList(s, 'Claims'.length);
    expect(m?.numbers).toEqual([1, 11, 17]);
    expect(s.slice(m!.start, m!.end)).toBe('1, 11 and 17');
    expect(readClaimList('claim 1 of U.S. Patent No. 10,072,876', 5)?.numbers).toEqual([1]);
    expect(readClaimList('claims 2-5 and are rejected', 6)?.numbers).toEqual([2, 3, 4, 5]);
    expect(readClaimList('claim 4  =1GHz', 5)?.numbers).toEqual([4]);
  });

  test('formatClaimList writes compact ranges', () => {
    expect(formatClaimList([5, 1, 2, 3, 8, 9])).toBe('1-3, 5, 8-9');
  });
});

const RANGE_STYLES = ['-', '–', '—', ' - ', ' to ', ' through ', ' thru ', '-\n', ' to\n'];
const SEPARATORS = [', ', ',', ' and ', ', and ', ' & ', '; ', ' or ', ',\n', ' , '];
const PREFIXES = ['', 'claim ', 'claims ', 'Claims ', 'Claim(s) ', 'CLAIMS ', 'claim(s) '];

/** Writes a set of claim numbers the way examiners do, with the style choices drawn from `picks`. */
function writeList(set: number[], picks: number[], shuffle: boolean): string {
  const sorted = [...set].sort((a, b) => a - b);
  const parts: string[] = [];
  let p = 0;
  const pick = (n: number): number => picks[p++ % picks.length] % n;
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    if (j > i && pick(3) !== 0) parts.push(`${sorted[i]}${RANGE_STYLES[pick(RANGE_STYLES.length)]}${sorted[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(sorted[k]));
    i = j + 1;
  }
  if (shuffle) parts.reverse();
  let out = parts[0];
  for (let k = 1; k < parts.length; k++) out += SEPARATORS[pick(SEPARATORS.length)] + parts[k];
  return PREFIXES[pick(PREFIXES.length)] + out;
}

describe('claim lists: properties', () => {
  const setArb = fc.uniqueArray(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 40 });
  const picksArb = fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 30 });

  test('formatting any set as ranges in random styles and parsing it back yields the set', () => {
    fc.assert(
      fc.property(setArb, picksArb, fc.boolean(), (set, picks, shuffle) => {
        const written = writeList(set, picks, shuffle);
        expect(parseClaimList(written)).toEqual([...set].sort((a, b) => a - b));
      }),
      { numRuns: 500 },
    );
  });

  test('formatClaimList and parseClaimList round-trip', () => {
    fc.assert(
      fc.property(setArb, (set) => {
        expect(parseClaimList(formatClaimList(set))).toEqual([...set].sort((a, b) => a - b));
      }),
    );
  });

  test('a rejection form paragraph with any written list rejects exactly that set', () => {
    fc.assert(
      fc.property(setArb, picksArb, (set, picks) => {
        const list = writeList(set, picks, false).replace(/^[^\d]*/, '');
        const text = `Claim(s) ${list} is/are rejected under 35 U.S.C. 103 as being unpatentable over Smith (US 8,123,456 B2).`;
        const parsed = parseOfficeAction(text);
        expect(parsed.rejections).toHaveLength(1);
        expect(parsed.rejections[0].claims).toEqual([...set].sort((a, b) => a - b));
      }),
      { numRuns: 200 },
    );
  });
});
