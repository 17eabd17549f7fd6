import { describe, expect, it } from 'vitest';
import { calculateDeadlines } from './index.ts';

const dues = (r: ReturnType<typeof calculateDeadlines>) => r.extensions.map((e) => [e.due, e.due_effective]);

// Worked example of deadline-rules.md section 6: final mailed Mon 2026-08-03; 2-month date
// Sat 2026-10-03 -> Mon 10-05; first reply 2026-09-25; 6-month date Wed 2027-02-03.
describe('final rejection, MPEP 706.07(f)', () => {
  const F = '2026-08-03';

  it('advisory action before the three-month date: SSP stays at three months', () => {
    const r = calculateDeadlines({ action: 'final', mailingDate: F, replyFiledDate: '2026-09-25', advisoryDate: '2026-10-20' });
    expect(r.two_month_date).toBe('2026-10-03');
    expect(r.two_month_date_effective).toBe('2026-10-05');
    expect(r.reply_within_2_months).toBe(true);
    expect(r.statutory_bar).toBe('2027-02-03');
    expect(r.ssp_due).toBe('2026-11-03');
    expect(r.extension_base).toBe('mailing_date');
    expect(dues(r)).toEqual([
      ['2026-12-03', '2026-12-03'],
      ['2027-01-03', '2027-01-04'],
      ['2027-02-03', '2027-02-03'],
    ]);
  });

  it('advisory action after the three-month date: SSP is the advisory date; EOTs from it, the last capped', () => {
    const r = calculateDeadlines({ action: 'final', mailingDate: F, replyFiledDate: '2026-09-25', advisoryDate: '2026-11-18', entity: 'small' });
    expect(r.ssp_due).toBe('2026-11-18');
    expect(r.ssp_due_effective).toBe('2026-11-18');
    expect(r.response_deadline).toBe('2026-11-18');
    expect(r.extension_base).toBe('advisory_action_date');
    expect(dues(r)).toEqual([
      ['2026-12-18', '2026-12-18'],
      ['2027-01-18', '2027-01-19'], // MLK Day
      ['2027-02-03', '2027-02-03'], // capped at the six-month date
    ]);
    expect(r.extensions.map((e) => e.capped_at_statutory_bar)).toEqual([false, false, true]);
    expect(r.extensions[2]?.fee_for_entity).toBe('636.00'); // the full third month's fee
    expect(r.extensions[2]?.citation).toContain('MPEP 706.07(f)');
    expect(r.critical_deadline_date).toBe('2027-02-03');
    expect(r.abandonment_date_if_no_reply).toBe('2026-11-19');
  });

  it('no reply within two months: three-month SSP whatever the advisory date', () => {
    for (const reply of ['2026-10-06', '2026-10-30']) {
      const r = calculateDeadlines({ action: 'final', mailingDate: F, replyFiledDate: reply, advisoryDate: '2026-11-18' });
      expect(r.reply_within_2_months).toBe(false);
      expect(r.ssp_due).toBe('2026-11-03');
      expect(r.extension_base).toBe('mailing_date');
      expect(dues(r)).toEqual([
        ['2026-12-03', '2026-12-03'],
        ['2027-01-03', '2027-01-04'],
        ['2027-02-03', '2027-02-03'],
      ]);
    }
  });

  it('no reply at all: three-month SSP, reply_within_2_months null', () => {
    const r = calculateDeadlines({ action: 'final', mailingDate: F });
    expect(r.reply_within_2_months).toBeNull();
    expect(r.ssp_due).toBe('2026-11-03');
    expect(r.two_month_date).toBe('2026-10-03');
    expect(r.provisional_pending_advisory_action).toBe(false);
  });

  it('a reply on the rolled two-month date counts as within two months (37 CFR 1.7(a))', () => {
    const r = calculateDeadlines({ action: 'final', mailingDate: F, replyFiledDate: '2026-10-05', advisoryDate: '2026-11-18' });
    expect(r.reply_within_2_months).toBe(true);
    expect(r.ssp_due).toBe('2026-11-18');
  });

  it('reply within two months, advisory action not yet mailed: provisional three-month date', () => {
    const r = calculateDeadlines({ action: 'final', mailingDate: F, replyFiledDate: '2026-09-25' });
    expect(r.provisional_pending_advisory_action).toBe(true);
    expect(r.ssp_due).toBe('2026-11-03');
    expect(r.notes.join(' ')).toMatch(/Provisional/);
  });

  it('advisory action after the six-month date: the period ends at six months, no extension', () => {
    const r = calculateDeadlines({ action: 'final', mailingDate: F, replyFiledDate: '2026-09-25', advisoryDate: '2027-02-10' });
    expect(r.ssp_due).toBe('2027-02-03');
    expect(r.extensions).toEqual([]);
    expect(r.extendable).toBe(false);
    expect(r.critical_deadline_date).toBe('2027-02-03');
  });

  it('advisory action mailed on the rolled three-month date: literal SSP, earlier extension dates docketed', () => {
    // Final 2026-07-10; three-month date Sat 2026-10-10 rolls over Columbus Day to Tue 10-13.
    const r = calculateDeadlines({ action: 'final', mailingDate: '2026-07-10', replyFiledDate: '2026-09-01', advisoryDate: '2026-10-13' });
    expect(r.ssp_due).toBe('2026-10-13');
    expect(r.response_deadline).toBe('2026-10-13');
    expect(r.extension_base).toBe('mailing_date');
    expect(dues(r)).toEqual([
      ['2026-11-10', '2026-11-10'],
      ['2026-12-10', '2026-12-10'],
      ['2027-01-10', '2027-01-11'],
    ]);
    expect(r.alternative_extensions?.map((e) => [e.due, e.due_effective])).toEqual([
      ['2026-11-13', '2026-11-13'],
      ['2026-12-13', '2026-12-14'],
      ['2027-01-10', '2027-01-11'],
    ]);
    expect(r.notes.join(' ')).toMatch(/alternative_extensions/);
  });

  it('the two-month rule applies only to a three-month SSP', () => {
    const r = calculateDeadlines({ action: 'final', mailingDate: F, periodMonths: 2, replyFiledDate: '2026-09-25', advisoryDate: '2026-11-18' });
    expect(r.ssp_due).toBe('2026-10-03');
    expect(r.two_month_date).toBeNull();
    expect(r.reply_within_2_months).toBeNull();
    expect(r.extensions).toHaveLength(4);
  });

  it('an advisory date without the reply date is noted and not applied', () => {
    const r = calculateDeadlines({ action: 'final', mailingDate: F, advisoryDate: '2026-11-18' });
    expect(r.ssp_due).toBe('2026-11-03');
    expect(r.notes.join(' ')).toMatch(/first reply's filing date/);
  });

  it('month-end final: Nov 30 -> Feb 28 SSP, extensions from Nov 30', () => {
    const r = calculateDeadlines({ action: 'final', mailingDate: '2026-11-30' });
    expect(r.ssp_due).toBe('2027-02-28');
    expect(r.extensions.map((e) => e.due)).toEqual(['2027-03-30', '2027-04-30', '2027-05-30']);
    expect(r.statutory_bar).toBe('2027-05-30');
  });

  it('drops a capped month that rolls to the same last day as the month before it', () => {
    // Six-month date Sun 1990-07-01; 1st extension month ends Sat 1990-06-30: both roll to Mon 07-02.
    const r = calculateDeadlines({ action: 'final', mailingDate: '1990-01-01', replyFiledDate: '1990-01-01', advisoryDate: '1990-05-30' });
    expect(r.ssp_due).toBe('1990-05-30');
    expect(dues(r)).toEqual([['1990-06-30', '1990-07-02']]);
    expect(r.critical_deadline_date).toBe('1990-07-02');
    expect(r.statutory_bar_effective).toBe('1990-07-02');
    expect(r.notes.join(' ')).toMatch(/buys no time/);
  });
});
