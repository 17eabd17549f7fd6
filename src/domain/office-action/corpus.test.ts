import { describe, expect, test } from 'vitest';
import { analyzeOfficeAction } from './analyze.ts';
import { loadCorpus } from './fixtures/corpus.ts';
import { scoreBreakdown } from './scoring.ts';

/**
 * The development corpus: real office actions with hand-derived expected breakdowns. The parser is
 * judged on other actions too, so these thresholds are floors, not targets; misses are printed.
 */
const corpus = loadCorpus();

describe('development corpus', () => {
  const results = corpus.map((item) => {
    const analysis = analyzeOfficeAction(item.text);
    return { item, analysis, score: scoreBreakdown(analysis.claim_analyses, item.expected) };
  });

  test.each(results.map((r) => [r.item.id, r] as const))('%s: statuses, bases and references', (_id, { item, analysis, score }) => {
    if (score.misses.length > 0) console.log(`[corpus ${item.id}] misses:\n  ${score.misses.join('\n  ')}`);
    expect(analysis.citations_verified).toBe(true);
    if (score.kind_expected) expect(analysis.parsed.kind.kind).toBe(score.kind_expected);
    expect(score.status_accuracy).toBeGreaterThanOrEqual(0.9);
    expect(score.basis_f1).toBeGreaterThanOrEqual(0.9);
    expect(score.reference_recall).toBeGreaterThanOrEqual(0.9);
  });

  test('overall', () => {
    const claims = results.reduce((n, r) => n + r.score.claims, 0);
    const statusOk = results.reduce((n, r) => n + r.score.status_correct, 0);
    const refs = results.reduce((n, r) => n + r.score.reference_expected, 0);
    const refsOk = results.reduce((n, r) => n + r.score.reference_found, 0);
    const f1 = results.reduce((n, r) => n + r.score.basis_f1, 0) / results.length;
    console.log(
      `[corpus] ${claims} claims, status ${(statusOk / claims).toFixed(3)}, basis F1 ${f1.toFixed(3)}, reference recall ${(refsOk / refs).toFixed(3)}`,
    );
    expect(statusOk / claims).toBeGreaterThanOrEqual(0.95);
    expect(f1).toBeGreaterThanOrEqual(0.95);
    expect(refsOk / refs).toBeGreaterThanOrEqual(0.95);
  });

  test('each expected rejection group is found as one statement with the same claims', () => {
    let expected = 0;
    let found = 0;
    for (const { item, analysis } of results) {
      const groups = (item.expected as { rejection_groups?: Array<{ claims: number[]; claims_as_written: string }> }).rejection_groups ?? [];
      for (const g of groups) {
        expected++;
        const hit = analysis.parsed.rejections.some((r) => r.claims.join(',') === g.claims.join(','));
        if (hit) found++;
        else console.log(`[corpus ${item.id}] rejection group not found: ${g.claims_as_written}`);
      }
    }
    expect(found / expected).toBeGreaterThanOrEqual(0.9);
  });

  test('metadata where the text states it', () => {
    const byId = new Map(results.map((r) => [r.item.id, r.analysis.parsed]));
    const noa = byId.get('11')!;
    expect(noa.metadata.application_number?.value).toBe('14671321');
    expect(noa.metadata.examiner?.normalized).toBe('MARTINEZ, DAVID E');
    expect(noa.metadata.art_unit?.value).toBe('2181');
    expect(byId.get('09')!.metadata.aia_status?.value).toBe('pre_aia');
    expect(byId.get('01')!.metadata.aia_status?.value).toBe('aia');
  });
});
