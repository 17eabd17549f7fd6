// The weekend / federal-holiday roll: 35 U.S.C. 21(b) and 37 CFR 1.7(a) — when the last day for
// taking an action or paying a fee falls on a Saturday, Sunday or a Federal holiday within the
// District of Columbia (including a full-day USPTO closure, MPEP 510), it may be done on the next
// succeeding business day.
import { addDays, isIsoDate, SATURDAY, SUNDAY, weekday, type IsoDate } from './calendar.ts';
import { CLOSURE_CITATION, closureOn } from './closures.ts';
import { DeadlineInputError } from './errors.ts';
import { holidaysOn } from './holidays.ts';

export interface NonBusinessReason {
  date: IsoDate;
  kind: 'saturday' | 'sunday' | 'federal_holiday' | 'uspto_closure';
  name: string;
  citation: string;
}

export interface Roll {
  nominal: IsoDate;
  effective: IsoDate;
  /** Each non-business day stepped over, with why (empty when the nominal date is a business day). */
  skipped: NonBusinessReason[];
}

export const ROLL_CITATION = '35 U.S.C. 21(b); 37 CFR 1.7(a)';

function requireDate(date: unknown): asserts date is IsoDate {
  if (!isIsoDate(date)) throw new DeadlineInputError('date', `not a calendar date in YYYY-MM-DD form: ${JSON.stringify(date)}`);
}

/** Why a date is not a business day (empty when it is one). */
export function nonBusinessReasons(date: IsoDate): NonBusinessReason[] {
  requireDate(date);
  const reasons: NonBusinessReason[] = [];
  const wd = weekday(date);
  if (wd === SATURDAY) reasons.push({ date, kind: 'saturday', name: 'Saturday', citation: ROLL_CITATION });
  if (wd === SUNDAY) reasons.push({ date, kind: 'sunday', name: 'Sunday', citation: ROLL_CITATION });
  for (const h of holidaysOn(date)) reasons.push({ date, kind: 'federal_holiday', name: h.name, citation: h.citation });
  const closure = closureOn(date);
  if (closure) reasons.push({ date, kind: 'uspto_closure', name: `USPTO closed: ${closure.reason}`, citation: CLOSURE_CITATION });
  return reasons;
}

export function isBusinessDay(date: string): boolean {
  return nonBusinessReasons(date).length === 0;
}

/** Moves a date forward over non-business days, recording each one stepped over. */
export function roll(date: IsoDate): Roll {
  requireDate(date);
  const skipped: NonBusinessReason[] = [];
  let d = date;
  for (let reasons = nonBusinessReasons(d); reasons.length > 0; reasons = nonBusinessReasons(d)) {
    skipped.push(...reasons);
    d = addDays(d, 1);
  }
  return { nominal: date, effective: d, skipped };
}

/** The date itself when it is a business day, else the next business day. */
export function nextBusinessDay(date: string): string {
  return roll(date).effective;
}
