import { describe, expect, it } from 'vitest';
import { referencesOfRecord } from './references-of-record.ts';

describe('referencesOfRecord', () => {
  it("lists a record's references with a label and skips malformed entries", () => {
    const ref = { label: 'Smith', short_name: 'Smith', kind: 'patent', publication: null };
    expect(referencesOfRecord({ references: [ref, null, { kind: 'patent' }] })).toEqual([ref]);
  });

  it('is empty for a record without references or that is not an object', () => {
    expect(referencesOfRecord({})).toEqual([]);
    expect(referencesOfRecord(null)).toEqual([]);
    expect(referencesOfRecord({ references: 'x' })).toEqual([]);
  });
});
