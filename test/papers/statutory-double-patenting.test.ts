/**
 * Statutory (same-invention, 35 U.S.C. 101) double patenting, on the real action of 15/218,841
 * (claims 1-18 against claims 1-18 of US 8,430,328 B2; public record, see
 * test/fixtures/art/README.md). The paper argues or amends to "not the same invention" (MPEP
 * 804(II)(A)), never "patentably distinct" (the nonstatutory test), and never offers a terminal
 * disclaimer, which cannot overcome this rejection.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from '../support/app.ts';
import { grant, pathOf, pollUntilDone } from '../support/drafts.ts';
import { openDocx } from '../documents/support/open-docx.ts';

const ACTION = readFileSync(new URL('../fixtures/art/set-02-15218841/action.txt', import.meta.url), 'utf8');

let t: TestApp;
let key: string;
let analysisId: string;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { worker: true, queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 } });
  const { cookie, accountId } = await signUp(t.app);
  await grant(t.database.db, accountId, 300);
  key = await createKey(t.app, cookie);
  const entry = await t.app.inject({
    method: 'POST',
    url: '/api/docket',
    headers: { cookie },
    payload: {
      application_number: '15/218,841',
      application: { invention_title: 'DOT PATTERN', filing_date: '2016-07-25', examiner_name: 'KIM, AHSHIK', art_unit: '2876' },
    },
    remoteAddress: randomIp(),
  });
  expect(entry.statusCode, entry.body).toBe(201);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/prosa/analyze',
    headers: { 'x-api-key': key },
    payload: { application_number: '15218841', office_action_text: ACTION, include_examiner_intel: false },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  analysisId = res.json().analysis_id;
});
afterAll(() => t?.close());

async function paper(selections: Record<string, string>): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/prosa/draft-roa',
    headers: { 'x-api-key': key },
    payload: {
      application_number: '15218841',
      analysis_id: analysisId,
      office_action_date: '2026-10-13',
      response_date: '2026-11-27',
      strategy_selections: selections,
      accept_incomplete: true,
    },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(202);
  const { body: job } = await pollUntilDone(t.app, res.json().poll_url, { 'x-api-key': key }, t.database.db);
  expect(job.status, JSON.stringify(job)).toBe('complete');
  const file = await t.app.inject({ method: 'GET', url: pathOf(job.download_url as string), remoteAddress: randomIp() });
  return (await openDocx(file.rawPayload)).text.replace(/\s+/g, ' ');
}

describe('a reply to statutory double patenting', () => {
  test('amended: the claim is no longer the same invention; no patentable-distinctness test, no disclaimer', async () => {
    const text = await paper({ claim_1: 'amend_narrow' });
    expect(text).toMatch(/As amended, claims? 1\b[^.]{0,40} (?:is|are) no longer drawn to the same invention as any claim of/);
    expect(text).not.toMatch(/patentably distinct/);
    expect(text).not.toMatch(/terminal disclaimer (?:remains available|under 37 C\.F\.R\. § 1\.321)/);
  });

  test('argued: the same-invention standard and its reason, and no terminal disclaimer offered', async () => {
    const text = await paper({ claim_1: 'argue_distinction' });
    expect(text).toMatch(/could be literally infringed without literally infringing the other \(MPEP 804\(II\)\(A\)\)/);
    expect(text).toMatch(/not drawn to the same invention as the claims of/);
    expect(text).not.toMatch(/patentably distinct/);
    expect(text).not.toMatch(/A terminal disclaimer remains available/);
  });
});
