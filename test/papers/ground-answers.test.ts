/**
 * One answer per ground (issue 19 item 5), on corpus item 09 (16/058,002): claim 2 faces both
 * nonstatutory double patenting (r1-dp) and indefiniteness (r2-112b). Amended for 112(b), its
 * double patenting is still answered by a terminal disclaimer; disclaimed, its 112(b) ground is
 * still argued; a choice for one ground is taken, and refused when it cannot answer that ground.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from '../support/app.ts';
import { grant, pathOf, pollUntilDone } from '../support/drafts.ts';
import { openDocx } from '../documents/support/open-docx.ts';

const ACTION = readFileSync(new URL('../../src/domain/office-action/fixtures/09.txt', import.meta.url), 'utf8');

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
      application_number: '16/058,002',
      application: { invention_title: 'CORPUS ITEM 09', filing_date: '2018-08-08', examiner_name: 'EXAMINER, PAT', art_unit: '3700' },
    },
    remoteAddress: randomIp(),
  });
  expect(entry.statusCode, entry.body).toBe(201);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/prosa/analyze',
    headers: { 'x-api-key': key },
    payload: { application_number: '16058002', office_action_text: ACTION, include_examiner_intel: false },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  analysisId = res.json().analysis_id;
});
afterAll(() => t?.close());

const submit = (selections: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/prosa/draft-roa',
    headers: { 'x-api-key': key },
    payload: {
      application_number: '16058002',
      analysis_id: analysisId,
      office_action_date: '2026-09-01',
      response_date: '2026-11-27',
      strategy_selections: selections,
      accept_incomplete: true,
    },
    remoteAddress: randomIp(),
  });

async function paper(selections: Record<string, string>): Promise<string> {
  const res = await submit(selections);
  expect(res.statusCode, res.body).toBe(202);
  const { body: job } = await pollUntilDone(t.app, res.json().poll_url, { 'x-api-key': key }, t.database.db);
  expect(job.status, JSON.stringify(job)).toBe('complete');
  const file = await t.app.inject({ method: 'GET', url: pathOf(job.download_url as string), remoteAddress: randomIp() });
  return (await openDocx(file.rawPayload)).text.replace(/\s+/g, ' ');
}

/** The remarks section on one ground: from its heading to the next roman-numbered heading. */
const section = (text: string, heading: RegExp) => {
  const m = heading.exec(text);
  if (!m) return '';
  const rest = text.slice(m.index + m[0].length);
  const next = /\b[IVX]+\. (?:Rejection|Objection|Allowable|Conclusion|Request)/.exec(rest);
  return rest.slice(0, next ? next.index : undefined);
};

describe('each ground of claim 2 gets its own answer', () => {
  test('amended for 112(b), claim 2 is still disclaimed over the reference for double patenting', async () => {
    const text = await paper({ claim_2: 'amend_clarify' });
    const dp = section(text, /\b[IVX]+\. Rejection of Claim 2 on the Ground of Nonstatutory Double Patenting/);
    expect(dp).toMatch(/files herewith a terminal disclaimer under 37 C\.F\.R\. § 1\.321\(c\)/);
    expect(dp).not.toMatch(/As amended, claim 2 is patentably distinct/);
  });

  test("disclaimed, claim 2's indefiniteness is argued, not left with the disclaimer", async () => {
    const text = await paper({ claim_2: 'terminal_disclaimer' });
    expect(section(text, /\b[IVX]+\. Rejection of Claim 2 on the Ground of Nonstatutory Double Patenting/)).toMatch(/terminal disclaimer/);
    expect(text).not.toMatch(/selected strategy: terminal_disclaimer/);
    expect(text).not.toMatch(/A terminal disclaimer overcomes only a double patenting rejection/);
  });

  test('an answer chosen for one ground is taken; one that cannot answer it is refused, uncharged', async () => {
    const text = await paper({ claim_2: 'amend_clarify', 'claim_2:r1-dp': 'argue_distinction' });
    expect(section(text, /\b[IVX]+\. Rejection of Claim 2 on the Ground of Nonstatutory Double Patenting/)).toMatch(/patentably distinct from the claims of/);
    const wrong = await submit({ 'claim_2:r2-112b': 'terminal_disclaimer' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error_code: 'validation_error' });
    expect(wrong.json().message).toMatch(/terminal_disclaimer cannot answer ground r2-112b/);
    const notHis = await submit({ 'claim_1:r1-dp': 'terminal_disclaimer' });
    expect(notHis.statusCode).toBe(400);
    expect(notHis.json().message).toMatch(/ground r1-dp is not a ground of claim 1/);
  });
});
