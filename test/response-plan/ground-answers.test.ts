import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, type TestApp, LIFTED } from '../support/app.ts';
import { docxText, grant, pathOf, pollUntilDone } from '../support/drafts.ts';
import { errorOf, newAccount, startPlan, type Account } from './support.ts';

/**
 * One answer per ground of rejection, per claim (issue 19 item 5), through /api on corpus 09
 * (16/058,002): claim 2 faces nonstatutory double patenting (r1-dp) and indefiniteness (r2-112b);
 * claim 4 indefiniteness and anticipation (r4-102) and an objection (o1-claims); claim 1 only
 * indefiniteness; claims 5-8 are argued.
 */
let t: TestApp;
let a: Account;
let b: Account;
let planId: string;

const APP = '16/058,002';
const CLAIM_4 = 'The device of claim 1, wherein the fan is mounted on the housing.';
const DP_ARGUMENT =
  'Claim 2 is patentably distinct from the claims of the reference patent: neither claim 1 of that patent nor any obvious variant recites the fan arrangement claim 2 requires.';
const CLAIM_4_CLEAR = 'The device of claim 1, wherein the fan is mounted on an outer wall of the housing.';

type GroundAnswer = { ground_id: string; answer: string | null; chosen: string | null; choices: string[] };
type Claim = { claim_number: number; strategy: string; ground_answers: GroundAnswer[] };

beforeAll(async () => {
  t = await createTestApp({}, undefined, {
    worker: true,
    queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
    tiers: { account: LIFTED },
  });
  a = await newAccount(t, 4);
  b = await newAccount(t, 1);
  const entry = await a.call('POST', '/api/docket', {
    application_number: APP,
    application: { invention_title: 'CORPUS ITEM 09', filing_date: '2018-08-08', examiner_name: 'EXAMINER, PAT', art_unit: '3700' },
  });
  expect(entry.statusCode, entry.body).toBe(201);
  planId = (await startPlan(a, (await a.analyze('09', APP)).analysis_id)).plan_id;
});
afterAll(async () => {
  await t?.close();
});

const url = (n: number | string, gid: string) => `/api/response-plans/${planId}/claims/${n}/grounds/${gid}/strategy`;
const plan = async () => (await a.call('GET', `/api/response-plans/${planId}`)).json();
const claim = async (n: number): Promise<Claim> => (await plan()).claims.find((c: Claim) => c.claim_number === n);
const answerOf = (c: Claim, gid: string) => c.ground_answers.find((x) => x.ground_id === gid);
const auditRows = (action: string) =>
  t.database.db
    .selectFrom('audit_log')
    .select(['details', 'actor'])
    .where('action', '=', action)
    .where('target_id', '=', planId)
    .orderBy('id', 'asc')
    .execute();

describe('each ground of rejection a claim faces has its own answer', () => {
  test('the plan lists them under the claim: claim 2 amended to clarify still disclaims its double patenting', async () => {
    const c2 = await claim(2);
    expect(c2.strategy).toBe('amend_clarify');
    expect(c2.ground_answers).toEqual([
      { ground_id: 'r1-dp', answer: 'terminal_disclaimer', chosen: null, choices: ['argue_distinction', 'terminal_disclaimer'] },
      { ground_id: 'r2-112b', answer: 'amend_clarify', chosen: null, choices: ['argue_distinction', 'amend_clarify'] },
    ]);
    // An objection is answered by the claim's strategy and the reply on it: no answer of its own.
    expect((await claim(4)).ground_answers.map((x) => x.ground_id)).toEqual(['r2-112b', 'r4-102']);
  });

  test('a clarifying amendment does not answer the art: claim 4 amended to clarify argues its anticipation ground, which needs the argument', async () => {
    expect((await a.call('PUT', `/api/response-plans/${planId}/claims/4/strategy`, { strategy: 'amend_clarify' })).statusCode).toBe(200);
    const text = await a.call('PUT', `/api/response-plans/${planId}/claims/4/text`, { original_text: CLAIM_4, text: CLAIM_4_CLEAR });
    expect(text.statusCode, text.body).toBe(200);
    expect(answerOf(text.json().claim, 'r4-102')).toEqual({ ground_id: 'r4-102', answer: 'argue_distinction', chosen: null, choices: ['argue_distinction'] });
    expect(answerOf(text.json().claim, 'r2-112b')).toMatchObject({ answer: 'amend_clarify' });
    const r4 = (await plan()).grounds.find((g: { ground_id: string }) => g.ground_id === 'r4-102');
    expect(r4.answered_by).not.toContainEqual(expect.objectContaining({ claims: expect.arrayContaining([4]), how: 'amended' }));
    expect(r4.unanswered).toContainEqual({ claims: expect.arrayContaining([4]), reason: 'argue_distinction, but there is no argument on this ground' });
  });

  test('PUT .../claims/2/grounds/r1-dp/strategy argues the double patenting beside the clarifying amendment; null goes back to the disclaimer; each edit audited with its version', async () => {
    const before = (await plan()).version;
    const res = await a.call('PUT', url(2, 'r1-dp'), { strategy: 'argue_distinction' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      plan_id: planId,
      version: before + 1,
      claim: { claim_number: 2, strategy: 'amend_clarify' },
      ground_answer: { ground_id: 'r1-dp', answer: 'argue_distinction', chosen: 'argue_distinction' },
      ground: { ground_id: 'r1-dp', answered: false },
      completeness: { complete: false },
    });
    expect(body.ground.unanswered_plain).toMatch(/argue the rejection, but there is no argument on this ground yet/i);
    expect(answerOf(await claim(2), 'r1-dp')).toMatchObject({ answer: 'argue_distinction', chosen: 'argue_distinction' });

    const cleared = await a.call('PUT', url(2, 'R1-DP'), { strategy: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().ground_answer).toMatchObject({ answer: 'terminal_disclaimer', chosen: null });
    expect(cleared.json().ground.answered).toBe(true);
    expect((await a.call('PUT', url(2, 'r1-dp'), { strategy: 'argue_distinction' })).statusCode).toBe(200);

    const audit = await auditRows('response_plan.ground_strategy_set');
    expect(audit.map((r) => r.details)).toEqual([
      { claim: 2, ground_id: 'r1-dp', strategy: 'argue_distinction', previous: null, version: before + 1 },
      { claim: 2, ground_id: 'r1-dp', strategy: null, previous: 'argue_distinction', version: before + 2 },
      { claim: 2, ground_id: 'r1-dp', strategy: 'argue_distinction', previous: null, version: before + 3 },
    ]);
    expect(audit[0].actor).toBe('api_key');
  });

  test("refusals, each an error object, nothing written: another firm's plan, an unknown ground, a ground not of the claim, an answer that cannot answer the ground or does not fit the claim", async () => {
    const version = (await plan()).version;
    errorOf(await b.call('PUT', url(2, 'r1-dp'), { strategy: 'terminal_disclaimer' }), 404, 'plan_not_found');
    const unknown = errorOf(await a.call('PUT', url(2, 'r9-103'), { strategy: 'argue_distinction' }), 404, 'unknown_ground');
    expect(unknown.message).toBe(
      'Ground "r9-103" is not in this response plan: its grounds are r1-dp, r2-112b, r3-112b, r4-102, r5-103, o1-claims, o2-claims.',
    );
    const notHis = errorOf(await a.call('PUT', url(1, 'r1-dp'), { strategy: 'terminal_disclaimer' }), 404, 'ground_not_for_claim');
    expect(notHis.message).toMatch(/^Ground r1-dp \(.*\) does not treat claim 1: claim 1's grounds are r2-112b\.$/);
    errorOf(await a.call('PUT', url(99, 'r1-dp'), { strategy: 'terminal_disclaimer' }), 404, 'claim_not_found');
    const td = errorOf(await a.call('PUT', url(4, 'r4-102'), { strategy: 'terminal_disclaimer' }), 400, 'strategy_cannot_answer_ground');
    expect(td.message).toMatch(/terminal_disclaimer cannot answer ground r4-102 .*overcomes only nonstatutory double patenting/);
    const clarify = errorOf(await a.call('PUT', url(4, 'r4-102'), { strategy: 'amend_clarify' }), 400, 'strategy_cannot_answer_ground');
    expect(clarify.message).toMatch(/a clarifying amendment does not narrow the claim over the references/);
    errorOf(await a.call('PUT', url(8, 'r5-103'), { strategy: 'cancel' }), 400, 'strategy_cannot_answer_ground');
    const objection = errorOf(await a.call('PUT', url(4, 'o1-claims'), { strategy: 'argue_distinction' }), 400, 'strategy_cannot_answer_ground');
    expect(objection.message).toMatch(/an objection is answered by the claim's strategy/);
    const conflict = errorOf(await a.call('PUT', url(5, 'r2-112b'), { strategy: 'amend_clarify' }), 409, 'strategy_conflicts_with_claim');
    expect(conflict.message).toMatch(/needs the claim to be amended, and the claim's strategy is argue_distinction/);
    errorOf(await a.call('PUT', url(2, 'r1-dp'), { strategy: 'disclaim' }), 400, 'validation_error');
    errorOf(await a.call('PUT', url(2, 'r1-dp'), {}), 400, 'validation_error');
    expect((await plan()).version).toBe(version);
  });

  test('a new strategy for the claim drops an answer that no longer fits it, and the audit row names it', async () => {
    expect((await a.call('PUT', url(1, 'r2-112b'), { strategy: 'amend_clarify' })).json().ground_answer).toMatchObject({ chosen: 'amend_clarify' });
    const res = await a.call('PUT', `/api/response-plans/${planId}/claims/1/strategy`, { strategy: 'argue_distinction' });
    expect(res.statusCode, res.body).toBe(200);
    expect(answerOf(res.json().claim, 'r2-112b')).toEqual({ ground_id: 'r2-112b', answer: 'argue_distinction', chosen: null, choices: ['argue_distinction'] });
    const audit = await auditRows('response_plan.strategy_set');
    expect(audit.at(-1)?.details).toMatchObject({ claim: 1, strategy: 'argue_distinction', ground_strategies_dropped: ['r2-112b'] });
  });

  test('/api/openapi.json documents the route with its success body and errors', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json', remoteAddress: randomIp() })).json();
    const op = doc.paths['/api/response-plans/{id}/claims/{n}/grounds/{ground_id}/strategy'].put;
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '409']));
    const ok = op.responses['200'].content['application/json'].schema;
    expect(Object.keys(ok.properties)).toEqual(expect.arrayContaining(['plan_id', 'version', 'claim', 'ground_answer', 'ground', 'completeness']));
    expect(ok.properties.claim.properties.ground_answers.items.properties.choices.items.enum).toContain('terminal_disclaimer');
    expect(op.description).toMatch(/strategy_cannot_answer_ground/);
  });

  test('the preview counts claim 2 among the claims argued on the double patenting ground once its argument is written', async () => {
    expect((await a.call('PUT', `/api/response-plans/${planId}/grounds/r1-dp/argument`, { text: DP_ARGUMENT })).statusCode).toBe(200);
    const preview = (await a.call('GET', `/api/response-plans/${planId}/preview`)).json();
    const dp = preview.sections.find((x: { heading: string }) => /double patenting/i.test(x.heading));
    expect(dp.says).toContainEqual(expect.stringMatching(/^For claim 2: the practitioner's argument/));
    expect((await plan()).grounds.find((g: { ground_id: string }) => g.ground_id === 'r1-dp')).toMatchObject({
      answered: true,
      answered_by: [{ claims: [2], how: 'argued' }],
    });
  });

  test("submitted, the draft carries claim_2:r1-dp and the paper argues claim 2's double patenting and claim 4's anticipation instead of claiming the amendment answers them", async () => {
    await grant(t.database.db, a.accountId, 100);
    const res = await a.call('POST', `/api/response-plans/${planId}/submit`, {
      office_action_date: '2026-09-01',
      response_date: '2026-11-27',
      accept_incomplete: true,
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = await t.database.db.selectFrom('draft_jobs').select('request').where('id', '=', res.json().job_id).executeTakeFirstOrThrow();
    const selections = (job.request as { strategy_selections: Record<string, string> }).strategy_selections;
    expect(selections).toMatchObject({ claim_2: 'amend_clarify', 'claim_2:r1-dp': 'argue_distinction', claim_4: 'amend_clarify' });
    expect(Object.keys(selections).filter((k) => k.includes(':'))).toEqual(['claim_2:r1-dp']);
    const { body } = await pollUntilDone(t.app, res.json().poll_url, { 'x-api-key': a.keys[0] }, t.database.db);
    expect(body.status, JSON.stringify(body)).toBe('complete');
    const text = (await docxText(await t.app.inject({ method: 'GET', url: pathOf(body.download_url as string), remoteAddress: randomIp() }))).replace(
      /\s+/g,
      ' ',
    );
    const dp = section(text, /\b[IVX]+\. Rejection of Claim 2 on the Ground of Nonstatutory Double Patenting/);
    expect(dp).toMatch(/patentably distinct from the claims of/);
    expect(dp).not.toMatch(/files herewith a terminal disclaimer/);
    expect(text).not.toMatch(/each and every element of amended claim 4/);
    errorOf(await a.call('PUT', url(2, 'r1-dp'), { strategy: 'terminal_disclaimer' }), 409, 'plan_submitted');
  });
});

/** The remarks section on one ground: from its heading to the next roman-numbered heading. */
function section(text: string, heading: RegExp): string {
  const m = heading.exec(text);
  if (!m) return '';
  const rest = text.slice(m.index + m[0].length);
  const next = /\b[IVX]+\. (?:Rejection|Objection|Allowable|Conclusion|Request)/.exec(rest);
  return rest.slice(0, next ? next.index : undefined);
}
