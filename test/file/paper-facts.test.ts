/**
 * A paper states only what a held source says (issue 18 item 6, issue 19 item 1), tested on a
 * constructed anticipation rejection (test data written for this test, not a real action) whose
 * examiner cites reference numerals, not paragraphs, and names no claim's parent.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from '../support/app.ts';
import { grant, pathOf, pollUntilDone } from '../support/drafts.ts';
import { openDocx } from '../documents/support/open-docx.ts';

const ACTION = [
  'Application/Control Number: 16/555,123',
  'Claim Rejections - 35 USC § 102',
  'Claims 1-4 are rejected under 35 U.S.C. 102(a)(1) as being anticipated by Sakae (US 2015/0123456 A1).',
  'Regarding claim 1, Sakae discloses a blower comprising a fan (24a), a duct (26) and a motor (28) driving the fan.',
  'Regarding claims 2-4, Sakae discloses the housing (30) and the filter (32).',
].join('\n');

const CLAIMS = [
  '1. A blower comprising: a fan; a duct; and a motor driving the fan.',
  '2. The blower of claim 1, further comprising a housing.',
  '3. The blower of claim 2, further comprising a filter.',
  '4. The blower of claim 1, wherein the fan is axial.',
].join('\n');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { worker: true, queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 } });
});
afterAll(() => t?.close());

async function paper(withClaims: boolean): Promise<string> {
  const { cookie, accountId } = await signUp(t.app);
  await grant(t.database.db, accountId, 100);
  const key = await createKey(t.app, cookie);
  const call = (method: 'POST', url: string, payload: object) => t.app.inject({ method, url, headers: { cookie }, payload, remoteAddress: randomIp() });
  const entry = await call('POST', '/api/docket', {
    application_number: '16/555,123',
    application: { invention_title: 'BLOWER', filing_date: '2019-02-01', examiner_name: 'SMITH, JANE', art_unit: '3744' },
  });
  const analysis = await call('POST', '/api/analyses', { application_number: '16555123', office_action_text: ACTION, include_examiner_intel: false });
  if (withClaims) expect((await call('POST', `/api/docket/${entry.json().id}/documents`, { kind: 'claims', text: CLAIMS })).statusCode).toBe(201);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/prosa/draft-roa',
    headers: { 'x-api-key': key },
    payload: {
      application_number: '16555123',
      analysis_id: analysis.json().analysis_id,
      office_action_date: '2026-10-01',
      response_date: '2026-11-27',
      strategy_selections: { claim_1: 'argue_distinction', claim_2: 'argue_distinction', claim_3: 'argue_distinction', claim_4: 'argue_distinction' },
    },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(202);
  const { body: job } = await pollUntilDone(t.app, res.json().poll_url, { 'x-api-key': key }, t.database.db);
  expect(job.status, JSON.stringify(job)).toBe('complete');
  const file = await t.app.inject({ method: 'GET', url: pathOf(job.download_url as string), remoteAddress: randomIp() });
  return (await openDocx(file.rawPayload)).text.replace(/\s+/g, ' ');
}

describe('facts in the remarks', () => {
  test('an action that cites reference numerals is never said to identify nothing', async () => {
    const text = await paper(false);
    expect(text).not.toMatch(/does not identify where Sakae discloses/);
  });

  test('without the claims, no dependency is stated; with them, as their text says', async () => {
    const without = await paper(false);
    expect(without).not.toMatch(/Claims? [\d, and-]+ depends? (?:, directly or indirectly,)?\s*from claim/);
    const withClaims = await paper(true);
    expect(withClaims).toMatch(/Claims 2-4 depend, directly or indirectly, from claim 1/);
  });
});
