import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from './support/app.ts';
import { importDataset, type AppSpec } from './support/examiner-dataset.ts';

/**
 * include_examiner_intel end to end: the analysis reads the examiner profile (REST #7's figures)
 * for its strategy, and each analysis feeds the examiner's rejection bases for its account.
 */
const OA = readFileSync(new URL('../src/domain/office-action/fixtures/04.txt', import.meta.url), 'utf8');
const EXAMINER: AppSpec['examiner'] = ['QUILL', 'HARRIET', 'ANNE', '77001'];

/**
 * 24 disposed applications: those with an applicant-initiated interview (EXIN or EXIA) mostly
 * allowed (11 of 12), the others mostly not (4 of 12); one pending. Every allowance without an
 * applicant interview also had the examiner's own pre-allowance call (EXET), which must not count.
 */
function dataset(): AppSpec[] {
  const apps: AppSpec[] = [];
  for (let i = 0; i < 24; i++) {
    const interviewed = i < 12;
    const allowed = interviewed ? i < 11 : i < 16;
    const number = `15${String(100000 + i).padStart(6, '0')}`;
    const events: [string, string][] = [
      ['CTNF', '2018-01-10'],
      ['MCTNF', '2018-01-12'],
    ];
    if (interviewed) events.push([i % 2 === 0 ? 'EXIN' : 'EXIA', '2018-03-01']);
    if (!interviewed && allowed) events.push(['EXET', '2018-08-30']);
    events.push(allowed ? ['N/=.', '2018-09-01'] : ['ABN2', '2018-09-01']);
    apps.push({
      number,
      examiner: EXAMINER,
      artUnit: '3726',
      status: allowed ? 150 : 161,
      statusDate: '2019-01-01',
      ...(allowed ? { issued: '2019-01-01' } : {}),
      events,
    });
  }
  apps.push({ number: '15999999', examiner: EXAMINER, artUnit: '3726', status: 41, statusDate: '2026-10-01', events: [['CTNF', '2026-10-01']] });
  // An examiner whose only interviews are their own pre-allowance calls (the issue-11 finding: it
  // read as a 100 % interview success rate): 12 allowed after an EXET, 8 abandoned; one pending.
  for (let i = 0; i < 20; i++) {
    const allowed = i < 12;
    const events: [string, string][] = [
      ['CTNF', '2018-01-10'],
      ['MCTNF', '2018-01-12'],
    ];
    if (allowed) events.push(['EXET', '2018-08-30'], ['N/=.', '2018-09-01']);
    else events.push(['ABN2', '2018-09-01']);
    apps.push({
      number: `15${String(200000 + i).padStart(6, '0')}`,
      examiner: CALLER,
      artUnit: '3726',
      status: allowed ? 150 : 161,
      statusDate: '2019-01-01',
      ...(allowed ? { issued: '2019-01-01' } : {}),
      events,
    });
  }
  apps.push({ number: '15888888', examiner: CALLER, artUnit: '3726', status: 41, statusDate: '2026-10-01', events: [['CTNF', '2026-10-01']] });
  return apps;
}
const CALLER: AppSpec['examiner'] = ['PHONER', 'OSCAR', 'LEE', '77002'];

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  await importDataset(t.database.db, dataset());
  const { cookie } = await signUp(t.app);
  key = await createKey(t.app, cookie);
});
afterAll(async () => {
  await t?.close();
});

const analyze = (body: object) =>
  t.app.inject({ method: 'POST', url: '/v1/prosa/analyze', headers: { 'x-api-key': key }, payload: body, remoteAddress: randomIp() });

describe('include_examiner_intel', () => {
  test("uses the examiner's profile: the interview lift is reported and recommended", async () => {
    const res = await analyze({ application_number: '15/999,999', office_action_text: OA });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a.examiner_intel).toMatchObject({ requested: true, examiner_name: 'QUILL, HARRIET ANNE' });
    expect(a.examiner_intel.stats).toMatchObject({
      allowance_rate: 0.625,
      interview_success_rate: 0.9167,
      allowance_rate_without_interview: 0.3333,
      total_cases_analyzed: 24,
    });
    const suggested = a.claim_analyses.filter((c: { strategy: { suggest_interview: boolean } }) => c.strategy.suggest_interview);
    expect(suggested.length).toBeGreaterThan(0);
  });

  test("an examiner's own pre-allowance calls are no interview success: null rates with the reason, no interview claimed", async () => {
    const profile = await t.app.inject({
      method: 'GET',
      url: `/v1/prosa/examiner/${encodeURIComponent('PHONER, OSCAR LEE')}`,
      headers: { 'x-api-key': key },
      remoteAddress: randomIp(),
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({
      allowance_rate: 0.6,
      interview_success_rate: null, // was 1.0: 12 of 12 "interviewed" cases allowed
      allowance_rate_without_interview: null,
      interview_lift: null,
      interviewed_cases: 0,
      not_interviewed_cases: 20,
      interview_rates_reason: expect.stringMatching(/^insufficient_sample: 0 disposed application\(s\) with an applicant-initiated interview;/),
    });
    const res = await analyze({ application_number: '15888888', office_action_text: OA });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a.examiner_intel.stats).toMatchObject({ allowance_rate: 0.6, interview_success_rate: null, total_cases_analyzed: 20 });
    expect(a.claim_analyses.some((c: { strategy: { suggest_interview: boolean } }) => c.strategy.suggest_interview)).toBe(false);
    expect(JSON.stringify(a.claim_analyses)).not.toMatch(/examiner interview/i);
  });

  test('include_examiner_intel: false skips the examiner step', async () => {
    const a = (await analyze({ application_number: '15999999', office_action_text: OA, include_examiner_intel: false })).json();
    expect(a.examiner_intel).toMatchObject({ requested: false, stats: null });
    expect(a.claim_analyses.some((c: { strategy: { suggest_interview: boolean } }) => c.strategy.suggest_interview)).toBe(false);
  });

  test("the account's analyses feed the examiner's rejection bases (REST #7), for that account only", async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: `/v1/prosa/examiner/${encodeURIComponent('QUILL, HARRIET A')}`,
      headers: { 'x-api-key': key },
      remoteAddress: randomIp(),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().top_rejection_bases).toContain('103');
    const other = await signUp(t.app);
    const otherKey = await createKey(t.app, other.cookie);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/v1/prosa/examiner/${encodeURIComponent('QUILL, HARRIET A')}`,
      headers: { 'x-api-key': otherKey },
      remoteAddress: randomIp(),
    });
    expect(theirs.json().top_rejection_bases).not.toContain('103');
    expect(theirs.json().allowance_rate).toBe(mine.json().allowance_rate);
  });
});
