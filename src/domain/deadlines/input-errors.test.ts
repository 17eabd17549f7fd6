import { describe, expect, it } from 'vitest';
import { calculateDeadlines, DeadlineInputError, type DeadlineInput } from './index.ts';

function errorOf(input: unknown): DeadlineInputError {
  try {
    calculateDeadlines(input as DeadlineInput);
  } catch (e) {
    if (e instanceof DeadlineInputError) return e;
    throw e;
  }
  throw new Error('expected a DeadlineInputError');
}

const ok = { action: 'non_final', mailingDate: '2026-08-10' } as const;

describe('input errors name the field', () => {
  it('unknown action kind', () => {
    for (const action of ['nonfinal', 'CTNF', '', 42, undefined]) {
      const e = errorOf({ ...ok, action });
      expect(e.field).toBe('action');
      expect(e.message).toMatch(/unknown action kind/);
      expect(e.name).toBe('DeadlineInputError');
      expect(e).toBeInstanceOf(Error);
    }
  });

  it('impossible or malformed mailing date', () => {
    for (const mailingDate of ['2025-02-30', '2025-02-29', '2025-13-01', '2025-1-1', '08/10/2026', '', null, 20260810]) {
      const e = errorOf({ ...ok, mailingDate });
      expect(e.field).toBe('mailingDate');
    }
  });

  it('dates outside the supported range', () => {
    expect(errorOf({ ...ok, mailingDate: '1960-01-04' }).field).toBe('mailingDate');
    expect(errorOf({ ...ok, mailingDate: '3001-01-01' }).field).toBe('mailingDate');
  });

  it('advisory action before the mailing date', () => {
    const e = errorOf({ action: 'final', mailingDate: '2026-08-03', advisoryDate: '2026-08-02' });
    expect(e.field).toBe('advisoryDate');
    expect(e.message).toMatch(/before the mailing date/);
  });

  it('advisory action before the reply it answers', () => {
    const e = errorOf({ action: 'final', mailingDate: '2026-08-03', replyFiledDate: '2026-09-25', advisoryDate: '2026-09-20' });
    expect(e.field).toBe('advisoryDate');
  });

  it('advisory action on anything but a final', () => {
    expect(errorOf({ ...ok, advisoryDate: '2026-10-01' }).field).toBe('advisoryDate');
  });

  it('impossible advisory, reply or today dates', () => {
    expect(errorOf({ action: 'final', mailingDate: '2026-08-03', advisoryDate: '2026-11-31' }).field).toBe('advisoryDate');
    expect(errorOf({ ...ok, replyFiledDate: '2026-02-30' }).field).toBe('replyFiledDate');
    expect(errorOf({ ...ok, today: 'now' }).field).toBe('today');
  });

  it('reply filed before the mailing date', () => {
    const e = errorOf({ action: 'final', mailingDate: '2026-08-03', replyFiledDate: '2026-08-02' });
    expect(e.field).toBe('replyFiledDate');
    expect(e.message).toMatch(/before the mailing date/);
  });

  it('period override out of range or not a whole number of months', () => {
    for (const periodMonths of [0, 7, -1, 2.5, '3', Number.NaN, Infinity]) {
      expect(errorOf({ ...ok, periodMonths }).field).toBe('periodMonths');
    }
    expect(errorOf({ action: 'missing_parts', mailingDate: '2026-08-10', periodMonths: 7 }).field).toBe('periodMonths');
  });

  it('the issue-fee period cannot be overridden to anything but three months', () => {
    const e = errorOf({ action: 'notice_of_allowance', mailingDate: '2026-08-10', periodMonths: 4 });
    expect(e.field).toBe('periodMonths');
    expect(e.message).toMatch(/exactly 3/);
    expect(calculateDeadlines({ action: 'notice_of_allowance', mailingDate: '2026-08-10', periodMonths: 3 }).ssp_due).toBe('2026-11-10');
  });

  it('unknown entity size', () => {
    expect(errorOf({ ...ok, entity: 'medium' }).field).toBe('entity');
  });

  it('input that is not an object', () => {
    expect(errorOf(null).field).toBe('input');
    expect(errorOf('non_final').field).toBe('input');
  });

  it('null optional fields count as absent (JSON callers)', () => {
    const r = calculateDeadlines({
      ...ok,
      periodMonths: null,
      advisoryDate: null,
      replyFiledDate: null,
      entity: null,
      today: null,
    } as unknown as DeadlineInput);
    expect(r.ssp_months).toBe(3);
  });
});
