/**
 * Dates as US papers write them ("March 5, 2026"). Dates arrive as ISO strings and are formatted
 * from their digits, never through `Date`, so no time zone can shift them by a day.
 */
import type { IsoDate } from '../types.ts';
import { addDays, WEEKDAY_NAMES, weekday } from '../../domain/deadlines/calendar.ts';
import { nonBusinessReasons } from '../../domain/deadlines/business-days.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function parts(iso: IsoDate): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new RangeError(`expected a date as YYYY-MM-DD, got "${iso}"`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > 31) throw new RangeError(`not a calendar date: "${iso}"`);
  return [y, mo, d];
}

/** "March 5, 2026". */
export function formatLongDate(iso: IsoDate): string {
  const [y, mo, d] = parts(iso);
  return `${MONTHS[mo - 1]} ${d}, ${y}`;
}

/** "03-05-2026": the MM-DD-YYYY form PTO/SB/08 asks for. */
export function formatFormDate(iso: IsoDate): string {
  const [y, mo, d] = parts(iso);
  return `${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}-${y}`;
}

/** "Tuesday, February 16, 2027": the weekday from the deadline engine's calendar (never `Date`). */
export function formatDayAndDate(iso: IsoDate): string {
  return `${WEEKDAY_NAMES[weekday(iso)]}, ${formatLongDate(iso)}`;
}

/**
 * Why a last day moved from `nominal` to `effective` (35 U.S.C. 21(b)), as the deadline engine's
 * business-day rules give it: "February 13, 2027 is a Saturday; February 14, 2027, a Sunday; and
 * February 15, 2027, Washington's Birthday, a Federal holiday". Null when the dates are the same.
 */
export function rollReasons(nominal: IsoDate, effective: IsoDate): string | null {
  if (effective <= nominal) return null;
  const days: string[] = [];
  for (let d = nominal; d < effective; d = addDays(d, 1)) {
    const reasons = nonBusinessReasons(d);
    if (!reasons.length) continue;
    const words = reasons.map((r) =>
      r.kind === 'saturday' || r.kind === 'sunday'
        ? `a ${r.name}`
        : r.kind === 'federal_holiday'
          ? `${r.name}, a Federal holiday`
          : `a day the USPTO was closed (${r.name.replace(/^USPTO closed: /, '')})`,
    );
    days.push(days.length ? `${formatLongDate(d)}, ${words.join(' and ')}` : `${formatLongDate(d)} is ${words.join(' and ')}`);
  }
  if (!days.length) return null;
  // Semicolons between the days: "Saturday, February 14, 2027" would read as a weekday and a date.
  if (days.length <= 2) return days.join(' and ');
  return `${days.slice(0, -1).join('; ')}; and ${days[days.length - 1]}`;
}
