import { describe, expect, it } from 'vitest';
import closureFile from './uspto-closures.json' with { type: 'json' };
import { isBusinessDay, nextBusinessDay, nonBusinessReasons, roll } from './business-days.ts';
import { closureOn, closuresPendingConfirmation, usptoClosures } from './closures.ts';
import { DeadlineInputError } from './errors.ts';

describe('business days, 35 U.S.C. 21(b) / 37 CFR 1.7(a)', () => {
  it('weekdays that are not holidays are business days', () => {
    expect(isBusinessDay('2026-08-10')).toBe(true); // Monday
    expect(isBusinessDay('2026-11-27')).toBe(true); // Friday after Thanksgiving
  });

  it('Saturdays, Sundays and federal holidays are not', () => {
    expect(isBusinessDay('2026-08-08')).toBe(false);
    expect(isBusinessDay('2026-08-09')).toBe(false);
    expect(isBusinessDay('2026-07-03')).toBe(false); // Independence Day observed
    expect(isBusinessDay('2027-12-31')).toBe(false); // New Year's Day 2028 observed
  });

  it('nextBusinessDay returns the same date when it is already a business day', () => {
    expect(nextBusinessDay('2026-08-10')).toBe('2026-08-10');
  });

  it('rolls a Saturday over a Monday holiday to Tuesday', () => {
    expect(nextBusinessDay('2027-01-16')).toBe('2027-01-19'); // Sat, Sun, MLK Day
    expect(nextBusinessDay('2026-10-10')).toBe('2026-10-13'); // Sat, Sun, Columbus Day
    const r = roll('2027-01-16');
    expect(r.skipped.map((s) => s.kind)).toEqual(['saturday', 'sunday', 'federal_holiday']);
  });

  it('rolls over Christmas 2025 closures: Dec 24 (closed), 25 (holiday), 26 (closed), weekend', () => {
    expect(nextBusinessDay('2025-12-24')).toBe('2025-12-29');
    expect(nonBusinessReasons('2025-12-26').map((r) => r.kind)).toEqual(['uspto_closure']);
    expect(nonBusinessReasons('2025-12-26')[0]?.citation).toContain('MPEP 510');
  });

  it('applies the 2024-12-24 closure: due Dec 24 or 25 is timely on Dec 26', () => {
    expect(nextBusinessDay('2024-12-24')).toBe('2024-12-26');
    expect(nextBusinessDay('2024-12-25')).toBe('2024-12-26');
  });

  it('does not apply a closure that is only pending confirmation (2025-01-09)', () => {
    expect(closuresPendingConfirmation().map((c) => c.date)).toContain('2025-01-09');
    expect(closureOn('2025-01-09')).toBeUndefined();
    expect(isBusinessDay('2025-01-09')).toBe(true);
  });

  it('rejects strings that are not calendar dates', () => {
    expect(() => isBusinessDay('2025-02-30')).toThrow(DeadlineInputError);
    expect(() => nextBusinessDay('tomorrow')).toThrow(DeadlineInputError);
  });
});

describe('uspto-closures.json', () => {
  it('holds the closures the reference names, each with its sources', () => {
    const dates = usptoClosures().map((c) => c.date);
    for (const d of [
      '2024-12-24',
      '2025-12-24',
      '2025-12-26',
      '2018-12-24',
      '2018-03-02',
      '2014-01-21',
      '1996-01-08',
      '1996-01-09',
      '1996-01-10',
      '1989-01-20',
      '1994-04-27',
    ]) {
      expect(dates).toContain(d);
    }
    for (const c of [...closureFile.closures, ...closureFile.pending_confirmation]) {
      expect(c.sources.length).toBeGreaterThan(0);
      expect(c.reason.length).toBeGreaterThan(0);
    }
  });

  it('every applied closure is a non-business day', () => {
    for (const c of usptoClosures()) expect(isBusinessDay(c.date)).toBe(false);
  });
});
