import { describe, expect, test } from 'vitest';
import { analyzeOfficeAction } from './analyze.ts';
import { loadCorpus, loadText } from './fixtures/corpus.ts';

describe('analyzeOfficeAction', () => {
  const text = loadText('synthetic-non-final.txt');

  test('experts, versions, confidences and injected-clock timings', () => {
    let t = 0;
    const a = analyzeOfficeAction(text, { now: () => (t += 1.5) });
    expect(a.experts.map((e) => e.name)).toEqual([
      'summary_parser',
      'rejection_extractor',
      'reference_normalizer',
      'claim_mapper',
      'strategy_engine',
      'citation_verifier',
    ]);
    for (const e of a.experts) {
      expect(e.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(e.confidence).toBeGreaterThanOrEqual(0);
      expect(e.confidence).toBeLessThanOrEqual(1);
      expect(e.elapsed_ms).toBeGreaterThan(0);
      expect(a.confidence_scores[e.name]).toBe(e.confidence);
    }
    expect(a.citations_verified).toBe(true);
    expect(a.office_action_type).toBe('CTNF');
  });

  test('no clock injected: timings are null (the domain reads no clock)', () => {
    expect(analyzeOfficeAction(text).experts.every((e) => e.elapsed_ms === null)).toBe(true);
  });

  test('a full action with a PTOL-326 summary: metadata, summary and every claim status', () => {
    const a = analyzeOfficeAction(text);
    const m = a.parsed.metadata;
    expect(m.application_number?.value).toBe('17654321');
    expect(m.examiner?.normalized).toBe('DOE, JOHN A');
    expect(m.art_unit?.value).toBe('2455');
    expect(m.mailing_date?.value).toBe('2023-05-17');
    expect(a.parsed.kind).toMatchObject({ kind: 'non_final', source: 'text' });
    const status = Object.fromEntries(a.claim_analyses.map((c) => [c.claim_number, c.status]));
    for (let n = 1; n <= 16; n++) if (n !== 9) expect(status[n]).toBe('rejected');
    expect([status[9], status[17], status[18]]).toEqual(['objected', 'objected', 'objected']);
    expect([status[19], status[20]]).toEqual(['allowed', 'allowed']);
    for (let n = 21; n <= 25; n++) expect(status[n]).toBe('withdrawn');
    for (let n = 26; n <= 30; n++) expect(status[n]).toBe('cancelled');
    expect(a.parsed.warnings.map((w) => w.code)).not.toContain('summary_body_mismatch');
  });

  test('claim entries carry the interface fields plus the additive ones', () => {
    const a = analyzeOfficeAction(text);
    const c1 = a.claim_analyses.find((c) => c.claim_number === 1)!;
    expect(c1.basis).toBe('101; 102; DP');
    expect(c1.prior_art).toEqual(['Smith (US 8,123,456 B2)', 'US Appl. No. 17/111,222 (claims 1-4)']);
    expect(c1.rejections.map((r) => r.citation)).toEqual(['35 U.S.C. 101', '35 U.S.C. 102(a)(1)', 'Provisional nonstatutory double patenting']);
    expect(c1.pinpoints.map((p) => p.text)).toEqual(['col. 4, lines 5-20', 'Fig. 2', 'col. 5, line 3 - col. 6, line 10']);
    expect(c1.independent).toBe(true);
    const c2 = a.claim_analyses.find((c) => c.claim_number === 2)!;
    expect([c2.independent, c2.depends_on]).toEqual([false, 1]);
    const c5 = a.claim_analyses.find((c) => c.claim_number === 5)!;
    expect(c5.prior_art).toContain('US 10,987,654 (claim 7)');
    const c18 = a.claim_analyses.find((c) => c.claim_number === 18)!;
    expect(c18).toMatchObject({ status: 'objected', allowable_if_rewritten: true, recommendation: 'rewrite_independent', basis: '' });
    const c13 = a.claim_analyses.find((c) => c.claim_number === 13)!;
    expect(c13.rejections[0].citation).toBe('35 U.S.C. 112(d) or pre-AIA 35 U.S.C. 112, fourth paragraph');
    expect(c13.recommendation).toBe('cancel');
    for (const c of a.claim_analyses) {
      expect(Number.isInteger(c.claim_number)).toBe(true);
      expect(typeof c.basis).toBe('string');
      expect(c.evidence.length).toBeGreaterThan(0);
    }
  });

  test('type hints map the interface vocabulary (CTED restriction, CTRS requirement for information)', () => {
    const rejection = 'Claims 1-5 are rejected under 35 U.S.C. 103 as being unpatentable over Smith (US 8,123,456 B2).';
    expect(analyzeOfficeAction(rejection, { typeHint: 'CTFR' }).office_action_type).toBe('CTFR');
    const restriction = loadCorpus().find((c) => c.id === '15')!.text;
    expect(analyzeOfficeAction(restriction).office_action_type).toBe('CTED');
    // The spec has no code for a Notice of Allowance: NOA, never the default CTNF (issue 19 item 10).
    const noa = loadCorpus().find((c) => c.id === '11')!.text;
    expect(analyzeOfficeAction(noa).office_action_type).toBe('NOA');
  });

  test('examiner statistics change the recommendation only when given', () => {
    const source = loadCorpus().find((c) => c.id === '02')!.text;
    const without = analyzeOfficeAction(source).claim_analyses.find((c) => c.claim_number === 1)!;
    const withStats = analyzeOfficeAction(source, {
      examinerStats: { allowance_rate: 0.3, interview_success_rate: 0.6, allowance_rate_without_interview: 0.25, total_cases_analyzed: 150 },
    }).claim_analyses.find((c) => c.claim_number === 1)!;
    expect(without.strategy.suggest_interview).toBe(false);
    expect(withStats.strategy.suggest_interview).toBe(true);
    expect(withStats.strategy.reasons.some((r) => r.includes('interview'))).toBe(true);
  });
});

describe('reusing a parse (examiner statistics learned after the first pass)', () => {
  test('gives exactly what a fresh analysis with the statistics gives, without parsing again', () => {
    const text = loadText('04.txt');
    const stats = { allowance_rate: 0.3, interview_success_rate: 0.8, allowance_rate_without_interview: 0.2, total_cases_analyzed: 120 };
    const first = analyzeOfficeAction(text, { typeHint: 'CTNF' });
    const reused = analyzeOfficeAction(text, { typeHint: 'CTNF', examinerStats: stats, reuse: first });
    const fresh = analyzeOfficeAction(text, { typeHint: 'CTNF', examinerStats: stats });
    expect(reused.parsed).toBe(first.parsed);
    expect(reused.claim_analyses).toEqual(fresh.claim_analyses);
    expect(reused.claim_analyses).not.toEqual(first.claim_analyses);
    expect(reused.citations_verified).toBe(fresh.citations_verified);
    expect(reused.confidence_scores).toEqual(fresh.confidence_scores);
  });
});
