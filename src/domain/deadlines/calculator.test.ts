import { describe, expect, it } from 'vitest';
import { calculateDeadlines } from './index.ts';

describe('non-final rejection (CTNF), 3-month SSP', () => {
  it('mailed 2026-08-10, large entity', () => {
    const r = calculateDeadlines({ action: 'non_final', mailingDate: '2026-08-10', entity: 'large' });
    expect(r).toMatchObject({
      action: 'non_final',
      mailing_date: '2026-08-10',
      period_type: 'shortened_statutory',
      ssp_months: 3,
      period_source: 'default',
      extendable: true,
      ssp_due: '2026-11-10',
      ssp_due_effective: '2026-11-10',
      statutory_bar: '2027-02-10',
      statutory_bar_effective: '2027-02-10',
      max_period_1136a: null,
      abandonment_date_if_no_reply: '2026-11-11',
      response_deadline: '2026-11-10',
      critical_deadline_date: '2027-02-10',
      reply_within_2_months: null,
      two_month_date: null,
      extension_base: null,
      entity: 'large',
      computed_on: '2026-08-10',
    });
    expect(r.extensions.map((e) => [e.months, e.due, e.due_effective, e.fee?.large, e.fee_for_entity])).toEqual([
      [1, '2026-12-10', '2026-12-10', '235.00', '235.00'],
      [2, '2027-01-10', '2027-01-11', '690.00', '690.00'], // Sunday -> Monday
      [3, '2027-02-10', '2027-02-10', '1590.00', '1590.00'],
    ]);
  });
});

describe('MPEP 710.01(a) worked examples through the calculator', () => {
  it('Nov 30 -> Feb 28, and Feb 29 in a leap year', () => {
    expect(calculateDeadlines({ action: 'non_final', mailingDate: '2025-11-30' }).ssp_due).toBe('2026-02-28');
    expect(calculateDeadlines({ action: 'non_final', mailingDate: '2027-11-30' }).ssp_due).toBe('2028-02-29');
  });

  it('Feb 28 -> May 28, not May 31', () => {
    expect(calculateDeadlines({ action: 'non_final', mailingDate: '2026-02-28' }).ssp_due).toBe('2026-05-28');
  });

  it('Jan 31 -> Apr 30; 1-month extension -> May 31, not May 30', () => {
    const r = calculateDeadlines({ action: 'non_final', mailingDate: '2026-01-31' });
    expect(r.ssp_due).toBe('2026-04-30');
    expect(r.extensions[0]?.due).toBe('2026-05-31');
  });

  it('Aug 31 -> Nov 30; extensions Dec 31, Jan 31, Feb 28', () => {
    const r = calculateDeadlines({ action: 'non_final', mailingDate: '2026-08-31' });
    expect(r.ssp_due).toBe('2026-11-30');
    expect(r.extensions.map((e) => e.due)).toEqual(['2026-12-31', '2027-01-31', '2027-02-28']);
  });

  it('"The fact that April 30 may have been a Saturday ... has no effect on the extension of time"', () => {
    // 2022-04-30 was a Saturday.
    const r = calculateDeadlines({ action: 'non_final', mailingDate: '2022-01-31' });
    expect(r.ssp_due).toBe('2022-04-30');
    expect(r.ssp_due_effective).toBe('2022-05-02');
    expect(r.extensions[0]?.due).toBe('2022-05-31');
    expect(r.extensions[0]?.due_effective).toBe('2022-05-31');
  });

  it('abandonment is the calendar day after the effective last day, even a Saturday', () => {
    const r = calculateDeadlines({ action: 'non_final', mailingDate: '2026-08-13' });
    expect(r.ssp_due_effective).toBe('2026-11-13'); // Friday
    expect(r.abandonment_date_if_no_reply).toBe('2026-11-14'); // Saturday
    const rolled = calculateDeadlines({ action: 'non_final', mailingDate: '2026-08-14' });
    expect(rolled.ssp_due).toBe('2026-11-14');
    expect(rolled.ssp_due_effective).toBe('2026-11-16');
    expect(rolled.abandonment_date_if_no_reply).toBe('2026-11-17');
  });

  it('each date rolls on its own: a rolled SSP does not shift the extensions', () => {
    // SSP 2026-10-10 (Saturday, then Columbus Day) -> 10-13; EOTs stay on the 10th.
    const r = calculateDeadlines({ action: 'non_final', mailingDate: '2026-07-10' });
    expect(r.ssp_due_effective).toBe('2026-10-13');
    expect(r.extensions.map((e) => e.due)).toEqual(['2026-11-10', '2026-12-10', '2027-01-10']);
    expect(r.extensions.map((e) => e.due_effective)).toEqual(['2026-11-10', '2026-12-10', '2027-01-11']);
  });
});

describe('periods by kind (deadline-rules.md section 2)', () => {
  const twoMonthKinds = ['restriction', 'requirement_for_information', 'quayle', 'non_compliant_amendment'] as const;
  for (const action of twoMonthKinds) {
    it(`${action}: 2-month SSP, four extension months, six-month bar`, () => {
      const r = calculateDeadlines({ action, mailingDate: '2026-03-16' });
      expect(r.ssp_months).toBe(2);
      expect(r.ssp_due).toBe('2026-05-16');
      expect(r.ssp_due_effective).toBe('2026-05-18');
      expect(r.extensions.map((e) => e.due)).toEqual(['2026-06-16', '2026-07-16', '2026-08-16', '2026-09-16']);
      expect(r.statutory_bar).toBe('2026-09-16');
      expect(r.critical_deadline_date).toBe('2026-09-16');
      expect(r.extensions[3]?.fee?.large).toBe('2495.00');
    });
  }

  it('non_compliant_amendment notes that after a final no new period is set', () => {
    const r = calculateDeadlines({ action: 'non_compliant_amendment', mailingDate: '2026-03-16' });
    expect(r.notes.join(' ')).toMatch(/final rejection's period keeps running/);
  });

  it('missing parts: non-statutory, five extension months, seven-month maximum, no statutory bar', () => {
    const r = calculateDeadlines({ action: 'missing_parts', mailingDate: '2026-01-31' });
    expect(r.period_type).toBe('non_statutory');
    expect(r.ssp_due).toBe('2026-03-31');
    expect(r.statutory_bar).toBeNull();
    expect(r.statutory_bar_effective).toBeNull();
    expect(r.max_period_1136a).toBe('2026-08-31');
    expect(r.max_period_1136a_effective).toBe('2026-08-31');
    expect(r.extensions.map((e) => [e.months, e.due, e.due_effective])).toEqual([
      [1, '2026-04-30', '2026-04-30'],
      [2, '2026-05-31', '2026-06-01'],
      [3, '2026-06-30', '2026-06-30'],
      [4, '2026-07-31', '2026-07-31'],
      [5, '2026-08-31', '2026-08-31'],
    ]);
    expect(r.extensions[4]?.fee).toEqual({ large: '3395.00', small: '1358.00', micro: '679.00' });
    expect(r.critical_deadline_date).toBe('2026-08-31');
  });

  it('notice of allowance: 3 months, not extendable, the 3-month date is the statutory limit', () => {
    const r = calculateDeadlines({ action: 'notice_of_allowance', mailingDate: '2026-01-31' });
    expect(r.period_type).toBe('statutory');
    expect(r.extendable).toBe(false);
    expect(r.extensions).toEqual([]);
    expect(r.ssp_due).toBe('2026-04-30');
    expect(r.statutory_bar).toBe('2026-04-30');
    expect(r.critical_deadline_date).toBe(r.response_deadline);
    expect(r.citations.find((c) => c.field === 'statutory_bar')?.rule).toContain('37 CFR 1.311(a)');
  });

  it('a stated period overrides the default (restriction with an action on the merits: 3 months)', () => {
    const r = calculateDeadlines({ action: 'restriction', mailingDate: '2026-03-16', periodMonths: 3 });
    expect(r.period_source).toBe('stated');
    expect(r.ssp_due).toBe('2026-06-16');
    expect(r.extensions).toHaveLength(3);
  });

  it('a six-month stated period leaves nothing to extend', () => {
    const r = calculateDeadlines({ action: 'non_final', mailingDate: '2026-03-16', periodMonths: 6 });
    expect(r.extendable).toBe(false);
    expect(r.extensions).toEqual([]);
    expect(r.ssp_due).toBe(r.statutory_bar);
    expect(r.critical_deadline_date).toBe(r.response_deadline);
  });

  it('a one-month shortened statutory period is never less than thirty days (35 U.S.C. 133)', () => {
    const r = calculateDeadlines({ action: 'restriction', mailingDate: '2026-01-31', periodMonths: 1 });
    expect(r.ssp_due).toBe('2026-03-02'); // Feb 28 would be 28 days
    expect(r.extensions[0]?.due).toBe('2026-03-31');
    expect(r.extensions).toHaveLength(5);
    expect(r.citations.find((c) => c.field === 'ssp_due')?.rule).toContain('35 U.S.C. 133');
    const missing = calculateDeadlines({ action: 'missing_parts', mailingDate: '2026-01-31', periodMonths: 1 });
    expect(missing.ssp_due).toBe('2026-02-28'); // not a 35 U.S.C. 133 period
  });
});

describe('citations', () => {
  it('names the rule behind every date, and explains a roll', () => {
    const r = calculateDeadlines({ action: 'non_final', mailingDate: '2026-08-10' });
    const byField = new Map(r.citations.map((c) => [c.field, c]));
    expect(byField.get('ssp_due')?.rule).toContain('MPEP 710.01(a)');
    expect(byField.get('extensions[1].due')?.rule).toContain('37 CFR 1.136(a)');
    expect(byField.get('extensions[1].due')?.rule).toContain('37 CFR 1.17(a)(2)');
    expect(byField.get('extensions[1].due_effective')?.rule).toContain('35 U.S.C. 21(b)');
    expect(byField.get('extensions[1].due_effective')?.text).toContain('2027-01-10 Sunday');
    expect(byField.get('statutory_bar')?.rule).toContain('35 U.S.C. 133');
    expect(byField.get('abandonment_date_if_no_reply')?.rule).toContain('MPEP 711.04(a)');
    expect(r.extensions[0]?.citation).toContain('37 CFR 1.136(a)');
  });

  it('names the holiday or closure a date was rolled over', () => {
    const r = calculateDeadlines({ action: 'non_final', mailingDate: '2025-09-24' }); // SSP 2025-12-24
    expect(r.ssp_due_effective).toBe('2025-12-29');
    const c = r.citations.find((x) => x.field === 'ssp_due_effective');
    expect(c?.rule).toContain('MPEP 510');
    expect(c?.text).toContain('Christmas Day');
    expect(c?.text).toContain('USPTO closed');
  });
});
