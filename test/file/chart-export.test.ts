/**
 * The claim chart as a document (issue 18 item 4) through POST /api/exports: a job at the Form
 * price whose DOCX sets each limitation of 15/091,542 beside the examiner's words and Laroia's
 * passage, with what was noticed.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, randomIp, type TestApp } from '../support/app.ts';
import { grant, pathOf, pollUntilDone } from '../support/drafts.ts';
import { openDocx } from '../documents/support/open-docx.ts';
import { CLAIMS, fileAccount, LAROIA, type FileAccount } from './support.ts';

let t: TestApp;
let a: FileAccount;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { worker: true, queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 } });
  a = await fileAccount(t.app);
  await grant(t.database.db, a.accountId, 20);
  for (const payload of [
    { kind: 'claims', text: CLAIMS },
    { kind: 'reference', publication_number: 'US 2005/0025220 A1', text: LAROIA },
  ]) {
    expect((await a.call({ method: 'POST', url: `/api/docket/${a.entryId}/documents`, payload })).statusCode).toBe(201);
  }
});
afterAll(() => t?.close());

test('the chart document is a Form-priced job whose tables quote the claim, the examiner and Laroia', async () => {
  const res = await a.call({
    method: 'POST',
    url: '/api/exports',
    payload: { type: 'form', form: 'claim_chart', application_number: '15/091,542', analysis_id: a.analysisId },
  });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toMatchObject({ export_type: 'form', form: 'claim_chart', price: '5.00' });
  const { body: job } = await pollUntilDone(t.app, res.json().poll_url, { cookie: a.cookie }, t.database.db);
  expect(job.status, JSON.stringify(job)).toBe('complete');
  const file = await t.app.inject({ method: 'GET', url: pathOf(job.download_url as string), remoteAddress: randomIp() });
  const doc = await openDocx(file.rawPayload);
  const text = doc.text.replace(/\s+/g, ' ');
  expect(text).toContain('Claim Chart: U.S. Application No. 15/091,542');
  expect(text).toContain(
    'wherein the first bandwidth region and the second bandwidth region are receivable by a WLAN device operating in approximately the 5GHz bandwidth region',
  );
  expect(text).toContain('Laroia (US 2005/0025220 A1), ¶ [0065]: “The methods and apparatus of the present invention may be');
  expect(text).toMatch(/Not in the passage: .*WLAN, 5GHz appear nowhere in the held text of Laroia/);
  expect(text).toMatch(/Not resolved: .*no text of Zhu/);
  expect(doc.documentXml).toContain('w:orient="landscape"');
});

test('without an analysis id the chart is refused before anything is charged', async () => {
  const before = (await a.call({ method: 'GET', url: '/api/credits' })).json();
  const res = await a.call({
    method: 'POST',
    url: '/api/exports',
    payload: { type: 'form', form: 'claim_chart', application_number: '15/091,542', analysis_id: 'an_unknown' },
  });
  expect(res.statusCode).toBe(404);
  expect(res.json().error_code).toBe('analysis_not_found');
  expect((await a.call({ method: 'GET', url: '/api/credits' })).json().balance).toBe(before.balance);
});
