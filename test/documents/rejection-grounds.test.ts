import { describe, expect, it } from 'vitest';
import { basisFamily, collectRejectionGrounds, defaultCitation, parseReference } from '../../src/documents/rejection-grounds.ts';
import type { ClaimDisposition } from '../../src/documents/types.ts';
import { dispositions } from '../fixtures/documents/response-samples.ts';

describe('rejection grounds', () => {
  it('maps basis codes to their statutory family', () => {
    expect(basisFamily('102(a)(1)')).toBe('102');
    expect(basisFamily('pre-AIA 102(b)')).toBe('102');
    expect(basisFamily('103')).toBe('103');
    expect(basisFamily('112(b)')).toBe('112(b)');
    expect(basisFamily('112')).toBe('112');
    expect(basisFamily('DP-nonstatutory')).toBe('DP');
    expect(basisFamily('objection')).toBe('objection');
    expect(defaultCitation('112(b)')).toBe('35 U.S.C. 112(b)');
    expect(defaultCitation('DP-nonstatutory')).toBe('nonstatutory double patenting');
  });

  it('parses reference labels', () => {
    expect(parseReference('Smith (US 1,234,567 B2)')).toEqual({ name: 'Smith', number_display: 'US 1,234,567 B2' });
    expect(parseReference('Applicant admitted prior art')).toEqual({ name: 'Applicant admitted prior art', number_display: '' });
  });

  it('keeps one ground per rejection stated, across the claims that repeat it, in the order of the action', () => {
    const grounds = collectRejectionGrounds(dispositions);
    expect(grounds.map((g) => [g.citation, g.claims])).toEqual([
      ['35 U.S.C. 112(b)', [4]],
      ['35 U.S.C. 102(a)(1)', [7, 8, 9]],
      ['35 U.S.C. 103', [1, 2, 3]],
    ]);
    expect(grounds[2].pinpoints).toEqual(['Rebmann ¶ [0042]', 'Rebmann FIG. 3', 'Wang ¶¶ [0017]-[0019]']);
    expect(grounds[2].statement).toMatch(/^Claims 1-3 are rejected under 35 U\.S\.C\. 103/);
  });

  it('rebuilds grounds from basis and prior art when no detail is given', () => {
    const claims: ClaimDisposition[] = [
      { claim_number: 1, status: 'rejected', basis: '102; 103', prior_art: ['Smith (US 1,234,567 B2)'], recommendation: 'argue_distinction' },
      { claim_number: 2, status: 'rejected', basis: '103', prior_art: ['Smith (US 1,234,567 B2)'], recommendation: 'argue_distinction' },
      {
        claim_number: 3,
        status: 'rejected',
        basis: '103',
        prior_art: ['Smith (US 1,234,567 B2)', 'Jones (US 2019/0000001 A1)'],
        recommendation: 'argue_distinction',
      },
      { claim_number: 4, status: 'rejected', basis: '101; DP', prior_art: ['Garcia (US 11,111,111 B2)'], recommendation: 'terminal_disclaimer' },
      { claim_number: 5, status: 'cancelled', basis: '102', prior_art: [], recommendation: 'no_action' },
    ];
    const grounds = collectRejectionGrounds(claims);
    expect(grounds.map((g) => [g.family, g.claims, g.references.map((r) => r.name), g.statement])).toEqual([
      ['101', [4], [], null],
      ['102', [1], ['Smith'], null],
      ['103', [1, 2], ['Smith'], null],
      ['103', [3], ['Smith', 'Jones'], null],
      ['DP', [4], ['Garcia'], null],
    ]);
  });
});
