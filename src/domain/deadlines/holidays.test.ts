import { describe, expect, it } from 'vitest';
import { federalHolidays, holidaysOn } from './holidays.ts';

// Observed federal holidays within the District of Columbia, 2020-2035: "date weekday name".
// Derived outside the code under test: 5 U.S.C. 6103(a) dates; Saturday holiday -> preceding Friday,
// Sunday holiday -> following Monday (6103(b), Exec. Order 11582); Juneteenth from 2021;
// Inauguration Day on January 20 of 2021, 2025, 2029, 2033 (6103(c)) with no Friday in-lieu day for
// Saturday 2029-01-20. Weekdays were read from a calendar; 2024-2030 agree with the table in
// deadline-rules.md section 4.1. A Saturday New Year's Day is observed on December 31 of the year before.
const OBSERVED: Record<number, string[]> = {
  2020: [
    "2020-01-01 Wed New Year's Day",
    '2020-01-20 Mon Birthday of Martin Luther King, Jr.',
    "2020-02-17 Mon Washington's Birthday",
    '2020-05-25 Mon Memorial Day',
    '2020-07-03 Fri Independence Day',
    '2020-09-07 Mon Labor Day',
    '2020-10-12 Mon Columbus Day',
    '2020-11-11 Wed Veterans Day',
    '2020-11-26 Thu Thanksgiving Day',
    '2020-12-25 Fri Christmas Day',
  ],
  2021: [
    "2021-01-01 Fri New Year's Day",
    '2021-01-18 Mon Birthday of Martin Luther King, Jr.',
    '2021-01-20 Wed Inauguration Day',
    "2021-02-15 Mon Washington's Birthday",
    '2021-05-31 Mon Memorial Day',
    '2021-06-18 Fri Juneteenth National Independence Day',
    '2021-07-05 Mon Independence Day',
    '2021-09-06 Mon Labor Day',
    '2021-10-11 Mon Columbus Day',
    '2021-11-11 Thu Veterans Day',
    '2021-11-25 Thu Thanksgiving Day',
    '2021-12-24 Fri Christmas Day',
    "2021-12-31 Fri New Year's Day",
  ],
  2022: [
    '2022-01-17 Mon Birthday of Martin Luther King, Jr.',
    "2022-02-21 Mon Washington's Birthday",
    '2022-05-30 Mon Memorial Day',
    '2022-06-20 Mon Juneteenth National Independence Day',
    '2022-07-04 Mon Independence Day',
    '2022-09-05 Mon Labor Day',
    '2022-10-10 Mon Columbus Day',
    '2022-11-11 Fri Veterans Day',
    '2022-11-24 Thu Thanksgiving Day',
    '2022-12-26 Mon Christmas Day',
  ],
  2023: [
    "2023-01-02 Mon New Year's Day",
    '2023-01-16 Mon Birthday of Martin Luther King, Jr.',
    "2023-02-20 Mon Washington's Birthday",
    '2023-05-29 Mon Memorial Day',
    '2023-06-19 Mon Juneteenth National Independence Day',
    '2023-07-04 Tue Independence Day',
    '2023-09-04 Mon Labor Day',
    '2023-10-09 Mon Columbus Day',
    '2023-11-10 Fri Veterans Day',
    '2023-11-23 Thu Thanksgiving Day',
    '2023-12-25 Mon Christmas Day',
  ],
  2024: [
    "2024-01-01 Mon New Year's Day",
    '2024-01-15 Mon Birthday of Martin Luther King, Jr.',
    "2024-02-19 Mon Washington's Birthday",
    '2024-05-27 Mon Memorial Day',
    '2024-06-19 Wed Juneteenth National Independence Day',
    '2024-07-04 Thu Independence Day',
    '2024-09-02 Mon Labor Day',
    '2024-10-14 Mon Columbus Day',
    '2024-11-11 Mon Veterans Day',
    '2024-11-28 Thu Thanksgiving Day',
    '2024-12-25 Wed Christmas Day',
  ],
  2025: [
    "2025-01-01 Wed New Year's Day",
    '2025-01-20 Mon Birthday of Martin Luther King, Jr.',
    '2025-01-20 Mon Inauguration Day',
    "2025-02-17 Mon Washington's Birthday",
    '2025-05-26 Mon Memorial Day',
    '2025-06-19 Thu Juneteenth National Independence Day',
    '2025-07-04 Fri Independence Day',
    '2025-09-01 Mon Labor Day',
    '2025-10-13 Mon Columbus Day',
    '2025-11-11 Tue Veterans Day',
    '2025-11-27 Thu Thanksgiving Day',
    '2025-12-25 Thu Christmas Day',
  ],
  2026: [
    "2026-01-01 Thu New Year's Day",
    '2026-01-19 Mon Birthday of Martin Luther King, Jr.',
    "2026-02-16 Mon Washington's Birthday",
    '2026-05-25 Mon Memorial Day',
    '2026-06-19 Fri Juneteenth National Independence Day',
    '2026-07-03 Fri Independence Day',
    '2026-09-07 Mon Labor Day',
    '2026-10-12 Mon Columbus Day',
    '2026-11-11 Wed Veterans Day',
    '2026-11-26 Thu Thanksgiving Day',
    '2026-12-25 Fri Christmas Day',
  ],
  2027: [
    "2027-01-01 Fri New Year's Day",
    '2027-01-18 Mon Birthday of Martin Luther King, Jr.',
    "2027-02-15 Mon Washington's Birthday",
    '2027-05-31 Mon Memorial Day',
    '2027-06-18 Fri Juneteenth National Independence Day',
    '2027-07-05 Mon Independence Day',
    '2027-09-06 Mon Labor Day',
    '2027-10-11 Mon Columbus Day',
    '2027-11-11 Thu Veterans Day',
    '2027-11-25 Thu Thanksgiving Day',
    '2027-12-24 Fri Christmas Day',
    "2027-12-31 Fri New Year's Day",
  ],
  2028: [
    '2028-01-17 Mon Birthday of Martin Luther King, Jr.',
    "2028-02-21 Mon Washington's Birthday",
    '2028-05-29 Mon Memorial Day',
    '2028-06-19 Mon Juneteenth National Independence Day',
    '2028-07-04 Tue Independence Day',
    '2028-09-04 Mon Labor Day',
    '2028-10-09 Mon Columbus Day',
    '2028-11-10 Fri Veterans Day',
    '2028-11-23 Thu Thanksgiving Day',
    '2028-12-25 Mon Christmas Day',
  ],
  2029: [
    "2029-01-01 Mon New Year's Day",
    '2029-01-15 Mon Birthday of Martin Luther King, Jr.',
    '2029-01-20 Sat Inauguration Day',
    "2029-02-19 Mon Washington's Birthday",
    '2029-05-28 Mon Memorial Day',
    '2029-06-19 Tue Juneteenth National Independence Day',
    '2029-07-04 Wed Independence Day',
    '2029-09-03 Mon Labor Day',
    '2029-10-08 Mon Columbus Day',
    '2029-11-12 Mon Veterans Day',
    '2029-11-22 Thu Thanksgiving Day',
    '2029-12-25 Tue Christmas Day',
  ],
  2030: [
    "2030-01-01 Tue New Year's Day",
    '2030-01-21 Mon Birthday of Martin Luther King, Jr.',
    "2030-02-18 Mon Washington's Birthday",
    '2030-05-27 Mon Memorial Day',
    '2030-06-19 Wed Juneteenth National Independence Day',
    '2030-07-04 Thu Independence Day',
    '2030-09-02 Mon Labor Day',
    '2030-10-14 Mon Columbus Day',
    '2030-11-11 Mon Veterans Day',
    '2030-11-28 Thu Thanksgiving Day',
    '2030-12-25 Wed Christmas Day',
  ],
  2031: [
    "2031-01-01 Wed New Year's Day",
    '2031-01-20 Mon Birthday of Martin Luther King, Jr.',
    "2031-02-17 Mon Washington's Birthday",
    '2031-05-26 Mon Memorial Day',
    '2031-06-19 Thu Juneteenth National Independence Day',
    '2031-07-04 Fri Independence Day',
    '2031-09-01 Mon Labor Day',
    '2031-10-13 Mon Columbus Day',
    '2031-11-11 Tue Veterans Day',
    '2031-11-27 Thu Thanksgiving Day',
    '2031-12-25 Thu Christmas Day',
  ],
  2032: [
    "2032-01-01 Thu New Year's Day",
    '2032-01-19 Mon Birthday of Martin Luther King, Jr.',
    "2032-02-16 Mon Washington's Birthday",
    '2032-05-31 Mon Memorial Day',
    '2032-06-18 Fri Juneteenth National Independence Day',
    '2032-07-05 Mon Independence Day',
    '2032-09-06 Mon Labor Day',
    '2032-10-11 Mon Columbus Day',
    '2032-11-11 Thu Veterans Day',
    '2032-11-25 Thu Thanksgiving Day',
    '2032-12-24 Fri Christmas Day',
    "2032-12-31 Fri New Year's Day",
  ],
  2033: [
    '2033-01-17 Mon Birthday of Martin Luther King, Jr.',
    '2033-01-20 Thu Inauguration Day',
    "2033-02-21 Mon Washington's Birthday",
    '2033-05-30 Mon Memorial Day',
    '2033-06-20 Mon Juneteenth National Independence Day',
    '2033-07-04 Mon Independence Day',
    '2033-09-05 Mon Labor Day',
    '2033-10-10 Mon Columbus Day',
    '2033-11-11 Fri Veterans Day',
    '2033-11-24 Thu Thanksgiving Day',
    '2033-12-26 Mon Christmas Day',
  ],
  2034: [
    "2034-01-02 Mon New Year's Day",
    '2034-01-16 Mon Birthday of Martin Luther King, Jr.',
    "2034-02-20 Mon Washington's Birthday",
    '2034-05-29 Mon Memorial Day',
    '2034-06-19 Mon Juneteenth National Independence Day',
    '2034-07-04 Tue Independence Day',
    '2034-09-04 Mon Labor Day',
    '2034-10-09 Mon Columbus Day',
    '2034-11-10 Fri Veterans Day',
    '2034-11-23 Thu Thanksgiving Day',
    '2034-12-25 Mon Christmas Day',
  ],
  2035: [
    "2035-01-01 Mon New Year's Day",
    '2035-01-15 Mon Birthday of Martin Luther King, Jr.',
    "2035-02-19 Mon Washington's Birthday",
    '2035-05-28 Mon Memorial Day',
    '2035-06-19 Tue Juneteenth National Independence Day',
    '2035-07-04 Wed Independence Day',
    '2035-09-03 Mon Labor Day',
    '2035-10-08 Mon Columbus Day',
    '2035-11-12 Mon Veterans Day',
    '2035-11-22 Thu Thanksgiving Day',
    '2035-12-25 Tue Christmas Day',
  ],
};

const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const baseName = (name: string) => name.replace(/ \(observed;.*\)$/, '');

describe('federal holidays 2020-2035 (5 U.S.C. 6103)', () => {
  for (const [year, rows] of Object.entries(OBSERVED)) {
    it(`matches the hand-derived table for ${year}`, () => {
      const got = federalHolidays(Number(year)).map((h) => `${h.date} ${baseName(h.name)}`);
      const want = rows.map((r) => `${r.slice(0, 10)} ${r.slice(15)}`);
      expect([...got].sort()).toEqual([...want].sort());
    });
  }

  it('the table itself has the weekdays it says (checked with Date)', () => {
    for (const rows of Object.values(OBSERVED)) {
      for (const r of rows) expect(WEEKDAY[new Date(`${r.slice(0, 10)}T00:00:00Z`).getUTCDay()]).toBe(r.slice(11, 14));
    }
  });

  it('every holiday carries a 5 U.S.C. 6103 citation and names in-lieu days', () => {
    for (let y = 2020; y <= 2035; y++) {
      for (const h of federalHolidays(y)) expect(h.citation).toMatch(/^5 U\.S\.C\. 6103\((a|b|c)\)/);
    }
    const ind = federalHolidays(2026).find((h) => h.date === '2026-07-03');
    expect(ind?.name).toBe('Independence Day (observed; 2026-07-04 is a Saturday)');
    expect(ind?.citation).toContain('6103(b)');
  });
});

describe('holiday rules beyond the table', () => {
  it("Saturday New Year's Day 2028 is observed on Friday 2027-12-31, listed in 2027", () => {
    expect(holidaysOn('2027-12-31').map((h) => baseName(h.name))).toEqual(["New Year's Day"]);
    expect(federalHolidays(2028).some((h) => baseName(h.name) === "New Year's Day")).toBe(false);
  });

  it('Inauguration Day on a Saturday (2029) has no Friday in-lieu day', () => {
    expect(holidaysOn('2029-01-19')).toEqual([]);
    expect(holidaysOn('2029-01-20').map((h) => h.name)).toEqual(['Inauguration Day']);
  });

  it('Inauguration Day on a Sunday moves to Monday January 21 (2013, 2041), which is also MLK Day', () => {
    for (const date of ['2013-01-21', '2041-01-21', '1985-01-21']) {
      const names = holidaysOn(date)
        .map((h) => baseName(h.name))
        .sort();
      expect(names).toContain('Inauguration Day');
    }
    expect(
      holidaysOn('2013-01-21')
        .map((h) => baseName(h.name))
        .sort(),
    ).toEqual(['Birthday of Martin Luther King, Jr.', 'Inauguration Day']);
    expect(holidaysOn('2013-01-20')).toEqual([]);
  });

  it('Inauguration Day only every fourth year from 1965', () => {
    for (const y of [1989, 1993, 2017, 2021, 2025, 2033, 2037, 2101]) {
      expect(federalHolidays(y).some((h) => baseName(h.name) === 'Inauguration Day')).toBe(true);
    }
    for (const y of [2020, 2022, 2023, 2024, 2026, 2030]) {
      expect(federalHolidays(y).some((h) => baseName(h.name) === 'Inauguration Day')).toBe(false);
    }
  });

  it('Juneteenth only from 2021; MLK Day only from 1986; Veterans Day in October 1971-1977', () => {
    expect(federalHolidays(2020).some((h) => h.name.startsWith('Juneteenth'))).toBe(false);
    expect(holidaysOn('2021-06-18').map((h) => baseName(h.name))).toEqual(['Juneteenth National Independence Day']);
    expect(federalHolidays(1985).some((h) => h.name.startsWith('Birthday of Martin'))).toBe(false);
    expect(holidaysOn('1986-01-20').map((h) => h.name)).toEqual(['Birthday of Martin Luther King, Jr.']);
    expect(holidaysOn('1975-10-27').map((h) => h.name)).toEqual(['Veterans Day']);
    expect(holidaysOn('1978-11-10').map((h) => baseName(h.name))).toEqual(['Veterans Day']); // Saturday Nov 11 1978
  });

  it('common false holidays are not holidays', () => {
    expect(holidaysOn('2026-11-27')).toEqual([]); // Friday after Thanksgiving
    expect(holidaysOn('2026-12-24')).toEqual([]); // Christmas Eve (no closure ordered)
    expect(holidaysOn('2026-12-31')).toEqual([]); // New Year's Eve, Thursday
    expect(holidaysOn('2026-04-16')).toEqual([]); // DC Emancipation Day
    expect(holidaysOn('2026-04-03')).toEqual([]); // Good Friday 2026
  });

  it('rejects years outside 1971-9999', () => {
    expect(() => federalHolidays(1970)).toThrow(RangeError);
    expect(() => federalHolidays(2026.5)).toThrow(RangeError);
    expect(federalHolidays(9999).length).toBeGreaterThan(10);
  });
});
