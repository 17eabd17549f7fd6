import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from './support/app.ts';
import { DATASET, importDataset, importRejections, REJECTIONS } from './support/examiner-dataset.ts';
import { recordAnalysisBases } from '../src/commands/analysis-bases-recorder.ts';

let t: TestApp;
let keyA: string;
let keyB: string;
let accountA: string;

beforeAll(async () => {
  t = await createTestApp();
  await importDataset(t.database.db, DATASET);
  await importRejections(t.database.db, REJECTIONS);
  const a = await signUp(t.app);
  accountA = a.accountId;
  keyA = await createKey(t.app, a.cookie);
  keyB = await createKey(t.app, (await signUp(t.app)).cookie);
});
afterAll(async () => {
  await t?.close();
});

const get = (name: string, key: string | null = keyA, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/v1/prosa/examiner/${encodeURIComponent(name)}${query}`,
    headers: key ? { 'x-api-key': key } : {},
    remoteAddress: randomIp(),
  });

describe('REST #7 GET /v1/prosa/examiner/{examiner_name}', () => {
  it('answers the profile: the spec fields in order, then the additive ones', async () => {
    const res = await get('DOVE, TRACY M');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).slice(0, 7)).toEqual([
      'examiner_name',
      'art_unit',
      'allowance_rate',
      'avg_actions_to_allowance',
      'top_rejection_bases',
      'interview_success_rate',
      'total_cases_analyzed',
    ]);
    expect(body).toMatchObject({
      examiner_name: 'DOVE, TRACY MAE',
      art_unit: '1727',
      allowance_rate: 0.75,
      avg_actions_to_allowance: 1.5,
      top_rejection_bases: ['103', '102', '112', '101'],
      // Applicant-initiated interviews only (A11's examiner call does not count); 2 and 6 cases are
      // below the minimum sample of 10 each: null with the reason, never a rate over 2 cases.
      interview_success_rate: null,
      total_cases_analyzed: 8,
      allowance_rate_without_interview: null,
      interview_lift: null,
      interview_rates_reason: expect.stringMatching(
        /^insufficient_sample: 2 disposed application\(s\) with an applicant-initiated interview and 6 without one/,
      ),
      interviewed_cases: 2,
      not_interviewed_cases: 6,
      avg_rces_to_allowance: 0.17,
      pending_cases: 2,
      examiner_id: '66459',
      art_unit_stats: { art_unit: '1727', allowance_rate: 0.7, total_cases_analyzed: 10, examiners: 2 },
      data_window: { from: '2016-05-03', to: '2020-01-14' },
      sample_size_warning: expect.stringMatching(/fewer than 100/),
    });
    expect(body.as_of).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(res.headers.deprecation).toMatch(/^@\d+$/);
    expect(res.headers['x-credit-balance']).toBeDefined();
  });

  it('accepts the name with spaces and commas encoded, any case, or with + for spaces', async () => {
    for (const url of ['/v1/prosa/examiner/DOVE%2C%20TRACY%20MAE', '/v1/prosa/examiner/dove%20tracy%20mae', '/v1/prosa/examiner/DOVE,+TRACY+MAE']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': keyA }, remoteAddress: randomIp() });
      expect(res.statusCode).toBe(200);
      expect(res.json().examiner_name).toBe('DOVE, TRACY MAE');
    }
  });

  it('without X-API-Key: 401 missing_api_key', async () => {
    const res = await get('DOVE, TRACY MAE', null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: true, error_code: 'missing_api_key', agent_suggestion: expect.any(String) });
  });

  it('an unknown name: 404 examiner_not_found telling the agent where to take the name from', async () => {
    const res = await get('NOBODY, JANE Q');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: true,
      error_code: 'examiner_not_found',
      message: expect.stringContaining('NOBODY, JANE Q'),
      agent_suggestion: expect.stringMatching(/lookup.*examiner_name/),
    });
  });

  it('an ambiguous name: 409 examiner_ambiguous with the candidates', async () => {
    const res = await get('SMITH, JOHN M');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: true,
      error_code: 'examiner_ambiguous',
      message: expect.stringContaining('2 examiners'),
      agent_suggestion: expect.stringMatching(/art_unit/),
      candidates: [
        { examiner_name: 'SMITH, JOHN MARK', examiner_id: '70001', art_unit: '1727', total_cases_analyzed: 2, pending_cases: 0 },
        { examiner_name: 'SMITH, JOHN MICHAEL', examiner_id: '70002', art_unit: '2100', total_cases_analyzed: 1, pending_cases: 0 },
      ],
    });
  });

  it('?art_unit= and ?examiner_id= pick one candidate', async () => {
    expect((await get('SMITH, JOHN M', keyA, '?art_unit=2100')).json().examiner_name).toBe('SMITH, JOHN MICHAEL');
    expect((await get('SMITH, JOHN M', keyA, '?examiner_id=70001')).json().examiner_name).toBe('SMITH, JOHN MARK');
  });

  it('?from_year=&to_year= window the disposed cases; bad values are a 400', async () => {
    const res = await get('DOVE, TRACY MAE', keyA, '?from_year=2019&to_year=2019');
    expect(res.json()).toMatchObject({ total_cases_analyzed: 5, allowance_rate: 0.8, data_window: { from: '2019-03-05', to: '2019-12-03' } });
    expect((await get('DOVE, TRACY MAE', keyA, '?from_year=abc')).statusCode).toBe(400);
  });

  it("one account's analyses shape its own top_rejection_bases, never another account's", async () => {
    await recordAnalysisBases(t.database.db, {
      accountId: accountA,
      applicationNumber: '16000002',
      mailingDate: '2018-02-01',
      bases: ['112(b)', '112(b)', '103'],
    });
    expect((await get('DOVE, TRACY MAE', keyA)).json().top_rejection_bases).toEqual(['103', '102', '112', '112(b)', '101']);
    const other = (await get('DOVE, TRACY MAE', keyB)).json();
    expect(other.top_rejection_bases).toEqual(['103', '102', '112', '101']);
    expect(other.allowance_rate).toBe(0.75);
  });

  it('a name over 200 characters is refused cleanly', async () => {
    const res = await get('X'.repeat(300));
    expect([400, 414]).toContain(res.statusCode);
    expect(res.json().error).toBe(true);
  });
});
