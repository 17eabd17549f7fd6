/**
 * Dates as US papers write them ("March 5, 2026"). Dates arrive as ISO strings and are formatted
 * from their digits, never through `Date`, so no time zone can shift them by a day.
 */
import type { IsoDate } from '../types.ts';

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

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
