import { describe, expect, it } from 'vitest';
import { followsEntry, mayBeResponsible } from './responsible-practitioner.ts';

describe('whose mail a docket entry goes in', () => {
  const owner = { id: 'o', role: 'owner' as const, scope: 'mine' as const };
  const practitioner = { id: 'p', role: 'practitioner' as const, scope: 'mine' as const };
  const paralegal = { id: 'q', role: 'paralegal' as const, scope: 'mine' as const };

  it('an assigned entry goes to its responsible practitioner only', () => {
    expect(followsEntry(practitioner, 'p')).toBe(true);
    expect(followsEntry(owner, 'p')).toBe(false);
    expect(followsEntry(paralegal, 'p')).toBe(false);
  });

  it('an unassigned entry goes to the owners', () => {
    expect(followsEntry(owner, null)).toBe(true);
    expect(followsEntry(practitioner, null)).toBe(false);
    expect(followsEntry(paralegal, null)).toBe(false);
  });

  it('scope firm follows every entry', () => {
    expect(followsEntry({ ...paralegal, scope: 'firm' }, 'p')).toBe(true);
    expect(followsEntry({ ...practitioner, scope: 'firm' }, null)).toBe(true);
  });

  it('only owners and practitioners may be responsible', () => {
    expect(['owner', 'practitioner', 'paralegal', 'viewer'].map((r) => mayBeResponsible(r as never))).toEqual([true, true, false, false]);
  });
});
