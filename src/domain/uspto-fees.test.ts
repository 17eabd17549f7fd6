import { describe, expect, it } from 'vitest';
import { dollarsDisplay, USPTO_FEES, usptoFee } from './uspto-fees.ts';

describe('USPTO fees of the forms: the table in force on the date, for the entity size', () => {
  it('picks the FY2025 amounts from 2025-01-19 and the UAIA amounts before', () => {
    expect(usptoFee('rce_first', 'large', '2025-01-19')).toMatchObject({
      amount: '1500.00',
      citation: '37 CFR 1.17(e)(1)',
      effective: '2025-01-19',
      verified: true,
    });
    expect(usptoFee('rce_first', 'small', '2025-01-18')).toMatchObject({ amount: '544.00', effective: '2022-12-29' });
    expect(usptoFee('notice_of_appeal', 'micro', '2026-11-21').amount).toBe('181.00');
    expect(usptoFee('notice_of_appeal', 'large', '2024-06-01').amount).toBe('840.00');
  });

  it('1.17(p) rose with the FY2025 rule ($260 -> $280 large); it once stayed at $260 after 2025-01-19', () => {
    expect(usptoFee('ids_1_17_p', 'large', '2025-01-18')).toMatchObject({ amount: '260.00', effective: '2022-12-29' });
    expect(usptoFee('ids_1_17_p', 'large', '2025-01-19')).toMatchObject({ amount: '280.00', effective: '2025-01-19', verified: false });
    expect(usptoFee('ids_1_17_p', 'small', '2026-11-21').amounts).toEqual({ large: '280.00', small: '112.00', micro: '56.00' });
  });

  it('cites the issue fee as 37 CFR 1.18(a), a paragraph without subparagraphs', () => {
    expect(usptoFee('issue_fee_utility', 'small', '2026-11-21')).toMatchObject({ citation: '37 CFR 1.18(a)', amount: '516.00' });
  });

  it('marks verified only the tables read in a copy of the CFR text, and every source says what it rests on', () => {
    const verified = Object.values(USPTO_FEES).flatMap((d) => d.schedules.filter((s) => s.verified).map((s) => `${d.code}@${s.effective}`));
    expect(verified.sort()).toEqual([
      'notice_of_appeal@2022-12-29',
      'notice_of_appeal@2025-01-19',
      'rce_first@2022-12-29',
      'rce_first@2025-01-19',
      'rce_subsequent@2022-12-29',
    ]);
    for (const d of Object.values(USPTO_FEES)) {
      for (const s of d.schedules) {
        expect(s.source, `${d.code} ${s.effective}`).toContain(d.citation.replace('37 CFR ', ''));
        if (!s.verified) expect(s.source, `${d.code} ${s.effective}`).toMatch(/not verified/);
      }
    }
  });

  it('has no amount before the earliest table (never guessed) and flags unverified amounts', () => {
    expect(usptoFee('issue_fee_utility', 'large', '2020-01-01')).toMatchObject({ amount: null, amounts: null, effective: null });
    expect(usptoFee('terminal_disclaimer', 'micro', '2026-01-01')).toMatchObject({ amount: '200.00', verified: false });
  });

  it('small is 40 % and micro 20 % of the large amount where the UAIA reductions apply', () => {
    for (const def of Object.values(USPTO_FEES)) {
      if (def.code === 'terminal_disclaimer') continue; // 1.20(d) has no entity reduction
      for (const s of def.schedules) {
        expect(s.small, `${def.code} ${s.effective}`).toBeCloseTo(s.large * 0.4, 2);
        expect(s.micro, `${def.code} ${s.effective}`).toBeCloseTo(s.large * 0.2, 2);
      }
    }
  });

  it('displays dollars with thousands separators', () => {
    expect(dollarsDisplay('2860.00')).toBe('$2,860.00');
    expect(dollarsDisplay(null)).toBeNull();
  });
});
