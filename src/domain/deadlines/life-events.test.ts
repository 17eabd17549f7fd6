import { describe, expect, it } from 'vitest';
import { calculate, calculateDeadlines, calculateEventDeadlines, DeadlineInputError } from './index.ts';
import { weekday } from './calendar.ts';
import { isBusinessDay } from './business-days.ts';
import type { LifeDeadline } from './types.ts';

const row = (d: LifeDeadline) => [d.kind, d.opens, d.due, d.due_effective, d.surcharge_until, d.extendable, d.max_extended_due];
const byKind = (list: LifeDeadline[], kind: string) => list.find((d) => d.kind === kind)!;

describe('grant: maintenance fees (35 U.S.C. 41(b); 37 CFR 1.362(d), (e))', () => {
  it('granted 2020-08-31: month-end clamp to Feb 29, surcharge end rolled over Labor Day weekend', () => {
    const r = calculateEventDeadlines({ action: 'grant', mailingDate: '2020-08-31' });
    expect(r.deadlines.map(row)).toEqual([
      ['maintenance_fee_3_5', '2023-08-31', '2024-02-29', '2024-02-29', '2024-09-03', false, null], // 2024-08-31 Sat, 09-01 Sun, 09-02 Labor Day
      ['maintenance_fee_7_5', '2027-08-31', '2028-02-29', '2028-02-29', '2028-08-31', false, null],
      ['maintenance_fee_11_5', '2031-08-31', '2032-02-29', '2032-03-01', '2032-08-31', false, null], // 2032-02-29 is a Sunday
      ['continuation_copendency', null, '2020-08-31', '2020-08-31', null, false, null],
    ]);
    expect(weekday('2032-02-29')).toBe(0);
  });

  it('a federal holiday: granted Tuesday 2022-07-19 -> 3.5 years 2026-01-19, Martin Luther King Jr. Day -> 01-20; grace end 2026-07-19 (Sun) -> 07-20', () => {
    const r = calculateEventDeadlines({ action: 'grant', mailingDate: '2022-07-19' });
    expect(row(byKind(r.deadlines, 'maintenance_fee_3_5'))).toEqual([
      'maintenance_fee_3_5',
      '2025-07-19',
      '2026-01-19',
      '2026-01-20',
      '2026-07-20',
      false,
      null,
    ]);
    expect(r.citations.find((c) => c.field === 'deadlines[0].due_effective')?.text).toMatch(/Martin Luther King/);
  });

  it('design and plant patents owe no maintenance fees; the copendency date stays', () => {
    for (const applicationType of ['design', 'plant'] as const) {
      const r = calculateEventDeadlines({ action: 'grant', mailingDate: '2024-06-04', applicationType });
      expect(r.deadlines.map((d) => d.kind)).toEqual(['continuation_copendency']);
      expect(r.notes.join(' ')).toMatch(/no maintenance fees/);
    }
    const utility = calculateEventDeadlines({ action: 'grant', mailingDate: '2024-06-04' });
    expect(utility.notes.join(' ')).toMatch(/29\/\.\.\./);
    expect(utility.notes.join(' ')).toMatch(/reissue/i);
  });
});

describe('notice_of_allowance: issue fee and copendency', () => {
  it('keeps the Office-action fields and adds issue_fee and continuation_copendency', () => {
    const r = calculateDeadlines({ action: 'notice_of_allowance', mailingDate: '2026-08-14' });
    expect(r.ssp_due).toBe('2026-11-14');
    expect(r.ssp_due_effective).toBe('2026-11-16');
    expect(r.deadlines.map(row)).toEqual([
      ['issue_fee', null, '2026-11-14', '2026-11-16', null, false, null], // Saturday -> Monday
      ['continuation_copendency', null, '2026-11-14', '2026-11-16', null, false, null],
    ]);
    expect(r.deadlines[0]!.citation).toMatch(/35 U\.S\.C\. 151\(a\); 37 CFR 1\.311\(a\)/);
    expect(r.notes.join(' ')).toMatch(/issue date.*copending/);
    // The Office-action fields' citations are unchanged: the entries carry their own.
    expect(r.citations.some((c) => c.field.startsWith('deadlines'))).toBe(false);
  });

  it('a federal holiday: mailed 2026-08-11 -> 2026-11-11 Veterans Day -> 11-12', () => {
    const r = calculateDeadlines({ action: 'notice_of_allowance', mailingDate: '2026-08-11' });
    expect(byKind(r.deadlines, 'issue_fee').due_effective).toBe('2026-11-12');
  });
});

describe('Office actions: one response entry from the existing fields', () => {
  it('non-final mailed 2026-07-10', () => {
    const r = calculateDeadlines({ action: 'non_final', mailingDate: '2026-07-10' });
    expect(r.deadlines).toEqual([
      {
        kind: 'response',
        opens: null,
        due: r.ssp_due,
        due_effective: r.ssp_due_effective,
        surcharge_until: null,
        extendable: true,
        max_extended_due: r.critical_deadline_date,
        citation: expect.stringContaining('MPEP 710.02(b)'),
      },
    ]);
    expect(r.ssp_due_effective).toBe('2026-10-13'); // Saturday, then Columbus Day
  });
});

describe('notice_of_appeal: appeal brief (37 CFR 41.37(a); 1.136(a))', () => {
  it('filed 2026-01-15: due 03-15 (Sun) -> 03-16; extended to 7 months, 08-15 (Sat) -> 08-17', () => {
    const r = calculateEventDeadlines({ action: 'notice_of_appeal', mailingDate: '2026-01-15', entity: 'small', today: '2026-01-20' });
    expect(r.deadlines.map(row)).toEqual([['appeal_brief', null, '2026-03-15', '2026-03-16', null, true, '2026-08-17']]);
    expect(r.deadlines[0]!.citation).toMatch(/41\.37\(a\).*1\.136\(a\)/);
    expect(r.extensions!.map((e) => [e.months, e.due, e.due_effective, e.fee_for_entity])).toEqual([
      [1, '2026-04-15', '2026-04-15', '94.00'],
      [2, '2026-05-15', '2026-05-15', '276.00'],
      [3, '2026-06-15', '2026-06-15', '636.00'],
      [4, '2026-07-15', '2026-07-15', '998.00'],
      [5, '2026-08-15', '2026-08-17', '1358.00'],
    ]);
    expect(r.fee_schedule?.effective).toBe('2025-01-19');
  });

  it('Independence Day: filed 2026-05-04 -> 07-04 (Sat; observed Fri 07-03) -> Mon 07-06', () => {
    const r = calculateEventDeadlines({ action: 'notice_of_appeal', mailingDate: '2026-05-04' });
    expect(r.deadlines[0]!.due).toBe('2026-07-04');
    expect(r.deadlines[0]!.due_effective).toBe('2026-07-06');
  });
});

describe('examiners_answer: reply brief and oral hearing (not extendable under 1.136(a))', () => {
  it('mailed 2026-03-16: due 05-16 (Sat) -> 05-18', () => {
    const r = calculateEventDeadlines({ action: 'examiners_answer', mailingDate: '2026-03-16' });
    expect(r.deadlines.map(row)).toEqual([
      ['reply_brief', null, '2026-05-16', '2026-05-18', null, false, null],
      ['oral_hearing_request', null, '2026-05-16', '2026-05-18', null, false, null],
    ]);
    expect(r.deadlines[0]!.citation).toMatch(/41\.41\(a\).*1\.136\(a\) does not apply.*1\.136\(b\)/);
    expect(r.deadlines[1]!.citation).toMatch(/41\.47\(b\)/);
    expect(r.extensions).toBeNull();
  });

  it('a federal holiday: mailed 2026-03-25 -> 05-25 Memorial Day -> 05-26', () => {
    expect(calculateEventDeadlines({ action: 'examiners_answer', mailingDate: '2026-03-25' }).deadlines[0]!.due_effective).toBe('2026-05-26');
  });
});

describe('provisional_filing: 35 U.S.C. 119(e); restoration 37 CFR 1.78(b)', () => {
  it('filed 2025-07-04: 12 months 2026-07-04 (Sat; Independence Day observed Fri 07-03) -> Mon 07-06; 14 months 09-04', () => {
    const r = calculateEventDeadlines({ action: 'provisional_filing', mailingDate: '2025-07-04' });
    expect(r.deadlines.map(row)).toEqual([['nonprovisional_claiming_provisional', null, '2026-07-04', '2026-07-06', null, false, '2026-09-04']]);
    expect(r.deadlines[0]!.citation).toMatch(/1\.78\(b\)/);
  });

  it('month-end clamp: filed 2024-02-29 -> 2025-02-28; restoration 2025-04-29', () => {
    const d = calculateEventDeadlines({ action: 'provisional_filing', mailingDate: '2024-02-29' }).deadlines[0]!;
    expect([d.due, d.due_effective, d.max_extended_due]).toEqual(['2025-02-28', '2025-02-28', '2025-04-29']);
  });

  it('a design cannot claim a provisional', () => {
    const r = calculateEventDeadlines({ action: 'provisional_filing', mailingDate: '2025-07-04', applicationType: 'design' });
    expect(r.deadlines).toEqual([]);
  });
});

describe('foreign_filing: 35 U.S.C. 119(a); 37 CFR 1.55', () => {
  it('filed 2025-01-11: 2026-01-11 (Sun) -> 01-12; restoration to 2026-03-11', () => {
    const r = calculateEventDeadlines({ action: 'foreign_filing', mailingDate: '2025-01-11' });
    expect(r.deadlines.map(row)).toEqual([['us_filing_claiming_foreign_priority', null, '2026-01-11', '2026-01-12', null, false, '2026-03-11']]);
  });

  it('a federal holiday: filed 2025-01-19 -> 2026-01-19 Martin Luther King Jr. Day -> 01-20', () => {
    expect(calculateEventDeadlines({ action: 'foreign_filing', mailingDate: '2025-01-19' }).deadlines[0]!.due_effective).toBe('2026-01-20');
  });

  it('design: six months, no restoration (35 U.S.C. 172)', () => {
    const r = calculateEventDeadlines({ action: 'foreign_filing', mailingDate: '2025-12-25', applicationType: 'design' });
    expect(r.deadlines.map(row)).toEqual([['us_filing_claiming_foreign_priority', null, '2026-06-25', '2026-06-25', null, false, null]]);
  });
});

describe('pct_priority: 35 U.S.C. 371(b); 37 CFR 1.495(b)', () => {
  it('priority 2024-05-15 -> 30 months 2026-11-15 (Sun) -> 11-16', () => {
    const r = calculateEventDeadlines({ action: 'pct_priority', mailingDate: '2024-05-15' });
    expect(r.deadlines.map(row)).toEqual([['us_national_stage', null, '2026-11-15', '2026-11-16', null, false, null]]);
    expect(r.notes.join(' ')).toMatch(/1\.137/);
  });

  it('month-end clamp and Christmas: priority 2024-06-25 -> 2026-12-25 -> 12-28; 2023-08-31 -> 2026-02-28 (Sat) -> 03-02', () => {
    expect(calculateEventDeadlines({ action: 'pct_priority', mailingDate: '2024-06-25' }).deadlines[0]!.due_effective).toBe('2026-12-28');
    const d = calculateEventDeadlines({ action: 'pct_priority', mailingDate: '2023-08-31' }).deadlines[0]!;
    expect([d.due, d.due_effective]).toEqual(['2026-02-28', '2026-03-02']);
  });
});

describe('event results', () => {
  it('Office-action fields are null, citations cover each deadline date', () => {
    const r = calculate({ action: 'pct_priority', mailingDate: '2024-05-15', today: '2026-01-01' });
    expect(r).toMatchObject({
      action: 'pct_priority',
      mailing_date: '2024-05-15',
      period_type: null,
      ssp_due: null,
      response_deadline: null,
      critical_deadline_date: null,
      extensions: null,
      computed_on: '2026-01-01',
    });
    expect(r.citations.map((c) => c.field)).toEqual(expect.arrayContaining(['mailing_date', 'deadlines[0].due', 'deadlines[0].due_effective']));
  });

  it('every effective date is a business day', () => {
    for (const action of ['grant', 'notice_of_appeal', 'examiners_answer', 'provisional_filing', 'foreign_filing', 'pct_priority'] as const) {
      for (let day = 1; day <= 28; day += 3) {
        const r = calculateEventDeadlines({ action, mailingDate: `2026-0${(day % 9) + 1}-${String(day).padStart(2, '0')}` });
        for (const d of r.deadlines) {
          if (d.kind !== 'continuation_copendency') expect(isBusinessDay(d.due_effective), `${action} ${d.kind} ${d.due_effective}`).toBe(true);
          if (d.surcharge_until) expect(isBusinessDay(d.surcharge_until)).toBe(true);
          if (d.max_extended_due) expect(isBusinessDay(d.max_extended_due)).toBe(true);
        }
      }
    }
  });

  it('Office-action inputs are refused for an event, naming the field', () => {
    expect(() => calculateEventDeadlines({ action: 'grant', mailingDate: '2024-01-02', periodMonths: 3 } as never)).toThrow(DeadlineInputError);
    expect(() => calculateEventDeadlines({ action: 'grant', mailingDate: '2024-02-30' })).toThrow(/mailingDate/);
    expect(() => calculateEventDeadlines({ action: 'grant', mailingDate: '2024-01-02', applicationType: 'sui' as never })).toThrow(/applicationType/);
  });
});
