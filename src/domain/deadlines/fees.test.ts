import { describe, expect, it } from 'vitest';
import { calculateDeadlines } from './index.ts';
import { EXTENSION_FEE_SCHEDULES, extensionFee, feeScheduleOn, formatDollars } from './fees.ts';

// 37 CFR 1.17(a), in force since 2025-01-19 (deadline-rules.md section 5.1).
const CURRENT: [string, string, string][] = [
  ['235.00', '94.00', '47.00'],
  ['690.00', '276.00', '138.00'],
  ['1590.00', '636.00', '318.00'],
  ['2495.00', '998.00', '499.00'],
  ['3395.00', '1358.00', '679.00'],
];
const BEFORE_2025: [string, string, string][] = [
  ['220.00', '88.00', '44.00'],
  ['640.00', '256.00', '128.00'],
  ['1480.00', '592.00', '296.00'],
  ['2320.00', '928.00', '464.00'],
  ['3160.00', '1264.00', '632.00'],
];

describe('extension-of-time fees, 37 CFR 1.17(a)', () => {
  it('current amounts for 1 to 5 months', () => {
    CURRENT.forEach(([large, small, micro], i) => {
      expect(extensionFee(i + 1, '2025-01-19')).toEqual({ large, small, micro });
      expect(extensionFee(i + 1, '2026-08-10')).toEqual({ large, small, micro });
    });
  });

  it('amounts before 2025-01-19', () => {
    BEFORE_2025.forEach(([large, small, micro], i) => {
      expect(extensionFee(i + 1, '2025-01-18')).toEqual({ large, small, micro });
      expect(extensionFee(i + 1, '2022-12-29')).toEqual({ large, small, micro });
    });
  });

  it('no fee table before 2022-12-29, and none for 0 or 6 months', () => {
    expect(feeScheduleOn('2022-12-28')).toBeNull();
    expect(extensionFee(1, '2022-12-28')).toBeNull();
    expect(extensionFee(0, '2026-01-01')).toBeNull();
    expect(extensionFee(6, '2026-01-01')).toBeNull();
  });

  it('small is 40 % and micro 20 % of the large-entity fee in every entry', () => {
    for (const s of EXTENSION_FEE_SCHEDULES) {
      for (const c of s.cents) {
        expect(c.small * 5).toBe(c.large * 2);
        expect(c.micro * 5).toBe(c.large);
      }
    }
  });

  it('entries carry an effective date and a citation', () => {
    for (const s of EXTENSION_FEE_SCHEDULES) {
      expect(s.effective).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(s.citation).toContain('37 CFR 1.17(a)');
      expect(s.cents).toHaveLength(5);
    }
  });

  it('formats whole cents', () => {
    expect(formatDollars(23500)).toBe('235.00');
    expect(formatDollars(5)).toBe('0.05');
    expect(formatDollars(339550)).toBe('3395.50');
  });
});

describe('fees in the calculator follow the computation date', () => {
  it('defaults to the mailing date', () => {
    const r = calculateDeadlines({ action: 'non_final', mailingDate: '2024-10-01', entity: 'micro' });
    expect(r.computed_on).toBe('2024-10-01');
    expect(r.fee_schedule?.effective).toBe('2022-12-29');
    expect(r.extensions[0]?.fee?.large).toBe('220.00');
    expect(r.extensions[0]?.fee_for_entity).toBe('44.00');
  });

  it('uses `today` when given', () => {
    const r = calculateDeadlines({ action: 'non_final', mailingDate: '2024-10-01', today: '2025-02-01', entity: 'small' });
    expect(r.fee_schedule?.effective).toBe('2025-01-19');
    expect(r.extensions.map((e) => e.fee_for_entity)).toEqual(['94.00', '276.00', '636.00']);
  });

  it('reports null fees, with a note, before any table', () => {
    const r = calculateDeadlines({ action: 'non_final', mailingDate: '2010-10-01' });
    expect(r.fee_schedule).toBeNull();
    expect(r.extensions.every((e) => e.fee === null && e.fee_for_entity === null)).toBe(true);
    expect(r.notes.join(' ')).toMatch(/fee table/);
  });

  it('fee_for_entity is null when no entity is given', () => {
    const r = calculateDeadlines({ action: 'non_final', mailingDate: '2026-08-10' });
    expect(r.entity).toBeNull();
    expect(r.extensions.every((e) => e.fee_for_entity === null)).toBe(true);
  });
});
