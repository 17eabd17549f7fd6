import { describe, expect, test } from 'vitest';
import { idsWindow, kindOfDocumentCode } from '../../web/src/forms/ids-timing.ts';

// The web app's reading of 37 CFR 1.97(b)-(d) from the docket (web/src/forms/ids-timing.ts).
describe('IDS timing window from the docket', () => {
  test('within three months of filing: 1.97(b), no statement and no fee', () => {
    const w = idsWindow('2026-01-10', [], '2026-04-10');
    expect(w.timing).toBe('1.97(b)');
    expect(w.needsStatementOrFee).toBe(false);
    expect(idsWindow('2026-01-10', [], '2026-04-11').reason).toBe('No action on the merits has been mailed.');
  });

  test('a restriction requirement is not an action on the merits (MPEP 609.04(b)): still 1.97(b)', () => {
    expect(idsWindow('2025-01-10', [{ date: '2025-09-01', kind: 'restriction' }], '2026-01-01').timing).toBe('1.97(b)');
  });

  test('after a first action on the merits: 1.97(c), statement or fee', () => {
    const w = idsWindow('2025-01-10', [{ date: '2025-09-01', kind: 'restriction' }, { date: '2025-12-01', kind: 'non_final' }], '2026-01-01');
    expect(w).toMatchObject({ timing: '1.97(c)', needsStatementOrFee: true, needsStatementAndFee: false });
    expect(w.reason).toContain('2025-12-01');
  });

  test('after a final action, an allowance or a Quayle action: 1.97(d), statement and fee', () => {
    for (const kind of ['final', 'allowance', 'quayle']) {
      const w = idsWindow('2025-01-10', [{ date: '2025-06-01', kind: 'non_final' }, { date: '2025-12-01', kind }], '2026-01-01');
      expect(w).toMatchObject({ timing: '1.97(d)', needsStatementAndFee: true });
    }
    expect(idsWindow('2025-01-10', [{ date: '2025-12-01', kind: 'quayle' }], '2026-01-01').reason).toBe('An ex parte Quayle action was mailed on 2025-12-01.');
  });

  test('a non-final action after a final one reopens prosecution: 1.97(c) again', () => {
    const w = idsWindow('2025-01-10', [{ date: '2025-06-01', kind: 'final' }, { date: '2025-11-01', kind: 'non_final' }], '2026-01-01');
    expect(w.timing).toBe('1.97(c)');
  });

  test('an RCE opens 1.97(b) again until the first action after it', () => {
    const events = [{ date: '2025-06-01', kind: 'final' }, { date: '2025-09-01', kind: 'rce' }];
    expect(idsWindow('2025-01-10', events, '2025-10-01').timing).toBe('1.97(b)');
    expect(idsWindow('2025-01-10', [...events, { date: '2025-12-01', kind: 'non_final' }], '2026-01-01').timing).toBe('1.97(c)');
  });

  test('after the issue fee no window is open; future-dated events do not count', () => {
    expect(idsWindow('2025-01-10', [{ date: '2025-06-01', kind: 'allowance' }, { date: '2025-08-01', kind: 'grant' }], '2026-01-01').timing).toBeNull();
    expect(idsWindow('2025-01-10', [{ date: '2026-06-01', kind: 'final' }], '2026-01-01').timing).toBe('1.97(b)');
  });

  test('recorded papers map by their document code', () => {
    expect(['CTNF', 'CTFR', 'CTRS', 'CTEQ', 'NOA', 'XYZ', null].map(kindOfDocumentCode)).toEqual(['non_final', 'final', 'restriction', 'quayle', 'allowance', 'other', 'other']);
  });
});
