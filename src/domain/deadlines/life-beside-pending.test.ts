import { describe, expect, it } from 'vitest';
import { lifeBesidePending } from './life-beside-pending.ts';
import { deadlineFieldsOf, NO_DEADLINES } from './deadline-fields.ts';

const pending = (id: string) => ({ pending: { correspondence: { id } } });
const life = (correspondenceId: string | null, name: string) => ({ name, life: { correspondenceId } });

describe('lifeBesidePending', () => {
  it("drops the life entries of an action that is already an entry's pending action, keeps the rest", () => {
    const kept = lifeBesidePending({
      deadlines: [pending('noa-1')],
      life: [life('noa-1', 'issue fee'), life('noa-2', 'other paper'), life(null, 'maintenance fee')],
    });
    expect(kept.map((l) => l.name)).toEqual(['other paper', 'maintenance fee']);
  });

  it('keeps every life entry when nothing is pending', () => {
    expect(lifeBesidePending({ deadlines: [], life: [life('a', 'x'), life(null, 'y')] })).toHaveLength(2);
  });
});

describe('deadlineFieldsOf', () => {
  it("reads the three fields from the pending action's result and correspondence", () => {
    const fields = deadlineFieldsOf({ correspondence: { id: 'c1' }, result: { response_deadline: '2026-03-01', critical_deadline_date: '2026-06-01' } });
    expect(fields).toEqual({ response_deadline: '2026-03-01', critical_deadline_date: '2026-06-01', critical_deadline_correspondence_id: 'c1' });
  });

  it('is all null without a pending action', () => {
    expect(deadlineFieldsOf(null)).toEqual(NO_DEADLINES);
  });
});
