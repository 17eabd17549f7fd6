import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, isIsoDate, lastWeekdayOfMonth, MONDAY, nthWeekdayOfMonth, THURSDAY, toDayNumber, fromDayNumber, weekday } from './calendar.ts';

// Independent oracle: the JavaScript Date object in UTC.
const utcIso = (days: number) => new Date(days * 86_400_000).toISOString().slice(0, 10);
const utcDay = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
const DAY_1900 = Date.UTC(1900, 0, 1) / 86_400_000;
const DAY_2200 = Date.UTC(2200, 11, 31) / 86_400_000;

describe('month arithmetic, MPEP 710.01(a)', () => {
  it('Nov 30 + 3 months is Feb 28, or Feb 29 in a leap year', () => {
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
  });
  it('Feb 28 + 3 months is May 28, not May 31 (Ex parte Messick)', () => {
    expect(addMonths('2026-02-28', 3)).toBe('2026-05-28');
  });
  it('Jan 31 + 3 is Apr 30 and + 4 is May 31 (counted from the action date)', () => {
    expect(addMonths('2026-01-31', 3)).toBe('2026-04-30');
    expect(addMonths('2026-01-31', 4)).toBe('2026-05-31');
    expect(addMonths(addMonths('2026-01-31', 3), 1)).toBe('2026-05-30'); // the wrong way
  });
  it('Aug 31 + 3 is Nov 30 and + 4 is Dec 31', () => {
    expect(addMonths('2026-08-31', 3)).toBe('2026-11-30');
    expect(addMonths('2026-08-31', 4)).toBe('2026-12-31');
  });
  it('crosses year ends both ways', () => {
    expect(addMonths('2026-10-15', 6)).toBe('2027-04-15');
    expect(addMonths('2026-03-15', -3)).toBe('2025-12-15');
    expect(addMonths('2099-12-31', 2)).toBe('2100-02-28'); // 2100 is not a leap year
    expect(addMonths('2399-12-31', 2)).toBe('2400-02-29');
  });
  it('keeps the day when it exists and clamps only when it does not', () => {
    fc.assert(
      fc.property(fc.integer({ min: DAY_1900, max: DAY_2200 }), fc.integer({ min: 0, max: 24 }), (d, n) => {
        const base = utcIso(d);
        const out = addMonths(base, n);
        const ref = new Date(Date.UTC(Number(base.slice(0, 4)), Number(base.slice(5, 7)) - 1 + n, 1));
        const lastDay = new Date(Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth() + 1, 0)).getUTCDate();
        const expected = new Date(Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth(), Math.min(Number(base.slice(8)), lastDay)));
        expect(out).toBe(expected.toISOString().slice(0, 10));
      }),
    );
  });
});

describe('day arithmetic against the UTC Date oracle', () => {
  it('day numbers round-trip and agree with Date.UTC', () => {
    fc.assert(
      fc.property(fc.integer({ min: DAY_1900, max: DAY_2200 }), (d) => {
        const iso = utcIso(d);
        expect(toDayNumber(iso)).toBe(d);
        expect(fromDayNumber(d)).toBe(iso);
        expect(weekday(iso)).toBe(utcDay(iso));
      }),
    );
  });
  it('addDays crosses month, year and leap-day boundaries', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});

describe('isIsoDate', () => {
  it('accepts real dates only, in YYYY-MM-DD form', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-02-30')).toBe(false);
    expect(isIsoDate('2025-04-31')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-00-10')).toBe(false);
    expect(isIsoDate('2025-1-05')).toBe(false);
    expect(isIsoDate('2025-01-05T00:00:00Z')).toBe(false);
    expect(isIsoDate(20250105)).toBe(false);
    expect(isIsoDate(undefined)).toBe(false);
  });
});

describe('weekday-of-month helpers', () => {
  it('finds nth and last weekdays', () => {
    expect(nthWeekdayOfMonth(2026, 1, MONDAY, 3)).toBe('2026-01-19');
    expect(nthWeekdayOfMonth(2026, 11, THURSDAY, 4)).toBe('2026-11-26');
    expect(lastWeekdayOfMonth(2027, 5, MONDAY)).toBe('2027-05-31');
    expect(lastWeekdayOfMonth(2026, 5, MONDAY)).toBe('2026-05-25');
  });
});
