/**
 * Issue 11 through REST #4: completeness enforced (422 response_incomplete unless
 * accept_incomplete), the completeness report in the job result, one strategy vocabulary
 * (amend_clarify accepted), and the papers that should not exist refused before any charge.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from '../support/app.ts';
import { docxText, grant, OA_TEXT, pathOf, pollUntilDone } from '../support/drafts.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { getBalanceMicro } from '../../src/queries/credits.ts';

const NOA_TEXT = readFileSync(new URL('../../src/domain/office-action/fixtures/11.txt', import.meta.url), 'utf8');

let t: TestApp;
let key: string;
let accountId: string;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { worker: true, queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 } });
  await seedDemoData(t.database.db, '2026-11-21');
  const s = await signUp(t.app);
  accountId = s.accountId;
  key = await createKey(t.app, s.cookie);
  await grant(t.database.db, accountId, 500);
});
afterAll(async () => {
  await t?.close();
});

const analyze = async (applicationNumber: string, text: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/prosa/analyze',
    headers: { 'x-api-key': key },
    payload: { application_number: applicationNumber, office_action_text: text, include_examiner_intel: false },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { analysis_id: string; claim_analyses: { claim_number: number; recommendation: string }[]; grounds: { id: string }[] };
};
const submit = (body: object) =>
  t.app.inject({ method: 'POST', url: '/v1/prosa/draft-roa', headers: { 'x-api-key': key }, payload: body, remoteAddress: randomIp() });

describe('REST #4: completeness', () => {
  let analysisId: string;
  beforeAll(async () => {
    analysisId = (await analyze('17200011', OA_TEXT)).analysis_id;
  });

  test('a draft leaving a ground unanswered is refused with 422 response_incomplete naming it; nothing is charged', async () => {
    const before = await getBalanceMicro(t.database.db, accountId);
    const res = await submit({ application_number: '17200011', analysis_id: analysisId, strategy_selections: { claim_1: 'no_action' } });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ error: true, error_code: 'response_incomplete' });
    expect(res.json().message).toMatch(
      /r1-103 \(Rejection of claims 1-2 under 35 U\.S\.C\. 103\) is not answered: claim 1: no_action: no strategy answers this ground/,
    );
    expect(res.json().agent_suggestion).toMatch(/accept_incomplete/);
    expect(await getBalanceMicro(t.database.db, accountId)).toBe(before);
  });

  test('accept_incomplete drafts it, with a note on page 1, and the job result carries the completeness report', async () => {
    const res = await submit({
      application_number: '17200011',
      analysis_id: analysisId,
      strategy_selections: { claim_1: 'no_action' },
      accept_incomplete: true,
      response_date: '2026-11-21',
    });
    expect(res.statusCode, res.body).toBe(202);
    const { body } = await pollUntilDone(t.app, res.json().poll_url, { 'x-api-key': key }, t.database.db);
    expect(body.status).toBe('complete');
    const report = body.completeness as {
      complete: boolean;
      missing: { code: string; ground_id?: string }[];
      grounds: { ground_id: string; answered: boolean }[];
    };
    expect(report.complete).toBe(false);
    expect(report.missing).toContainEqual(expect.objectContaining({ code: 'ground_unanswered', ground_id: 'r1-103' }));
    expect(report.grounds.find((g) => g.ground_id === 'r1-103')?.answered).toBe(false);
    const file = await t.app.inject({ method: 'GET', url: pathOf(body.download_url as string), remoteAddress: randomIp() });
    const text = await docxText(file);
    const firstPage = text.slice(0, text.indexOf('Remarks'));
    expect(firstPage).toMatch(/INCOMPLETE REPLY \(drafted at your request\): this draft does not answer Rejection of claims 1-2 under 35 U\.S\.C\. 103\./);
    expect(firstPage).toMatch(
      /Missing: The rejection of claims 1-2 under 35 U\.S\.C\. 103 is not answered: claim 1: leave the claim as it is, so nothing answers this ground/,
    );
  });

  test('a complete draft: the report maps each ground to its section; amend_clarify (an analysis code) is an accepted selection, and argues the art ground it cannot answer', async () => {
    const res = await submit({
      application_number: '17200011',
      analysis_id: analysisId,
      strategy_selections: { claim_2: 'amend_clarify' },
      response_date: '2026-11-21',
    });
    expect(res.statusCode, res.body).toBe(202);
    const { body } = await pollUntilDone(t.app, res.json().poll_url, { 'x-api-key': key }, t.database.db);
    const report = body.completeness as {
      complete: boolean;
      grounds: { ground_id: string; section: string; answered_by: { claims: number[]; how: string }[] }[];
    };
    expect(report.complete).toBe(true);
    expect(report.grounds.find((g) => g.ground_id === 'r1-103')?.section).toBe('Rejection of Claims 1 and 2 under 35 U.S.C. 103');
    // A clarifying amendment does not narrow claim 2 over the references: its 103 ground is argued (issue 19 item 5).
    expect(report.grounds.find((g) => g.ground_id === 'r1-103')?.answered_by).toEqual([
      { claims: [1], how: 'amended', prompted: true },
      { claims: [2], how: 'argued', prompted: true },
    ]);
    expect(report.grounds.find((g) => g.ground_id === 'o1-claims')?.section).toBe('Allowable Subject Matter');
  });
});

describe('REST #4: papers that should not exist', () => {
  test('a Notice of Allowance is refused (no 49.00 "response"), warning about the claims the examiner\'s amendment cancelled', async () => {
    const a = await analyze('17111222', NOA_TEXT);
    const before = await getBalanceMicro(t.database.db, accountId);
    const res = await submit({ application_number: '17111222', analysis_id: a.analysis_id });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error_code).toBe('no_reply_to_allowance');
    expect(res.json().message).toMatch(/not extendable/);
    expect(res.json().message).toMatch(/cancels claims 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21/);
    expect(res.json().message).toMatch(/continuation or divisional before the patent issues/);
    expect(await getBalanceMicro(t.database.db, accountId)).toBe(before);
  });

  test('an analysis of a non-final against a pending final is refused naming both, unless the caller confirms', async () => {
    const a = await analyze('17345678', OA_TEXT);
    const res = await submit({ application_number: '17345678', analysis_id: a.analysis_id });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error_code).toBe('analysis_kind_mismatch');
    expect(res.json().message).toMatch(
      /is of a non-final rejection, but the action awaiting a reply in application 17345678 is a final rejection \(CTFR mailed \d{4}-\d{2}-\d{2}\)/,
    );
    const ok = await submit({ application_number: '17345678', analysis_id: a.analysis_id, confirm_kind_mismatch: true, office_action_date: '2026-09-07' });
    expect(ok.statusCode, ok.body).toBe(202);
  });
});
