import { describe, expect, it } from 'vitest';
import { groupPersons, matchPersons, type NameVariant } from './examiner-identity.ts';
import { parseExaminerName } from './examiner-name.ts';

let n = 0;
function v(raw: string, examinerId: string | null = null, cases = 10): NameVariant {
  const p = parseExaminerName(raw)!;
  return { key: `k${n++}`, last: p.last, first: p.first, middle: p.middle, examinerId, displayName: raw, cases };
}
const names = (persons: ReturnType<typeof matchPersons>) => persons.map((p) => p.displayName).sort();
const match = (variants: NameVariant[], query: string) => matchPersons(groupPersons(variants), parseExaminerName(query)!);

describe('examiner identity', () => {
  it('merges a middle initial into the full middle name (DOVE, TRACY M ↔ DOVE, TRACY MAE)', () => {
    const variants = [v('DOVE, TRACY MAE'), v('DOVE, TRACY M', '66459')];
    for (const q of ['DOVE, TRACY M', 'DOVE, TRACY MAE', 'DOVE, TRACY']) {
      const found = match(variants, q);
      expect(found).toHaveLength(1);
      expect(found[0].displayName).toBe('DOVE, TRACY MAE');
      expect(found[0].variants).toHaveLength(2);
      expect(found[0].examinerIds).toEqual(['66459']);
    }
  });

  it('keeps two middle names with one initial apart, and an initial query is ambiguous', () => {
    const variants = [v('SMITH, JOHN MARK'), v('SMITH, JOHN MICHAEL')];
    expect(names(match(variants, 'SMITH, JOHN M'))).toEqual(['SMITH, JOHN MARK', 'SMITH, JOHN MICHAEL']);
    expect(names(match(variants, 'SMITH, JOHN MARK'))).toEqual(['SMITH, JOHN MARK']);
    expect(names(match(variants, 'SMITH, JOHN'))).toHaveLength(2);
  });

  it('does not attribute an initial that fits two people, and does not let it hide an exact match', () => {
    const variants = [v('SMITH, JOHN MARK'), v('SMITH, JOHN MICHAEL'), v('SMITH, JOHN M')];
    expect(groupPersons(variants)).toHaveLength(3);
    expect(names(match(variants, 'SMITH, JOHN MARK'))).toEqual(['SMITH, JOHN MARK']);
  });

  it('a name without middle name joins the only person it can be, and yields to a specific match', () => {
    expect(match([v('SABOURI, MAZDA'), v('SABOURI, MAZDA K')], 'SABOURI, MAZDA K')[0].variants).toHaveLength(2);
    const two = [v('LEE, ANN B'), v('LEE, ANN C'), v('LEE, ANN')];
    expect(names(match(two, 'LEE, ANN B'))).toEqual(['LEE, ANN B']);
    expect(match(two, 'LEE, ANN')).toHaveLength(3);
  });

  it('splits one written name held by two examiner ids', () => {
    const variants = [v('KIM, WEI LYNN', '1'), v('KIM, WEI LYNN', '2'), v('KIM, WEI L', '2')];
    const found = match(variants, 'KIM, WEI LYNN');
    expect(found).toHaveLength(2);
    expect(found.map((p) => p.examinerIds).sort()).toEqual([['1'], ['2']]);
    expect(found.find((p) => p.examinerIds[0] === '2')!.variants).toHaveLength(2);
  });

  it('finds nobody when the middle names disagree', () => {
    expect(match([v('DOVE, TRACY MAE')], 'DOVE, TRACY J')).toHaveLength(0);
  });
});
