import { describe, expect, it } from 'vitest';
import { idsClaimProblem, idsTiming, type IdsDocket } from './ids-timing.ts';

// Filed Monday 2025-03-03: three months end Tuesday 2025-06-03.
const filed: IdsDocket = { filing_date: '2025-03-03', actions: [], rce_dates: [], issue_fee_paid: null };
const ctnf = { kind: 'non_final' as const, mailing_date: '2025-09-10' };
const ctfr = { kind: 'final' as const, mailing_date: '2026-02-10' };
const noa = { kind: 'notice_of_allowance' as const, mailing_date: '2026-05-01' };

describe('IDS timing, 37 CFR 1.97', () => {
  it('(b): within three months of filing, even after a first action on the merits', () => {
    const r = idsTiming({ ...filed, actions: [{ kind: 'non_final', mailing_date: '2025-05-01' }] }, '2025-06-03', 'small');
    expect(r).toMatchObject({ window: '1.97(b)', requirement: 'none', fee: null, basis: { three_months_after_filing: '2025-06-03' } });
  });

  it('(b): three months that end on a weekend run to the next business day (35 U.S.C. 21(b))', () => {
    // Filed 2025-03-08 (Saturday): three months end Sunday 2025-06-08, rolled to Monday 06-09.
    const r = idsTiming({ ...filed, filing_date: '2025-03-08', actions: [{ kind: 'non_final', mailing_date: '2025-05-01' }] }, '2025-06-09', 'large');
    expect(r.window).toBe('1.97(b)');
    expect(idsTiming({ ...filed, filing_date: '2025-03-08', actions: [{ kind: 'non_final', mailing_date: '2025-05-01' }] }, '2025-06-10', 'large').window).toBe(
      '1.97(c)',
    );
  });

  it('(b): later, before the first action on the merits; a restriction requirement is not one', () => {
    const r = idsTiming({ ...filed, actions: [{ kind: 'restriction', mailing_date: '2025-08-01' }] }, '2025-09-01', 'large');
    expect(r.window).toBe('1.97(b)');
    expect(r.explanation).toMatch(/no first Office action on the merits/);
  });

  it('(c) on the mailing day of the first action on the merits ("before the mailing" excludes it) and after, with the 1.17(p) fee for the entity', () => {
    expect(idsTiming({ ...filed, actions: [ctnf] }, '2025-09-09', 'small').window).toBe('1.97(b)');
    const r = idsTiming({ ...filed, actions: [ctnf] }, '2025-09-10', 'small');
    expect(r).toMatchObject({
      window: '1.97(c)',
      requirement: 'statement_or_fee',
      statement_required: false,
      fee_required: false,
      basis: { first_action_on_merits: ctnf, closing_action: null },
    });
    expect(r.fee).toMatchObject({ citation: '37 CFR 1.17(p)', amount: '112.00', entity_size: 'small' }); // FY2025 amount ($280 large)
    expect(idsTiming({ ...filed, actions: [ctnf] }, '2025-10-01', 'micro').fee?.amount).toBe('56.00');
  });

  it('(d) after a final, notice of allowance or Quayle action, until the issue fee is paid', () => {
    for (const closing of [ctfr, noa, { kind: 'quayle' as const, mailing_date: '2026-03-01' }]) {
      const r = idsTiming({ ...filed, actions: [ctnf, closing] }, '2026-05-20', 'large');
      expect(r).toMatchObject({
        window: '1.97(d)',
        requirement: 'statement_and_fee',
        statement_required: true,
        fee_required: true,
        basis: { closing_action: closing },
      });
      expect(r.fee?.amount).toBe('280.00');
    }
  });

  it('after the issue fee: not considered', () => {
    const r = idsTiming({ ...filed, actions: [ctnf, noa], issue_fee_paid: '2026-06-01' }, '2026-06-02', 'large');
    expect(r).toMatchObject({ window: 'after_issue_fee', requirement: 'not_considered' });
    expect(r.explanation).toMatch(/QPIDS/);
    // The day before payment it is still (d).
    expect(idsTiming({ ...filed, actions: [ctnf, noa], issue_fee_paid: '2026-06-01' }, '2026-05-31', 'large').window).toBe('1.97(d)');
  });

  it('an RCE restarts (b) until the next action, which brings (c) again', () => {
    const docket = { ...filed, actions: [ctnf, ctfr], rce_dates: ['2026-04-01'] };
    expect(idsTiming(docket, '2026-04-15', 'large')).toMatchObject({ window: '1.97(b)', basis: { rce_date: '2026-04-01' } });
    const after = { ...docket, actions: [...docket.actions, { kind: 'non_final' as const, mailing_date: '2026-06-01' }] };
    expect(idsTiming(after, '2026-06-02', 'large').window).toBe('1.97(c)');
  });

  it('a non-final action after a final reopens prosecution: (c) again', () => {
    expect(idsTiming({ ...filed, actions: [ctnf, ctfr, { kind: 'non_final', mailing_date: '2026-03-15' }] }, '2026-04-01', 'large').window).toBe('1.97(c)');
  });

  it('actions mailed after the IDS date do not count', () => {
    expect(idsTiming({ ...filed, actions: [ctnf, ctfr] }, '2025-12-01', 'large').window).toBe('1.97(c)');
  });
});

describe('what the caller states must fit the window', () => {
  const c = idsTiming({ ...filed, actions: [ctnf] }, '2025-10-01', 'large');
  const d = idsTiming({ ...filed, actions: [ctnf, ctfr] }, '2026-03-01', 'large');
  it('a 1.97(b) IDS after the first action on the merits is refused, naming the window', () => {
    expect(idsClaimProblem(c, { timing: '1.97(b)' })).toMatchObject({
      field: 'input.timing',
      message: expect.stringMatching(/stated as 1\.97\(b\).*puts it in 1\.97\(c\)/),
    });
  });
  it('a 1.97(c) IDS after a final is refused', () => {
    expect(idsClaimProblem(d, { timing: '1.97(c)', statement: '1.97(e)(1)' })).toMatchObject({
      field: 'input.timing',
      message: expect.stringMatching(/1\.97\(d\)/),
    });
  });
  it('(c) needs the statement or the fee; (d) needs both', () => {
    expect(idsClaimProblem(c, { timing: '1.97(c)' })).toBeNull();
    expect(idsClaimProblem(c, { pay_fee_1_17_p: false })).toMatchObject({ field: 'input.statement' });
    expect(idsClaimProblem(c, { statement: '1.97(e)(2)', pay_fee_1_17_p: false })).toBeNull();
    expect(idsClaimProblem(d, {})).toMatchObject({ field: 'input.statement', message: expect.stringMatching(/both the statement/) });
    expect(idsClaimProblem(d, { statement: '1.97(e)(1)', pay_fee_1_17_p: false })).toMatchObject({ field: 'input.pay_fee_1_17_p' });
    expect(idsClaimProblem(d, { statement: '1.97(e)(1)' })).toBeNull();
  });
});
