import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DATASET, importDataset, importRejections, REJECTIONS } from '../support/examiner-dataset.ts';
import { fails, mcpFixture, ok, type McpFixture } from './support.ts';

// The examiner tools through MCP, over the hand-built dataset (test/support/examiner-dataset.ts).

let f: McpFixture;
beforeAll(async () => {
  f = await mcpFixture('legacy');
  await importDataset(f.s.database.db, DATASET);
  await importRejections(f.s.database.db, REJECTIONS);
});
afterAll(async () => {
  await f?.close();
});

describe('examiner tools (2025-11-25 era client)', () => {
  test('get_examiner_profile: the figures; an ambiguous name returns the candidates in the error', async () => {
    const p = await ok(f.client, 'get_examiner_profile', { examiner_name: 'DOVE, TRACY M' });
    expect(p.data).toMatchObject({
      examiner_name: 'DOVE, TRACY MAE',
      allowance_rate: 0.75,
      total_cases_analyzed: 8,
      art_unit_stats: { art_unit: '1727', examiners: 2 },
    });
    expect(p.text).toMatch(/allowance rate 75%/);
    // Issue 11: the examiner's own call (A11's EXET) is no interview; 2 cases with one are too few to rate.
    expect(p.data).toMatchObject({
      interview_success_rate: null,
      interview_lift: null,
      interviewed_cases: 2,
      not_interviewed_cases: 6,
      interview_rates_reason: expect.stringMatching(/^insufficient_sample/),
    });
    expect(p.text).toContain('no interview figure (2 decided cases with an applicant-initiated interview, 6 without; at least 10 of each needed)');
    expect(p.text).not.toMatch(/interviews n\/a/);
    const amb = await fails(f.client, 'get_examiner_profile', { examiner_name: 'SMITH, JOHN M' });
    expect(amb.error).toMatchObject({
      error_code: 'examiner_ambiguous',
      candidates: [{ examiner_name: 'SMITH, JOHN MARK' }, { examiner_name: 'SMITH, JOHN MICHAEL' }],
    });
    expect((await ok(f.client, 'get_examiner_profile', { examiner_name: 'SMITH, JOHN M', art_unit: '2100' })).data.examiner_name).toBe('SMITH, JOHN MICHAEL');
    expect((await fails(f.client, 'get_examiner_profile', { examiner_name: 'NOBODY, JANE' })).error.error_code).toBe('examiner_not_found');
  });

  test('search_examiners: by fragment or art unit; neither is refused', async () => {
    const r = await ok(f.client, 'search_examiners', { q: 'smith' });
    expect(r.data.examiners.map((e: { examiner_name: string }) => e.examiner_name)).toEqual(['SMITH, JOHN MARK', 'SMITH, JOHN MICHAEL']);
    const unit = await ok(f.client, 'search_examiners', { art_unit: '1727' });
    expect(unit.data.examiners[0]).toMatchObject({ examiner_name: 'DOVE, TRACY MAE', name_variants: ['DOVE, TRACY M', 'DOVE, TRACY MAE'] });
    const none = await fails(f.client, 'search_examiners', {});
    expect(none.error).toMatchObject({ error_code: 'validation_error', message: expect.stringContaining('q') });
  });

  test('get_art_unit_profile: the unit figures; an unknown unit is art_unit_not_found', async () => {
    const a = await ok(f.client, 'get_art_unit_profile', { art_unit: '1727' });
    expect(a.data).toMatchObject({ art_unit: '1727', examiners: 2, allowance_rate: 0.7, total_cases_analyzed: 10, stats_current: true });
    expect(a.text).toContain('Art unit 1727: 2 examiner(s)');
    expect((await fails(f.client, 'get_art_unit_profile', { art_unit: '9999' })).error.error_code).toBe('art_unit_not_found');
  });
});
