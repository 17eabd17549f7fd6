import { describe, expect, test } from 'vitest';
import { buildClaimAnalyses } from './breakdown.ts';
import { parseOfficeAction } from './parse.ts';
import { allowableInFamily, recommendStrategy, rootOf, type ClaimFacts, type StrategyContext } from './strategy.ts';
import type { Basis, ClaimStatus, ExaminerStats, PaperKind } from './types.ts';

function fact(n: number, over: Partial<ClaimFacts> & { bases?: Basis[]; refs?: string[] } = {}): ClaimFacts {
  const { bases = [], refs = [], ...rest } = over;
  return {
    claim_number: n,
    status: (bases.length > 0 ? 'rejected' : 'pending') as ClaimStatus,
    basis: bases.join('; '),
    prior_art: refs,
    rejections: bases.map((basis) => ({
      basis,
      citation: basis === 'DP' ? 'Nonstatutory double patenting' : `35 U.S.C. ${basis}`,
      references: refs,
      statement: '',
      span: { start: 0, end: 0 },
      derived: false,
    })),
    objections: [],
    allowable_if_rewritten: false,
    independent: null,
    depends_on: null,
    restriction_group: null,
    pinpoints: [],
    evidence: [],
    treatment: null,
    examiner_admissions: [],
    structure_source: null,
    ...rest,
  };
}

function ctx(claims: ClaimFacts[], kind: PaperKind = 'non_final', examinerStats: ExaminerStats | null = null, artUnit: string | null = null): StrategyContext {
  return { kind, claims: new Map(claims.map((c) => [c.claim_number, c])), examinerStats, artUnit, restrictionGroups: [] };
}

describe('strategy rules', () => {
  test('independent claim rejected over art while a dependent is allowable → amend_narrow incorporating it', () => {
    const claims = [
      fact(1, { bases: ['103'], refs: ['A', 'B'], independent: true }),
      fact(2, { bases: ['103'], refs: ['A', 'B'], independent: false, depends_on: 1 }),
      fact(3, { status: 'objected', allowable_if_rewritten: true, independent: false, depends_on: null }),
    ];
    const c = ctx(claims);
    const r1 = recommendStrategy(claims[0], c);
    expect(r1.code).toBe('amend_narrow');
    expect(r1.rules).toEqual(['incorporate_allowable_dependent']);
    expect(r1.reasons[0]).toContain('claim(s) 3');
    expect(recommendStrategy(claims[2], c).code).toBe('rewrite_independent');
    expect(recommendStrategy(claims[1], c).code).toBe('argue_distinction');
    expect(rootOf(3, c.claims)).toBe(1);
    expect(allowableInFamily(1, c.claims)).toEqual([3]);
  });

  test('final rejection without allowable subject matter → argue, with amend/RCE as the alternative', () => {
    const claims = [fact(1, { bases: ['102'], refs: ['A'], independent: true })];
    const r = recommendStrategy(claims[0], ctx(claims, 'final'));
    expect(r.code).toBe('argue_distinction');
    expect(r.alternatives).toContain('amend_narrow');
    expect(r.reasons.join(' ')).toContain('37 CFR 1.116');
  });

  test('obviousness in TC 1600/1700 → argue_unexpected_results', () => {
    const claims = [fact(1, { bases: ['103'], refs: ['A'], independent: true })];
    expect(recommendStrategy(claims[0], ctx(claims, 'non_final', null, '1617')).code).toBe('argue_unexpected_results');
    expect(recommendStrategy(claims[0], ctx(claims, 'non_final', null, '2455')).code).toBe('amend_narrow');
  });

  test('three or more references is not by itself a reason to argue the combination (MPEP 2145(V))', () => {
    const claims = [fact(1, { bases: ['103'], refs: ['A', 'B', 'C'], independent: true })];
    const r = recommendStrategy(claims[0], ctx(claims));
    expect(r.code).toBe('amend_narrow');
    expect(r.rules).not.toContain('many_reference_combination');
    expect(r.reasons.join(' ')).toMatch(/MPEP 2145\(V\)/);
    expect(r.alternatives).toEqual(['argue_distinction', 'argue_unexpected_results']);
  });

  test.each([
    [['112(b)'] as Basis[], 'amend_clarify'],
    [['112(a)'] as Basis[], 'amend_narrow'],
    [['112(d)'] as Basis[], 'cancel'],
    [['101'] as Basis[], 'argue_distinction'],
    [['DP'] as Basis[], 'terminal_disclaimer'],
  ])('non-art bases %j → %s', (bases, code) => {
    const claims = [fact(1, { bases, independent: true })];
    expect(recommendStrategy(claims[0], ctx(claims)).code).toBe(code);
  });

  test('after a final rejection a 112(a) rejection is argued first (an amendment is entered only as 37 CFR 1.116 permits)', () => {
    const claims = [fact(1, { bases: ['112(a)'], independent: true })];
    expect(recommendStrategy(claims[0], ctx(claims, 'final')).code).toBe('argue_distinction');
  });

  test('statutory double patenting cannot be cured by a terminal disclaimer', () => {
    const c = fact(5, { bases: ['DP'] });
    c.rejections[0].citation = 'Statutory double patenting (35 U.S.C. 101)';
    expect(recommendStrategy(c, ctx([c])).code).toBe('amend_narrow');
  });

  test('a dependent claim under statutory double patenting rides on its base claim (no amendment of its own)', () => {
    const base = fact(1, { bases: ['DP'], independent: true });
    const dep = fact(2, { bases: ['DP'], independent: false, depends_on: 1 });
    for (const c of [base, dep]) c.rejections[0].citation = '35 U.S.C. 101 (statutory double patenting)';
    const r = recommendStrategy(dep, ctx([base, dep]));
    expect(r.code).toBe('argue_distinction');
    expect(r.rules[0]).toBe('dependent_rides_on_base');
    expect(r.reasons.join(' ')).toContain('terminal disclaimer cannot');
    expect(recommendStrategy(base, ctx([base, dep])).code).toBe('amend_narrow');
  });

  test('art plus double patenting: art decides, the terminal disclaimer is an alternative with its reason', () => {
    const claims = [fact(1, { bases: ['102', 'DP'], refs: ['A'], independent: true })];
    const r = recommendStrategy(claims[0], ctx(claims));
    expect(r.code).toBe('amend_narrow');
    expect(r.alternatives).toContain('terminal_disclaimer');
    expect(r.reasons.join(' ')).toContain('terminal disclaimer');
  });

  test('status-driven codes: allowed, cancelled, withdrawn, restriction, requirement for information', () => {
    const allowed = fact(1, { status: 'allowed' });
    expect(recommendStrategy(allowed, ctx([allowed])).code).toBe('no_action');
    const cancelled = fact(2, { status: 'cancelled' });
    expect(recommendStrategy(cancelled, ctx([cancelled])).code).toBe('no_action');
    const withdrawn = fact(3, { status: 'withdrawn' });
    expect(recommendStrategy(withdrawn, ctx([withdrawn])).code).toBe('no_action');
    expect(recommendStrategy(withdrawn, ctx([withdrawn], 'notice_of_allowance')).code).toBe('cancel');
    const grouped = fact(4, { restriction_group: 'I' });
    expect(recommendStrategy(grouped, ctx([grouped], 'restriction')).code).toBe('elect');
    const pending = fact(5);
    expect(recommendStrategy(pending, ctx([pending], 'requirement_for_information')).code).toBe('provide_information');
  });

  test('examiner statistics: interview lift, low allowance rate, too few cases', () => {
    const claims = [fact(1, { bases: ['103'], refs: ['A', 'B', 'C'], independent: true })];
    const stats = { allowance_rate: 0.3, interview_success_rate: 0.55, allowance_rate_without_interview: 0.25, total_cases_analyzed: 200 };
    const r = recommendStrategy(claims[0], ctx(claims, 'non_final', stats));
    expect(r.suggest_interview).toBe(true);
    expect(r.code).toBe('amend_narrow'); // argument alone rarely wins with this examiner
    expect(r.alternatives[0]).toBe('argue_distinction');
    expect(r.rules).toEqual(['obviousness', 'examiner_interview_lift']);

    const few = recommendStrategy(claims[0], ctx(claims, 'non_final', { ...stats, total_cases_analyzed: 5 }));
    expect(few.code).toBe('amend_narrow');
    expect(few.suggest_interview).toBe(false);
  });

  test('no interview-lift claim without both interview rates (null below the minimum sample)', () => {
    const claims = [fact(1, { bases: ['103'], refs: ['A', 'B'], independent: true })];
    const base = { allowance_rate: 0.5, total_cases_analyzed: 200 };
    // Null rates (too few cases with or without an applicant-initiated interview): no claim.
    const none = recommendStrategy(claims[0], ctx(claims, 'non_final', { ...base, interview_success_rate: null, allowance_rate_without_interview: null }));
    expect(none.suggest_interview).toBe(false);
    expect(none.reasons.join(' ')).not.toMatch(/interview/i);
    // A rate without its baseline (an analysis stored before the comparison existed): no claim either.
    expect(recommendStrategy(claims[0], ctx(claims, 'non_final', { ...base, interview_success_rate: 1 })).suggest_interview).toBe(false);
    // The lift is against allowance WITHOUT an interview, not the overall rate: 0.62 vs 0.55 is 7 points.
    const small = recommendStrategy(claims[0], ctx(claims, 'non_final', { ...base, interview_success_rate: 0.62, allowance_rate_without_interview: 0.55 }));
    expect(small.suggest_interview).toBe(false);
    const lift = recommendStrategy(claims[0], ctx(claims, 'non_final', { ...base, interview_success_rate: 0.7, allowance_rate_without_interview: 0.45 }));
    expect(lift.suggest_interview).toBe(true);
    expect(lift.reasons.join(' ')).toContain(
      "70% of this examiner's decided cases with an applicant-initiated interview were allowed, against 45% without one",
    );
  });

  test('every recommendation has reasons, known alternatives and a bounded confidence', () => {
    const p = parseOfficeAction(
      'Claims 1-2 are rejected under 35 U.S.C. 103 as being unpatentable over Rebmann (US Pub No 2018/0179985) in view of Wang et al. (US Pub No 2018/0298842).\nIn regard to claim 1,\nRebmann discloses a cylinder liner comprising a body.\nIn regard to claim 2,\nRebmann modified supra discloses the liner of claim 1, further comprising a flange.\nClaims 3-6 are objected to as being dependent upon a rejected base claim, but appear that they would be allowable if rewritten in independent form including all of the limitations of the base claim and any intervening claims.\nClaims 7-8 appear to contain allowable subject matter.',
    );
    const analyses = buildClaimAnalyses(p);
    expect(analyses.map((a) => [a.claim_number, a.recommendation])).toEqual([
      [1, 'amend_narrow'],
      [2, 'argue_distinction'],
      [3, 'rewrite_independent'],
      [4, 'rewrite_independent'],
      [5, 'rewrite_independent'],
      [6, 'rewrite_independent'],
      [7, 'no_action'],
      [8, 'no_action'],
    ]);
    for (const a of analyses) {
      expect(a.strategy.reasons.length).toBeGreaterThan(0);
      expect(a.strategy.alternatives).not.toContain(a.recommendation);
      expect(a.strategy.confidence).toBeGreaterThan(0);
      expect(a.strategy.confidence).toBeLessThanOrEqual(1);
    }
  });
});
