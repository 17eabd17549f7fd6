import { describe, expect, it } from 'vitest';
import {
  deadlineCategory,
  defaultPreferences,
  digestDeadlines,
  digestPeriod,
  dueReminders,
  normalizeOffsets,
  type NotificationPreferences,
} from './notifications.ts';
import { addDays } from './deadlines/calendar.ts';

const d = (key: string, kind: string, due: string) => ({ key, kind, due });

describe('deadline categories', () => {
  it('puts every reply deadline the docket holds today under response', () => {
    for (const kind of ['non_final', 'final', 'restriction', 'requirement_for_information', 'quayle', 'missing_parts', 'non_compliant_amendment']) {
      expect(deadlineCategory(kind)).toBe('response');
    }
  });

  it('maps the life deadlines (issue fee, maintenance, briefs, priority) to their categories', () => {
    expect(deadlineCategory('notice_of_allowance')).toBe('issue_fee');
    expect(deadlineCategory('issue_fee')).toBe('issue_fee');
    expect(deadlineCategory('maintenance_fee_3_5')).toBe('maintenance');
    expect(deadlineCategory('maintenance_fee_7_5')).toBe('maintenance');
    expect(deadlineCategory('maintenance_fee_11_5')).toBe('maintenance');
    expect(deadlineCategory('appeal_brief')).toBe('briefs');
    expect(deadlineCategory('reply_brief')).toBe('briefs');
    expect(deadlineCategory('oral_hearing_request')).toBe('briefs');
    expect(deadlineCategory('nonprovisional_claiming_provisional')).toBe('priority');
    expect(deadlineCategory('us_filing_claiming_foreign_priority')).toBe('priority');
    expect(deadlineCategory('us_national_stage')).toBe('priority');
    expect(deadlineCategory('continuation_copendency')).toBe('priority');
  });

  it('an unknown kind falls into response (reminded, never silent)', () => {
    expect(deadlineCategory('something_new')).toBe('response');
    expect(deadlineCategory('')).toBe('response');
  });
});

describe('due reminders', () => {
  const prefs = defaultPreferences();

  it('fires each default offset on its day (30, 14, 7, 1 days before and the day itself), and nothing in between', () => {
    const due = '2027-03-15';
    const fired: [string, number][] = [];
    for (let day = addDays(due, -40); day <= addDays(due, 3); day = addDays(day, 1)) {
      for (const r of dueReminders([d('k', 'non_final', due)], prefs, day, 1)) fired.push([day, r.offset]);
    }
    expect(fired).toEqual([
      ['2027-02-13', 30],
      ['2027-03-01', 14],
      ['2027-03-08', 7],
      ['2027-03-14', 1],
      ['2027-03-15', 0],
    ]);
  });

  it('catches up an offset missed in the window, once, for the nearest offset; the others are superseded', () => {
    const due = '2027-03-15';
    // The worker was down from March 6 to March 9: on the 9th, the 7-day reminder (due the 8th) is caught up.
    expect(dueReminders([d('k', 'final', due)], prefs, '2027-03-09').map((r) => [r.offset, r.superseded, r.daysLeft])).toEqual([[7, [], 6]]);
    // A deadline docketed 3 days before it is due: the 7-day offset is owed (within the window), 14 and 30 are not.
    expect(dueReminders([d('k', 'final', due)], prefs, '2027-03-12').map((r) => [r.offset, r.superseded])).toEqual([[7, []]]);
    // Two offsets in the window: one mail for the nearer, the farther superseded.
    expect(dueReminders([d('k', 'final', due)], prefs, '2027-03-14').map((r) => [r.offset, r.superseded])).toEqual([[1, [7]]]);
  });

  it('does not look back beyond the window', () => {
    // The 30-day reminder fell on 2027-02-13; eight days later it is not sent.
    expect(dueReminders([d('k', 'final', '2027-03-15')], prefs, '2027-02-21')).toEqual([]);
  });

  it('never reminds of a deadline already past', () => {
    expect(dueReminders([d('k', 'final', '2027-03-15')], prefs, '2027-03-16')).toEqual([]);
    expect(dueReminders([d('k', 'final', '2027-03-15')], prefs, '2027-03-15').map((r) => r.offset)).toEqual([0]);
  });

  it("follows the categories, the reminders switch and the person's own offsets", () => {
    const due = '2027-03-15';
    const list = [d('a', 'non_final', due), d('b', 'maintenance_fee_3_5', due), d('c', 'appeal_brief', due)];
    const noMaintenance: NotificationPreferences = { ...prefs, categories: { ...prefs.categories, maintenance: false } };
    expect(dueReminders(list, noMaintenance, '2027-03-08').map((r) => r.deadline.key)).toEqual(['a', 'c']);
    expect(dueReminders(list, { ...prefs, remindersEnabled: false }, '2027-03-08')).toEqual([]);
    expect(dueReminders(list, { ...prefs, offsets: [60, 3] }, '2027-03-12', 1).map((r) => [r.deadline.key, r.offset])).toEqual([
      ['a', 3],
      ['b', 3],
      ['c', 3],
    ]);
    expect(dueReminders(list, { ...prefs, offsets: [60, 3] }, '2027-03-08', 1)).toEqual([]);
  });

  it('normalizes offsets: whole days 0..365, once each, largest first', () => {
    expect(normalizeOffsets([0, 7, 7, 30, -1, 1.5, 400, 14])).toEqual([30, 14, 7, 0]);
  });
});

describe('digests', () => {
  it("daily: every day; weekly: the week's Monday, caught up to Wednesday; none: never", () => {
    expect(digestPeriod('daily', '2027-03-10')).toBe('2027-03-10');
    expect(digestPeriod('weekly', '2027-03-08')).toBe('2027-03-08'); // a Monday
    expect(digestPeriod('weekly', '2027-03-10')).toBe('2027-03-08'); // Wednesday: catching up
    expect(digestPeriod('weekly', '2027-03-11')).toBeNull(); // Thursday
    expect(digestPeriod('weekly', '2027-03-14')).toBeNull(); // Sunday
    expect(digestPeriod('none', '2027-03-08')).toBeNull();
  });

  it('lists the next 30 days of followed categories, soonest first', () => {
    const prefs = { ...defaultPreferences(), categories: { ...defaultPreferences().categories, priority: false } };
    const list = [
      d('late', 'final', '2027-04-08'),
      d('soon', 'final', '2027-03-09'),
      d('past', 'final', '2027-03-07'),
      d('edge', 'issue_fee', '2027-04-07'),
      d('prio', 'us_national_stage', '2027-03-10'),
    ];
    expect(digestDeadlines(list, prefs, '2027-03-08').map((x) => x.key)).toEqual(['soon', 'edge']);
  });
});
