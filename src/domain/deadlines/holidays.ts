// Federal holidays within the District of Columbia, computed by rule for any year from 1971
// (the Uniform Monday Holiday Act calendar, Pub. L. 90-363) to 9999. MPEP 710.05 lists them.
import { addDays, fromParts, lastWeekdayOfMonth, MONDAY, nthWeekdayOfMonth, SATURDAY, SUNDAY, THURSDAY, toParts, weekday, type IsoDate } from './calendar.ts';

export interface Holiday {
  /** The day that is the holiday: the legal date, or the in-lieu weekday when that is moved. */
  date: IsoDate;
  name: string;
  citation: string;
}

const FIRST_HOLIDAY_YEAR = 1971;
const LAST_HOLIDAY_YEAR = 9999;

const CITE_6103A = '5 U.S.C. 6103(a); MPEP 710.05';
const CITE_IN_LIEU = '5 U.S.C. 6103(b); Exec. Order 11582; MPEP 710.05';
const CITE_INAUGURATION = '5 U.S.C. 6103(c); MPEP 710.05';

interface LegalHoliday {
  date: IsoDate;
  name: string;
  /** Fixed-date holidays move off a weekend (6103(b)); Inauguration Day has its own rule. */
  observance: 'fixed' | 'weekday_rule' | 'inauguration';
}

// The legal public holidays of 5 U.S.C. 6103(a) (and (c)) on their legal dates for one year.
function legalHolidays(year: number): LegalHoliday[] {
  const list: LegalHoliday[] = [{ date: fromParts(year, 1, 1), name: "New Year's Day", observance: 'fixed' }];
  // Birthday of Martin Luther King, Jr., third Monday in January, first observed 1986 (Pub. L. 98-144).
  if (year >= 1986) {
    list.push({ date: nthWeekdayOfMonth(year, 1, MONDAY, 3), name: 'Birthday of Martin Luther King, Jr.', observance: 'weekday_rule' });
  }
  // Inauguration Day, January 20 of each fourth year (…, 2021, 2025, 2029), 5 U.S.C. 6103(c).
  if ((year - 1965) % 4 === 0) {
    list.push({ date: fromParts(year, 1, 20), name: 'Inauguration Day', observance: 'inauguration' });
  }
  list.push(
    { date: nthWeekdayOfMonth(year, 2, MONDAY, 3), name: "Washington's Birthday", observance: 'weekday_rule' },
    { date: lastWeekdayOfMonth(year, 5, MONDAY), name: 'Memorial Day', observance: 'weekday_rule' },
  );
  // Juneteenth National Independence Day, June 19, added by Pub. L. 117-17 (June 17, 2021).
  if (year >= 2021) {
    list.push({ date: fromParts(year, 6, 19), name: 'Juneteenth National Independence Day', observance: 'fixed' });
  }
  list.push(
    { date: fromParts(year, 7, 4), name: 'Independence Day', observance: 'fixed' },
    { date: nthWeekdayOfMonth(year, 9, MONDAY, 1), name: 'Labor Day', observance: 'weekday_rule' },
    { date: nthWeekdayOfMonth(year, 10, MONDAY, 2), name: 'Columbus Day', observance: 'weekday_rule' },
  );
  // Veterans Day: fourth Monday in October 1971-1977 (Pub. L. 90-363), November 11 again from 1978 (Pub. L. 94-97).
  if (year <= 1977) {
    list.push({ date: nthWeekdayOfMonth(year, 10, MONDAY, 4), name: 'Veterans Day', observance: 'weekday_rule' });
  } else {
    list.push({ date: fromParts(year, 11, 11), name: 'Veterans Day', observance: 'fixed' });
  }
  list.push(
    { date: nthWeekdayOfMonth(year, 11, THURSDAY, 4), name: 'Thanksgiving Day', observance: 'weekday_rule' },
    { date: fromParts(year, 12, 25), name: 'Christmas Day', observance: 'fixed' },
  );
  return list;
}

// Where the holiday is actually observed.
function observe(h: LegalHoliday): Holiday {
  const wd = weekday(h.date);
  if (h.observance === 'inauguration') {
    // Sunday: "the next succeeding day selected for the public observance of the inauguration" is the
    // holiday (6103(c)); the ceremony moves to Monday January 21, so that day is taken as the holiday.
    if (wd === SUNDAY) return { date: addDays(h.date, 1), name: 'Inauguration Day (observed; January 20 is a Sunday)', citation: CITE_INAUGURATION };
    // Saturday: no in-lieu day (OPM memo of Nov. 27, 2000, citing 51 Comp. Gen. 586 (1972)).
    return { date: h.date, name: h.name, citation: CITE_INAUGURATION };
  }
  if (h.observance === 'fixed' && wd === SATURDAY) {
    return { date: addDays(h.date, -1), name: `${h.name} (observed; ${h.date} is a Saturday)`, citation: CITE_IN_LIEU };
  }
  if (h.observance === 'fixed' && wd === SUNDAY) {
    return { date: addDays(h.date, 1), name: `${h.name} (observed; ${h.date} is a Sunday)`, citation: CITE_IN_LIEU };
  }
  return { date: h.date, name: h.name, citation: CITE_6103A };
}

const cache = new Map<number, readonly Holiday[]>();

function holidaysOfYear(year: number): readonly Holiday[] {
  let list = cache.get(year);
  if (!list) {
    // A Saturday New Year's Day of the next year is observed on December 31 of this one
    // (e.g. 2028-01-01 → Friday 2027-12-31), so look one year ahead.
    const candidates = [...legalHolidays(year), ...(year < LAST_HOLIDAY_YEAR ? legalHolidays(year + 1) : [])];
    list = candidates
      .map(observe)
      .filter((h) => toParts(h.date).year === year)
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    cache.set(year, list);
  }
  return list;
}

/**
 * The federal holidays within the District of Columbia whose observed date falls in `year`,
 * in date order. Two holidays on one day (e.g. Inauguration Day and Martin Luther King, Jr. Day
 * on 2025-01-20) are listed separately. Throws RangeError outside 1971..9999.
 */
export function federalHolidays(year: number): Holiday[] {
  if (!Number.isInteger(year) || year < FIRST_HOLIDAY_YEAR || year > LAST_HOLIDAY_YEAR) {
    throw new RangeError(`year must be an integer from ${FIRST_HOLIDAY_YEAR} to ${LAST_HOLIDAY_YEAR}`);
  }
  return holidaysOfYear(year).map((h) => ({ ...h }));
}

/** The holidays observed on a date (empty when none). */
export function holidaysOn(date: IsoDate): Holiday[] {
  const { year } = toParts(date);
  if (year < FIRST_HOLIDAY_YEAR || year > LAST_HOLIDAY_YEAR) return [];
  return holidaysOfYear(year)
    .filter((h) => h.date === date)
    .map((h) => ({ ...h }));
}
