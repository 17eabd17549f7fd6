import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import mammoth from 'mammoth';
import { createTestApp, randomIp, type TestApp, LIFTED } from '../support/app.ts';
import { docxText, grant, pathOf, pollUntilDone } from '../support/drafts.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { credits } from '../../src/domain/money.ts';
import { getBalanceMicro } from '../../src/queries/credits.ts';
import { errorOf, newAccount, startPlan, type Account } from './support.ts';

/**
 * Submitting a response plan: the billed 49.00 draft job (the same job as REST #4), refused when
 * incomplete unless accepted, charged once per Idempotency-Key, and carrying the plan's
 * strategies, amended claims and arguments into the DOCX. Corpus 04, as application 17/200,011
 * (the demo record supplies the caption).
 */
let t: TestApp;
let a: Account;
let analysisId: string;
let firstPlan: string;

const ORIGINAL_1 = 'A cylinder liner casted in a block, comprising: a liner body; and an outer surface having a bore adjacent part.';
const AMENDED_1 =
  'A cylinder liner casted in a block, comprising: a cylindrical liner body; and an outer peripheral surface having a bore adjacent part positioned on an inner side of the liner body.';
const ORIGINAL_2 = 'The cylinder liner of claim 1, wherein the bore adjacent part is formed at an upper side end of the liner body.';
const ARGUMENT =
  'Rebmann discloses gaps 6a between adjacent bores, but neither Rebmann nor Wang positions the bore adjacent part on an inner side of the liner body.\n\nThe Office Action cites no passage for that limitation, so the combination does not teach every limitation of claims 1 and 2 (MPEP 2143.03).';

beforeAll(async () => {
  // Plans, not limits, are under test: the account-wide ceiling is lifted.
  t = await createTestApp({}, undefined, {
    worker: true,
    queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
    tiers: { account: LIFTED },
  });
  await seedDemoData(t.database.db, '2026-11-21');
  a = await newAccount(t, 5);
  analysisId = (await a.analyze('04', '17200011')).analysis_id;
});
afterAll(async () => {
  await t?.close();
});

const jobsOf = (accountId: string) => t.database.db.selectFrom('draft_jobs').select(['id', 'request']).where('account_id', '=', accountId).execute();
const exportCharges = (jobId: string) => t.database.db.selectFrom('credit_ledger').select(['kind', 'amount_micro']).where('reference', '=', jobId).execute();

async function finishedDocx(jobId: string): Promise<string> {
  return (await finishedDocument(jobId)).text;
}

/** The finished job's DOCX as raw text, and as HTML showing underline (<u>) and strike-through (<s>). */
async function finishedDocument(jobId: string): Promise<{ text: string; html: string }> {
  const { body } = await pollUntilDone(t.app, `/api/exports/${jobId}`, { 'x-api-key': a.keys[0] }, t.database.db);
  expect(body.status, JSON.stringify(body)).toBe('complete');
  const res = await t.app.inject({ method: 'GET', url: pathOf(body.download_url as string), remoteAddress: randomIp() });
  expect(res.statusCode).toBe(200);
  const html = (await mammoth.convertToHtml({ buffer: res.rawPayload }, { styleMap: ['u => u', 'strike => s'] })).value;
  return { text: await docxText(res), html };
}

describe('POST /api/response-plans/{id}/submit', () => {
  test('an incomplete plan is refused: 422 response_incomplete listing what is missing; nothing charged or queued', async () => {
    firstPlan = (await startPlan(a, analysisId)).plan_id;
    expect((await a.call('PUT', `/api/response-plans/${firstPlan}/claims/5/strategy`, { strategy: 'cancel' })).statusCode).toBe(200);
    const before = await getBalanceMicro(t.database.db, a.accountId);
    const body = errorOf(await a.call('POST', `/api/response-plans/${firstPlan}/submit`, {}), 422, 'response_incomplete');
    expect(body.missing.length).toBeGreaterThan(0);
    expect(body.missing).toContainEqual(expect.objectContaining({ code: 'ground_unanswered', ground_id: 'r1-103' }));
    expect(body.missing).toContainEqual(expect.objectContaining({ code: 'amended_text_missing', claim: 1 }));
    expect(body.agent_suggestion).toMatch(/accept_incomplete/);
    // Also with no body at all.
    errorOf(await a.call('POST', `/api/response-plans/${firstPlan}/submit`), 422, 'response_incomplete');
    expect(await getBalanceMicro(t.database.db, a.accountId)).toBe(before);
    expect(await jobsOf(a.accountId)).toHaveLength(0);
  });

  test('402 insufficient_credits when the balance cannot cover 49.00, as REST #4; the plan stays open', async () => {
    expect(await getBalanceMicro(t.database.db, a.accountId)).toBeLessThan(credits(49));
    const body = errorOf(await a.call('POST', `/api/response-plans/${firstPlan}/submit`, { accept_incomplete: true }), 402, 'insufficient_credits');
    expect(body.message).toMatch(/OA Response/);
    expect(body.message).toMatch(/49\.00/);
    expect(await jobsOf(a.accountId)).toHaveLength(0);
    expect((await a.call('GET', `/api/response-plans/${firstPlan}`)).json().status).toBe('open');
  });

  test('accept_incomplete: 202, charged 49.00 once; the paper opens with a drafting note listing what is missing; the plan is frozen', async () => {
    await grant(t.database.db, a.accountId, 200);
    const before = await getBalanceMicro(t.database.db, a.accountId);
    const res = await a.call('POST', `/api/response-plans/${firstPlan}/submit`, { accept_incomplete: true, response_date: '2026-11-21' });
    expect(res.statusCode, res.body).toBe(202);
    const sub = res.json();
    expect(sub).toMatchObject({ status: 'queued', export_type: 'oa_response', price: '49.00', plan_id: firstPlan, completeness: { complete: false } });
    expect(sub.poll_url).toBe(`/api/exports/${sub.job_id}`);
    expect(before - (await getBalanceMicro(t.database.db, a.accountId))).toBe(credits(49));
    expect((await exportCharges(sub.job_id)).map((e) => [e.kind, e.amount_micro])).toEqual([['export', -credits(49)]]);

    const plan = (await a.call('GET', `/api/response-plans/${firstPlan}`)).json();
    expect(plan).toMatchObject({ status: 'submitted', draft_job: { job_id: sub.job_id, poll_url: `/api/exports/${sub.job_id}` } });
    expect(plan.submitted_at).not.toBeNull();
    errorOf(await a.call('PUT', `/api/response-plans/${firstPlan}/claims/1/strategy`, { strategy: 'cancel' }), 409, 'plan_submitted');
    errorOf(await a.call('POST', `/api/response-plans/${firstPlan}/submit`, { accept_incomplete: true }), 409, 'plan_submitted');
    expect(
      await t.database.db.selectFrom('audit_log').select('id').where('action', '=', 'response_plan.submitted').where('target_id', '=', firstPlan).execute(),
    ).toHaveLength(1);

    // One completeness computation: the paper's report (stored with the job) is the plan's.
    const planReport = (await a.call('GET', `/api/response-plans/${firstPlan}/completeness`)).json();
    const jobRow = await t.database.db.selectFrom('draft_jobs').select('request').where('id', '=', sub.job_id).executeTakeFirstOrThrow();
    const jobReport = (
      jobRow.request as { completeness: { complete: boolean; answers: string; missing: { code: string; claim?: number; ground_id?: string }[] } }
    ).completeness;
    expect(jobReport).toMatchObject({ complete: false, answers: 'practitioner' });
    expect(jobReport.missing.map((m) => [m.code, m.claim, m.ground_id])).toEqual(
      planReport.missing.map((m: { code: string; claim?: number; ground_id?: string }) => [m.code, m.claim, m.ground_id]),
    );
    const text = await finishedDocx(sub.job_id);
    expect(text).toMatch(
      new RegExp(
        `Drafting note \\(delete before filing\\): INCOMPLETE REPLY \\(drafted at your request\\): this draft was generated from an incomplete response plan \\(${planReport.missing.length} items missing\\)`,
      ),
    );
    // Page 1 speaks to the practitioner: the plain words, no strategy code and no API call.
    expect(text).toMatch(/Missing: Claim 1 is to be amended[^.]*, but its amended text is not written yet\./);
    expect(text).not.toMatch(/amend_narrow|argue_distinction|rewrite_independent|PUT \.\.\.|original_text|\[r1-103\]/);
    expect(before - (await getBalanceMicro(t.database.db, a.accountId))).toBe(credits(49));
  });

  test("a new plan carries the submitted plan's choices forward", async () => {
    const res = await a.call('POST', '/api/response-plans', { analysis_id: analysisId });
    expect(res.statusCode).toBe(201);
    const plan = res.json();
    expect(plan.plan_id).not.toBe(firstPlan);
    expect(plan.status).toBe('open');
    expect(plan.claims[4]).toMatchObject({ claim_number: 5, strategy: 'cancel', strategy_source: 'practitioner' });
  });

  test('a complete plan: one job and one charge per Idempotency-Key; the DOCX carries the amended claim, the argument under its ground and the strategies', async () => {
    const plan = (await startPlan(a, analysisId)).plan_id;
    const put = async (url: string, body: object) => expect((await a.call('PUT', `/api/response-plans/${plan}${url}`, body)).statusCode).toBe(200);
    await put('/claims/1/text', { original_text: ORIGINAL_1, text: AMENDED_1 });
    await put('/claims/2/text', { original_text: ORIGINAL_2 });
    await put('/grounds/r1-103/argument', { text: ARGUMENT });
    for (const n of [3, 4, 6]) await put(`/claims/${n}/strategy`, { strategy: 'no_action' });
    const report = (await a.call('GET', `/api/response-plans/${plan}/completeness`)).json();
    expect(report.missing).toEqual([]);

    const before = await getBalanceMicro(t.database.db, a.accountId);
    const body = { response_date: '2026-11-22', attorney: { name: 'Jane Q. Attorney', registration_number: '12,345' } };
    const first = await a.call('POST', `/api/response-plans/${plan}/submit`, body, { 'idempotency-key': 'plan-submit-1' });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().completeness).toEqual({ complete: true, missing_count: 0 });
    const again = await a.call('POST', `/api/response-plans/${plan}/submit`, body, { 'idempotency-key': 'plan-submit-1' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().job_id).toBe(first.json().job_id);
    errorOf(
      await a.call('POST', `/api/response-plans/${plan}/submit`, { ...body, accept_incomplete: true }, { 'idempotency-key': 'plan-submit-1' }),
      409,
      'idempotency_key_reused',
    );
    expect(before - (await getBalanceMicro(t.database.db, a.accountId))).toBe(credits(49));
    const jobId = first.json().job_id as string;
    expect(await exportCharges(jobId)).toHaveLength(1);

    // The job is REST #4's job, its request carrying the plan.
    const job = await t.database.db
      .selectFrom('draft_jobs')
      .select(['export_type', 'analysis_id', 'request', 'price_micro'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ export_type: 'oa_response', analysis_id: analysisId, price_micro: credits(49) });
    const request = job.request as Record<string, any>;
    expect(request).toMatchObject({
      response_plan_id: plan,
      strategy_selections: { claim_1: 'amend_narrow', claim_2: 'argue_distinction', claim_5: 'cancel', claim_6: 'no_action' },
      amended_claims: { 1: AMENDED_1 },
      claims: { 1: ORIGINAL_1, 2: ORIGINAL_2 },
    });
    expect(request.arguments).toEqual([expect.objectContaining({ ground_id: 'r1-103', kind: 'rejection', basis: '103', text: ARGUMENT })]);
    expect(request.drafting_notes).toBeUndefined();
    // The paper's completeness report (one computation with the plan's): complete, nothing missing.
    expect(request.completeness).toMatchObject({ complete: true, answers: 'practitioner', missing: [] });

    const { text, html } = await finishedDocument(jobId);
    expect(text).toMatch(/AMENDMENT AND RESPONSE UNDER 37 C\.F\.R\. § 1\.111/);
    expect(text).toMatch(
      /1\. \(Currently Amended\) A cylinder liner casted in a block, comprising: a cylindrical liner body; and an outer peripheral surface having a bore adjacent part positioned on an inner side of the liner body\./,
    );
    // The 1.121(c)(2) markup the plan showed is the markup filed: the additions underlined.
    expect(html).toContain('<u>cylindrical</u>');
    expect(html).toContain('<u>peripheral</u>');
    expect(html).toContain('<u>positioned on an inner side of the liner body</u>');
    expect(text).toMatch(/2\. \(Original\) The cylinder liner of claim 1, wherein the bore adjacent part/);
    expect(text).toMatch(/5\. \(Canceled\)/);
    // The practitioner's argument, both paragraphs, under the 103 ground, before the generated
    // remarks on the amendment of claim 1; no generated skeleton for the argued claim 2.
    const start = text.indexOf('Rejection of Claims 1 and 2 under 35 U.S.C. 103');
    const end = text.indexOf('Allowable Subject Matter', start);
    expect(start).toBeGreaterThan(0);
    const section = text.slice(start, end);
    const p1 = section.indexOf(
      'Rebmann discloses gaps 6a between adjacent bores, but neither Rebmann nor Wang positions the bore adjacent part on an inner side of the liner body.',
    );
    const p2 = section.indexOf(
      'The Office Action cites no passage for that limitation, so the combination does not teach every limitation of claims 1 and 2 (MPEP 2143.03).',
    );
    expect(p1).toBeGreaterThan(section.indexOf('The Office Action states:'));
    expect(p2).toBeGreaterThan(p1);
    expect(section.indexOf('claim 1 has been amended')).toBeGreaterThan(p2);
    expect(text).not.toMatch(/identify the limitation\(s\) of claim 2/);
    expect(text).not.toMatch(/Applicant respectfully traverses the rejection/);
    expect(text).not.toMatch(/incomplete response plan/);
    expect((await a.call('GET', `/api/response-plans/${plan}`)).json()).toMatchObject({
      status: 'submitted',
      draft_job: { job_id: jobId, status: 'complete' },
    });
  });

  test('another account cannot submit the plan (404); nothing is charged to either', async () => {
    const b = await newAccount(t, 1);
    await grant(t.database.db, b.accountId, 100);
    const plan = (await startPlan(a, analysisId)).plan_id;
    const before = await getBalanceMicro(t.database.db, b.accountId);
    errorOf(await b.call('POST', `/api/response-plans/${plan}/submit`, { accept_incomplete: true }), 404, 'plan_not_found');
    expect(await getBalanceMicro(t.database.db, b.accountId)).toBe(before);
    expect(await jobsOf(b.accountId)).toHaveLength(0);
  });
});

describe('one vocabulary: REST #4 accepts every code the analysis recommends', () => {
  test('strategy_selections with amend_clarify (recommended by the analysis for 112(b) and form objections) is accepted and drafted', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/prosa/draft-roa',
      headers: { 'x-api-key': a.keys[1] },
      payload: {
        application_number: '17200011',
        analysis_id: analysisId,
        strategy_selections: { claim_1: 'amend_clarify', claim_2: 'rewrite_independent' },
        response_date: '2026-11-23',
      },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode, res.body).toBe(202);
    const { body } = await pollUntilDone(t.app, `/v1/prosa/draft-roa/status/${res.json().job_id}`, { 'x-api-key': a.keys[2] }, t.database.db);
    expect(body.status, JSON.stringify(body)).toBe('complete');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/v1/prosa/draft-roa',
      headers: { 'x-api-key': a.keys[3] },
      payload: { application_number: '17200011', analysis_id: analysisId, strategy_selections: { claim_1: 'amend_broaden' } },
      remoteAddress: randomIp(),
    });
    expect(errorOf(unknown, 400, 'validation_error').message).toMatch(
      /strategy_selections\.claim_1: must be one of amend_narrow, argue_distinction, cancel, argue_unexpected_results, amend_clarify, rewrite_independent, terminal_disclaimer, no_action, elect, provide_information/,
    );
  });
});
