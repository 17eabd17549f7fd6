import { describe, expect, test } from 'vitest';
import { checkElection, electionView, normalizeLabel } from './election.ts';
import { PlanRuleError, type SourceRestrictionGroup } from './types.ts';

const ev = { text: '', span: { start: 0, end: 0 } };
const groups: SourceRestrictionGroup[] = [
  { label: 'I', kind: 'invention', claims: [1, 2, 3, 4, 5, 6], subject: 'a method', evidence: ev },
  { label: 'II', kind: 'invention', claims: [7, 8, 9], subject: 'an apparatus', evidence: ev },
  { label: 'Species A', kind: 'species', claims: [3, 4], subject: 'FIG. 2', evidence: ev },
  { label: 'Species B', kind: 'species', claims: [5, 6], subject: 'FIG. 3', evidence: ev },
];

describe('elections (37 CFR 1.142-1.146)', () => {
  test('labels are compared without "Group"/"Species", case and trailing punctuation', () => {
    expect(normalizeLabel(' group ii. ')).toBe('II');
    expect(normalizeLabel('Species A')).toBe('A');
  });

  test("electing a group and a species: the group's generic claims and the species' claims are examined; the rest are withdrawn", () => {
    const e = checkElection(groups, { group: 'i', species: 'b', traverse: false });
    expect(e).toEqual({ group: 'I', species: 'Species B', traverse: false });
    expect(electionView(groups, e)).toEqual({ ...e, elected_claims: [1, 2, 5, 6], withdrawn_claims: [3, 4, 7, 8, 9], verified: true });
  });

  test('an unknown group or species is refused naming the labels that exist; a group is required when groups exist', () => {
    const refused = (input: Parameters<typeof checkElection>[1]) => {
      try {
        checkElection(groups, input);
      } catch (err) {
        expect(err).toBeInstanceOf(PlanRuleError);
        return err as PlanRuleError;
      }
      throw new Error('not refused');
    };
    expect(refused({ group: 'III', traverse: false }).message).toBe('The requirement has no Group III: its groups are I, II.');
    expect(refused({ group: 'I', species: 'C', traverse: false }).message).toBe('The requirement has no species C: its species are Species A, Species B.');
    expect(refused({ species: 'A', traverse: false }).code).toBe('validation_error');
  });

  test('without parsed groups the labels cannot be checked: accepted, unverified, no claims named', () => {
    const e = checkElection([], { group: 'II', traverse: true });
    expect(electionView([], e)).toEqual({ group: 'II', species: null, traverse: true, elected_claims: [], withdrawn_claims: [], verified: false });
  });
});
