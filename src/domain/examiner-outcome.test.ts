import { describe, expect, it } from 'vitest';
import { applicationOutcome, type ClassifiedEvent, type OutcomeInput } from './examiner-outcome.ts';

const ev = (kind: string, date: string, isMailEvent = false): ClassifiedEvent => ({ kind, date, isMailEvent });
const interview = (date: string, initiator: 'applicant' | 'examiner' | 'unknown'): ClassifiedEvent => ({
  kind: 'interview',
  date,
  isMailEvent: false,
  initiator,
});
const rce = (code: string, date: string): ClassifiedEvent => ({ kind: 'rce', date, isMailEvent: false, code });
const base: OutcomeInput = { state: 'pending', statusCode: null, statusDate: '2020-01-01', grantDate: null, events: [] };

describe('applicationOutcome', () => {
  it('patented → allowed on the grant date; rejections counted once per mailed action', () => {
    const out = applicationOutcome({
      ...base,
      state: 'patented',
      statusCode: 150,
      grantDate: '2020-09-08',
      events: [
        ev('non_final', '2016-10-19'),
        ev('non_final', '2016-10-25', true),
        ev('final', '2017-07-31'),
        ev('final', '2017-08-09', true),
        rce('RCEX', '2018-06-01'),
        rce('BRCE', '2018-06-01'),
        rce('ABN9', '2019-04-03'),
        ev('non_final', '2019-04-09'),
        ev('final', '2020-01-13'),
        interview('2020-04-22', 'applicant'),
        ev('allowance', '2020-04-22'),
      ],
    });
    // Actions run from the first action to allowance across the RCE; the RCE's three events are one RCE.
    expect(out).toEqual({ outcome: 'allowed', disposalDate: '2020-09-08', actionsToAllowance: 4, rcesToAllowance: 1, hasInterview: true });
  });

  it('interview success counts applicant-initiated interviews only, on or before the decision', () => {
    const allowed = { ...base, state: 'patented' as const, statusCode: 150, grantDate: '2020-09-08' };
    // The examiner's own call before allowance (uspto-data.md §4 worked example: EXET, then allowance).
    expect(applicationOutcome({ ...allowed, events: [interview('2020-04-22', 'examiner'), ev('allowance', '2020-04-22')] }).hasInterview).toBe(false);
    expect(applicationOutcome({ ...allowed, events: [interview('2020-04-22', 'unknown'), ev('allowance', '2020-04-22')] }).hasInterview).toBe(false);
    // An applicant's interview after the Notice of Allowance did not lead to it.
    expect(applicationOutcome({ ...allowed, events: [ev('allowance', '2020-04-22'), interview('2020-06-01', 'applicant')] }).hasInterview).toBe(false);
    expect(applicationOutcome({ ...allowed, events: [interview('2020-03-01', 'applicant'), ev('allowance', '2020-04-22')] }).hasInterview).toBe(true);
    // Abandoned: interviews up to the disposal date.
    const abandoned = { ...base, state: 'abandoned' as const, statusCode: 161, statusDate: '2019-11-20' };
    expect(applicationOutcome({ ...abandoned, events: [interview('2019-06-01', 'applicant')] }).hasInterview).toBe(true);
    expect(applicationOutcome({ ...abandoned, events: [interview('2020-02-01', 'applicant')] }).hasInterview).toBe(false);
  });

  it('counts each RCE once (RCEX, BRCE and ABN9 are one RCE), up to the allowance', () => {
    const out = applicationOutcome({
      ...base,
      state: 'patented',
      statusCode: 150,
      events: [
        rce('RCEX', '2018-06-01'),
        rce('BRCE', '2018-06-01'),
        rce('RCEX', '2019-06-01'),
        rce('ABN9', '2019-07-01'),
        ev('allowance', '2020-01-01'),
        rce('RCEX', '2020-03-01'),
      ],
    });
    expect(out.rcesToAllowance).toBe(2);
    expect(applicationOutcome({ ...base, state: 'abandoned', statusCode: 161, events: [rce('RCEX', '2018-06-01')] }).rcesToAllowance).toBe(0);
  });

  it('counts mail-only histories too (max of the pair, not the sum)', () => {
    const out = applicationOutcome({
      ...base,
      state: 'patented',
      statusCode: 150,
      events: [ev('non_final', '2018-01-10', true), ev('final', '2018-08-01', true), ev('allowance', '2019-01-01')],
    });
    expect(out.actionsToAllowance).toBe(2);
  });

  it('ignores rejections after the last allowance', () => {
    const out = applicationOutcome({
      ...base,
      state: 'patented',
      statusCode: 150,
      events: [ev('non_final', '2018-01-10'), ev('allowance', '2019-01-01'), ev('non_final', '2019-06-01')],
    });
    expect(out.actionsToAllowance).toBe(1);
  });

  it('164 (issue fee not paid) counts as allowed', () => {
    expect(applicationOutcome({ ...base, state: 'abandoned', statusCode: 164, events: [ev('non_final', '2018-01-10')] })).toMatchObject({
      outcome: 'allowed',
      actionsToAllowance: 1,
      disposalDate: '2020-01-01',
    });
  });

  it.each([160, 169, 159])('status %i is not an examination outcome', (code) => {
    expect(applicationOutcome({ ...base, state: 'abandoned', statusCode: code }).outcome).toBe('excluded');
  });

  it('161 is abandoned; allowed-not-issued (93) and docketed cases are pending', () => {
    expect(applicationOutcome({ ...base, state: 'abandoned', statusCode: 161 })).toMatchObject({
      outcome: 'abandoned',
      disposalDate: '2020-01-01',
      actionsToAllowance: 0,
    });
    expect(applicationOutcome({ ...base, state: 'allowed', statusCode: 93 }).outcome).toBe('pending');
    expect(applicationOutcome({ ...base, state: 'pending', statusCode: 30 }).outcome).toBe('pending');
  });

  it('an ABN9 (classified as an RCE) never makes an application abandoned', () => {
    expect(applicationOutcome({ ...base, state: 'pending', statusCode: 30, events: [ev('rce', '2019-04-03')] }).outcome).toBe('pending');
  });
});
