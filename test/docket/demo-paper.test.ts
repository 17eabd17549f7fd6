import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, type TestApp } from '../support/app.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';

// The demo docket has a paper ready to analyze (and then answer): the
// non-final rejection of 17/200,011 carries its full public-record text, so the web app shows
// its Analyze button (has_text and an office_action_type) and the analysis runs on it.
let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  key = (await seedDemoData(t.database.db, '2026-11-21'))!.apiKey;
});
afterAll(async () => {
  await t?.close();
});

describe('the demo docket', () => {
  test('17/200,011 has a non-final rejection with its text, which analyzes', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/applications/17200011/correspondence',
      headers: { 'x-api-key': key },
      remoteAddress: randomIp(),
    });
    expect(list.statusCode, list.body).toBe(200);
    const papers = (list.json().correspondence ?? list.json().papers ?? list.json()) as {
      id: string;
      document_code: string;
      has_text: boolean;
      office_action_type: string | null;
    }[];
    const ctnf = papers.find((p) => p.document_code === 'CTNF' && p.has_text);
    expect(ctnf).toMatchObject({ has_text: true, office_action_type: expect.any(String) });
    const paper = await t.app.inject({ method: 'GET', url: `/api/correspondence/${ctnf!.id}`, headers: { 'x-api-key': key }, remoteAddress: randomIp() });
    const text = paper.json().full_text ?? paper.json().text;
    expect(text).toMatch(/DETAILED ACTION/);
    const analysis = await t.app.inject({
      method: 'POST',
      url: '/v1/prosa/analyze',
      headers: { 'x-api-key': key },
      payload: { application_number: '17200011', office_action_text: text, include_examiner_intel: false },
      remoteAddress: randomIp(),
    });
    expect(analysis.statusCode, analysis.body).toBe(200);
    expect(analysis.json().claim_analyses.length).toBeGreaterThan(0);
  });
});
