import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, signUp, type TestApp } from '../support/app.ts';
import { DATASET, importDataset, importRejections, REJECTIONS } from '../support/examiner-dataset.ts';
import { recordAnalysisBases } from '../../src/commands/analysis-bases-recorder.ts';
import { call } from './helpers.ts';

// GET /api/examiners, /api/examiners/{name}, /api/art-units/{art_unit} over the hand-built dataset
// whose figures test/examiner-profile.test.ts works out (DOVE 8 disposed, 1727 ten, ...).

let t: TestApp;
let a: { cookie: string; accountId: string };
let b: { cookie: string; accountId: string };
let keyA: string;
const get = (url: string, headers: Record<string, string> = { cookie: a.cookie }) => call(t.app, { method: 'GET', url, headers });

beforeAll(async () => {
  t = await createTestApp();
  await importDataset(t.database.db, DATASET);
  await importRejections(t.database.db, REJECTIONS);
  a = await signUp(t.app);
  b = await signUp(t.app);
  keyA = await createKey(t.app, a.cookie);
  await recordAnalysisBases(t.database.db, { accountId: a.accountId, applicationNumber: '16000002', mailingDate: '2018-02-01', bases: ['112(b)', '103'] });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/examiners (search)', () => {
  test('a name fragment: one hit per person (name variants grouped), most cases first', async () => {
    const res = await get('/api/examiners?q=dove');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.truncated).toBe(false);
    expect(body.examiners).toEqual([
      {
        examiner_name: 'DOVE, TRACY MAE',
        examiner_id: '66459',
        name_variants: ['DOVE, TRACY M', 'DOVE, TRACY MAE'],
        art_unit: '1727',
        art_units: ['1727'],
        allowance_rate: 0.75,
        total_cases_analyzed: 8,
        allowed_cases: 6,
        abandoned_cases: 2,
        pending_cases: 2,
      },
    ]);
  });

  test('an art unit lists its examiners; both filters combine; limit truncates', async () => {
    const unit = (await get('/api/examiners?art_unit=1727')).json().examiners.map((e: { examiner_name: string }) => e.examiner_name);
    expect(unit).toEqual(['DOVE, TRACY MAE', 'SMITH, JOHN MARK']);
    const smiths = (await get('/api/examiners?q=smith', { 'x-api-key': keyA })).json().examiners.map((e: { examiner_name: string }) => e.examiner_name);
    expect(smiths).toEqual(['SMITH, JOHN MARK', 'SMITH, JOHN MICHAEL']);
    expect((await get('/api/examiners?q=smith&art_unit=2100')).json().examiners.map((e: { examiner_name: string }) => e.examiner_name)).toEqual([
      'SMITH, JOHN MICHAEL',
    ]);
    const one = (await get('/api/examiners?art_unit=1727&limit=1')).json();
    expect(one).toMatchObject({ truncated: true, examiners: [{ examiner_name: 'DOVE, TRACY MAE' }] });
    expect((await get('/api/examiners?q=nobody')).json().examiners).toEqual([]);
    // LIKE wildcards are literal.
    expect((await get('/api/examiners?q=%25%25')).json().examiners).toEqual([]);
  });

  test('neither q nor art_unit, a 1-character q or a bad art unit: 400 naming the field', async () => {
    const none = await get('/api/examiners');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error_code: 'validation_error', message: expect.stringContaining('querystring.q') });
    expect((await get('/api/examiners?q=d')).json().message).toContain('querystring.q');
    expect((await get('/api/examiners?art_unit=17')).json().message).toContain('querystring.art_unit');
    expect((await get('/api/examiners?q=dove', {})).statusCode).toBe(401);
  });
});

describe('GET /api/examiners/{examiner_name}', () => {
  test("REST #7's profile plus the extra figures, with this account's own analysis bases", async () => {
    const rest7 = (await call(t.app, { method: 'GET', url: '/v1/prosa/examiner/DOVE%2C%20TRACY%20M', headers: { 'x-api-key': keyA } })).json();
    const res = await get('/api/examiners/DOVE%2C%20TRACY%20M');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const { art_unit_stats: restUnit, as_of: _asOf, ...restFields } = rest7;
    expect(body).toMatchObject(restFields);
    expect(body.art_unit_stats).toMatchObject(restUnit);
    expect(body).toMatchObject({ examiner_name: 'DOVE, TRACY MAE', allowance_rate: 0.75, excluded_cases: 1, rejection_actions: 4, analysis_bases_counted: 2 });
    expect(body.top_rejection_bases).toContain('112(b)');
    // Issue 11: applicant-initiated interviews only; too few of them → null with the reason.
    expect(body).toMatchObject({
      interview_success_rate: null,
      interviewed_cases: 2,
      not_interviewed_cases: 6,
      interview_rates_reason: expect.stringMatching(/^insufficient_sample/),
      avg_rces_to_allowance: 0.17,
    });
    expect(body.art_unit_stats).toMatchObject({
      art_unit: '1727',
      examiners: 2,
      allowed_cases: 7,
      abandoned_cases: 3,
      total_cases_analyzed: 10,
      rejection_actions: 4,
      sample_size_warning: expect.stringMatching(/fewer than 100/),
    });
    expect(body.art_unit_stats).toMatchObject({
      interview_success_rate: null,
      interviewed_cases: 2,
      not_interviewed_cases: 8,
      interview_rates_reason: expect.stringMatching(/^insufficient_sample/),
    });
    // B's profile does not count A's analyses.
    const other = (await get('/api/examiners/DOVE%2C%20TRACY%20M', { cookie: b.cookie })).json();
    expect(other.analysis_bases_counted).toBe(0);
    expect(other.top_rejection_bases).not.toContain('112(b)');
  });

  test('409 examiner_ambiguous with candidates; art_unit picks one; 404 examiner_not_found', async () => {
    const amb = await get('/api/examiners/SMITH%2C%20JOHN%20M');
    expect(amb.statusCode).toBe(409);
    expect(amb.json()).toMatchObject({
      error: true,
      error_code: 'examiner_ambiguous',
      candidates: [{ examiner_name: 'SMITH, JOHN MARK' }, { examiner_name: 'SMITH, JOHN MICHAEL' }],
    });
    expect((await get('/api/examiners/SMITH%2C%20JOHN%20M?art_unit=2100')).json().examiner_name).toBe('SMITH, JOHN MICHAEL');
    const missing = await get('/api/examiners/NOBODY%2C%20JANE');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error_code).toBe('examiner_not_found');
    expect((await get('/api/examiners/DOVE?art_unit=abcd')).json().message).toContain('querystring.art_unit');
  });
});

describe('GET /api/art-units/{art_unit}', () => {
  test("the art unit's figures and the sample sizes behind them", async () => {
    const res = await get('/api/art-units/1727');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      art_unit: '1727',
      examiners: 2,
      allowance_rate: 0.7,
      total_cases_analyzed: 10,
      allowed_cases: 7,
      abandoned_cases: 3,
      pending_cases: 2,
      excluded_cases: 1,
      rejection_actions: 4,
      top_rejection_bases: ['103', '102', '112', '101'],
      rejection_basis_counts: [
        { basis: '103', office_actions: 3 },
        { basis: '102', office_actions: 1 },
        { basis: '112', office_actions: 1 },
        { basis: '101', office_actions: 1 },
      ],
      sample_size_warning: expect.any(String),
      stats_current: true,
    });
    expect(res.json().avg_actions_to_allowance).toEqual(expect.any(Number));
  });

  test('an art unit without data: 404 art_unit_not_found; a malformed one: 400', async () => {
    const none = await get('/api/art-units/9999');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ error: true, error_code: 'art_unit_not_found' });
    const bad = await get('/api/art-units/17a7');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('params.art_unit');
  });
});
