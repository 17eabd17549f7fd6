// Plain calendar-date arithmetic on ISO `YYYY-MM-DD` strings. No time zones, no Date objects,
// no clock: a date is a proleptic-Gregorian (year, month, day) converted to and from a day count.

export type IsoDate = string;

export interface DateParts {
  year: number;
  month: number; // 1..12
  day: number; // 1..31
}

/** 0 = Sunday … 6 = Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export const SUNDAY: Weekday = 0;
export const MONDAY: Weekday = 1;
export const THURSDAY: Weekday = 4;
export const SATURDAY: Weekday = 6;

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const ISO_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** True for a real calendar date written `YYYY-MM-DD` (so 2025-02-30 and 2025-2-3 are false). */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const m = ISO_PATTERN.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Splits a date already known to be valid (see isIsoDate). */
export function toParts(date: IsoDate): DateParts {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

export function fromParts(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// Day count relative to 1970-01-01, by shifting the year to start in March so the leap day is last.
function dayNumber({ year, month, day }: DateParts): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const monthFromMarch = (month + 9) % 12;
  const dayOfYear = Math.floor((153 * monthFromMarch + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function partsFromDayNumber(n: number): DateParts {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, day };
}

export function toDayNumber(date: IsoDate): number {
  return dayNumber(toParts(date));
}

export function fromDayNumber(n: number): IsoDate {
  const p = partsFromDayNumber(n);
  return fromParts(p.year, p.month, p.day);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days);
}

export function weekday(date: IsoDate): Weekday {
  // 1970-01-01 was a Thursday.
  return ((((toDayNumber(date) + THURSDAY) % 7) + 7) % 7) as Weekday;
}

/**
 * The date `months` months after `date`: the same day of the month, or the last day of the
 * target month when that day does not exist there. MPEP 710.01(a): the reply "is due on the
 * corresponding day of the month ... after the Office action"; Nov 30 + 3 months = Feb 28/29;
 * Feb 28 + 3 months = May 28, never "last day to last day" (Ex parte Messick, 7 USPQ 57).
 */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const { year, month, day } = toParts(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return fromParts(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** The n-th (1-based) given weekday of a month, e.g. the third Monday of January. */
export function nthWeekdayOfMonth(year: number, month: number, wd: Weekday, n: number): IsoDate {
  const first = fromParts(year, month, 1);
  const offset = (wd - weekday(first) + 7) % 7;
  return addDays(first, offset + 7 * (n - 1));
}

/** The last given weekday of a month, e.g. the last Monday of May. */
export function lastWeekdayOfMonth(year: number, month: number, wd: Weekday): IsoDate {
  const last = fromParts(year, month, daysInMonth(year, month));
  return addDays(last, -((weekday(last) - wd + 7) % 7));
}
