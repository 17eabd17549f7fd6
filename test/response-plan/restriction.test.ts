import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, type TestApp, LIFTED } from '../support/app.ts';
import { docxText, grant, pathOf, pollUntilDone } from '../support/drafts.ts';
import { getBalanceMicro } from '../../src/queries/credits.ts';
import { errorOf, newAccount, startPlan, type Account } from './support.ts';

/**
 * Restriction (election) replies (issue 11, finding 2): the plan holds the elected group (and
 * species) and traverse yes/no, refuses a label the requirement does not define, names exactly
 * the elected group's claims and withdraws the others. Corpus 15: Group I = claims 10-13 and
 * 38-42 (methods), Group II = claims 27-37 (apparatus); the excerpt states no application number,
 * so it is analysed for an unpublished application on the account's docket.
 */
let t: TestApp;
let a: Account;
let analysisId: string;
let planId: string;

const APP = '16/777,001';
const TRAVERSE =
  'The apparatus of Group II is used only to practice the method of Group I, and a search for one necessarily covers the other, so examining both is no serious burden (MPEP 803).';

beforeAll(async () => {
  // Plans, not limits, are under test: the account-wide ceiling is lifted.
  t = await createTestApp({}, undefined, {
    worker: true,
    queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
    tiers: { account: LIFTED },
  });
  a = await newAccount(t, 5);
  const docket = await a.call('POST', '/api/docket', {
    application_number: APP,
    application: { invention_title: 'Liner testing methods and apparatus', filing_date: '2019-08-26', examiner_name: 'ROE, RICHARD', art_unit: '1636' },
  });
  expect(docket.statusCode, docket.body).toBe(201);
  analysisId = (await a.analyze('15', APP)).analysis_id;
});
afterAll(async () => {
  await t?.close();
});

describe('PUT /api/response-plans/{id}/election', () => {
  test('the plan lists the restriction as a ground; every claim defaults to elect; without an election it is incomplete', async () => {
    const plan = await startPlan(a, analysisId);
    planId = plan.plan_id;
    expect(plan.office_action.kind).toBe('restriction');
    expect(plan.grounds.map((g: { ground_id: string }) => g.ground_id)).toEqual(['x1-restriction']);
    expect(plan.restriction_groups).toEqual([
      { label: 'I', kind: 'invention', claims: [10, 11, 12, 13, 38, 39, 40, 41, 42], subject: expect.any(String) },
      { label: 'II', kind: 'invention', claims: [27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37], subject: expect.any(String) },
    ]);
    expect(new Set(plan.claims.map((c: { strategy: string }) => c.strategy))).toEqual(new Set(['elect']));
    expect(plan.election).toBeNull();
    expect(plan.completeness.missing).toContainEqual(expect.objectContaining({ code: 'election_missing', ground_id: 'x1-restriction' }));
  });

  test('a group the requirement does not define is refused, naming the groups it does; so is a species when none is required', async () => {
    const body = errorOf(await a.call('PUT', `/api/response-plans/${planId}/election`, { group: 'III', traverse: false }), 400, 'unknown_restriction_group');
    expect(body.message).toBe('The requirement has no Group III: its groups are I, II.');
    errorOf(await a.call('PUT', `/api/response-plans/${planId}/election`, { group: 'Group IV', traverse: true }), 400, 'unknown_restriction_group');
    errorOf(await a.call('PUT', `/api/response-plans/${planId}/election`, { group: 'II', species: 'A', traverse: false }), 400, 'unknown_restriction_group');
    errorOf(await a.call('PUT', `/api/response-plans/${planId}/election`, { traverse: false }), 400, 'validation_error');
    expect((await a.call('GET', `/api/response-plans/${planId}`)).json()).toMatchObject({ election: null, version: 1 });
  });

  test('without an election the plan is not drafted, even with accept_incomplete: 422 election_required naming the groups, nothing charged', async () => {
    await grant(t.database.db, a.accountId, 100);
    const before = await getBalanceMicro(t.database.db, a.accountId);
    for (const accept of [false, true]) {
      const body = errorOf(
        await a.call('POST', `/api/response-plans/${planId}/submit`, {
          office_action_date: '2021-05-03',
          response_date: '2021-06-01',
          accept_incomplete: accept,
        }),
        422,
        'election_required',
      );
      expect(body.message).toContain('must elect an invention (37 CFR 1.143), and no election was given');
      expect(body.message).toContain('Group I (claims 10-13, 38-42, methods); Group II (claims 27-37, an apparatus)');
      expect(body.agent_suggestion).toMatch(/PUT \/api\/response-plans\/\{plan_id\}\/election.*Nothing was charged/);
    }
    expect(await getBalanceMicro(t.database.db, a.accountId)).toBe(before);
    expect((await a.call('GET', `/api/response-plans/${planId}`)).json()).toMatchObject({ status: 'open', election: null });
  });

  test('electing Group II (traverse not stated: with traverse) elects exactly its claims and withdraws the others; a traverse needs its reasons', async () => {
    const res = await a.call('PUT', `/api/response-plans/${planId}/election`, { group: 'group ii' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().election).toEqual({
      group: 'II',
      species: null,
      traverse: true,
      elected_claims: [27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37],
      withdrawn_claims: [10, 11, 12, 13, 38, 39, 40, 41, 42],
      verified: true,
    });
    const plan = (await a.call('GET', `/api/response-plans/${planId}`)).json();
    const by = (n: number) => plan.claims.find((c: { claim_number: number }) => c.claim_number === n);
    expect(by(27)).toMatchObject({ strategy: 'elect', strategy_source: 'election' });
    expect(by(10)).toMatchObject({ strategy: 'no_action', strategy_source: 'election' });
    expect(plan.completeness.complete).toBe(false);
    expect(plan.completeness.missing).toEqual([expect.objectContaining({ code: 'traverse_reasons_missing', ground_id: 'x1-restriction' })]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'response_plan.election_set')
      .where('target_id', '=', planId)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toMatchObject({ group: 'II', traverse: true });

    await a.call('PUT', `/api/response-plans/${planId}/grounds/x1-restriction/argument`, { text: TRAVERSE });
    const report = (await a.call('GET', `/api/response-plans/${planId}/completeness`)).json();
    expect(report.missing).toEqual([]);
    expect(report.grounds[0]).toMatchObject({
      ground_id: 'x1-restriction',
      answered: true,
      answered_by: [{ claims: [27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37], how: 'election' }],
    });
  });

  test('a claim set to elect outside the elected group is flagged', async () => {
    await a.call('PUT', `/api/response-plans/${planId}/claims/10/strategy`, { strategy: 'elect' });
    const report = (await a.call('GET', `/api/response-plans/${planId}/completeness`)).json();
    expect(report.missing).toEqual([expect.objectContaining({ code: 'outside_elected_group', claim: 10 })]);
    await a.call('PUT', `/api/response-plans/${planId}/claims/10/strategy`, { strategy: 'no_action' });
    expect((await a.call('GET', `/api/response-plans/${planId}/completeness`)).json().complete).toBe(true);
  });

  test('an action without a restriction requirement has nothing to elect (409); another account gets 404', async () => {
    const other = (await a.analyze('04', '17/200,011')).analysis_id;
    const p04 = await startPlan(a, other);
    errorOf(await a.call('PUT', `/api/response-plans/${p04.plan_id}/election`, { group: 'I', traverse: false }), 409, 'not_a_restriction');
    const b = await newAccount(t, 1);
    errorOf(await b.call('PUT', `/api/response-plans/${planId}/election`, { group: 'I', traverse: false }), 404, 'plan_not_found');
  });

  test('submitted, the paper elects Group II with its claims only, with the traverse reasons, and lists the others as withdrawn', async () => {
    const res = await a.call('POST', `/api/response-plans/${planId}/submit`, { office_action_date: '2021-05-03', response_date: '2021-06-01' });
    expect(res.statusCode, res.body).toBe(202);
    const job = await t.database.db.selectFrom('draft_jobs').select('request').where('id', '=', res.json().job_id).executeTakeFirstOrThrow();
    expect((job.request as Record<string, unknown>).election).toEqual({ group: 'II', with_traverse: true });
    const { body } = await pollUntilDone(t.app, res.json().poll_url, { 'x-api-key': a.keys[0] }, t.database.db);
    expect(body.status, JSON.stringify(body)).toBe('complete');
    const text = await docxText(await t.app.inject({ method: 'GET', url: pathOf(body.download_url as string), remoteAddress: randomIp() }));
    expect(text).toMatch(/Applicant elects Group II, claims 27-37, with traverse\./);
    expect(text).toContain(TRAVERSE);
    expect(text).not.toMatch(/explain why the inventions are not independent or distinct/);
    expect(text).toMatch(/Claims 10-13 and 38-42 are withdrawn from consideration as drawn to a non-elected invention/);
    expect(text).not.toMatch(/elects Group II, claims 10/);
  });
});

describe('REST #4 on a restriction requirement', () => {
  const draftRoa = (body: object) =>
    a.call('POST', '/v1/prosa/draft-roa', {
      application_number: APP,
      analysis_id: analysisId,
      office_action_date: '2021-05-03',
      response_date: '2021-06-01',
      ...body,
    });

  test('without an election (or with one naming no group) it is refused 422 election_required, naming the groups, nothing charged', async () => {
    await grant(t.database.db, a.accountId, 100);
    const before = await getBalanceMicro(t.database.db, a.accountId);
    for (const extra of [{}, { accept_incomplete: true }, { strategy_selections: { claim_27: 'elect' } }]) {
      const body = errorOf(await draftRoa(extra), 422, 'election_required');
      expect(body.message).toBe(
        'A reply to a restriction requirement must elect an invention (37 CFR 1.143), and no election was given. The requirement sets out Group I (claims 10-13, 38-42, methods); Group II (claims 27-37, an apparatus).',
      );
      expect(body.agent_suggestion).toMatch(/"election": \{"group": "<label>"\}.*with traverse unless with_traverse.*Nothing was charged\./);
    }
    const noGroup = errorOf(await draftRoa({ election: { with_traverse: false } }), 422, 'election_required');
    expect(noGroup.message).toContain('and the election names no group.');
    expect(await getBalanceMicro(t.database.db, a.accountId)).toBe(before);
  });

  test('an election that does not say is made with traverse: the paper elects Group I with its claims and leaves the reasons to the practitioner', async () => {
    const res = await draftRoa({ election: { group: 'I' } });
    expect(res.statusCode, res.body).toBe(202);
    const job = await t.database.db.selectFrom('draft_jobs').select('request').where('id', '=', res.json().job_id).executeTakeFirstOrThrow();
    expect((job.request as Record<string, unknown>).election).toEqual({ group: 'I', with_traverse: true });
    const { body } = await pollUntilDone(t.app, res.json().poll_url, { 'x-api-key': a.keys[0] }, t.database.db);
    expect(body.status, JSON.stringify(body)).toBe('complete');
    const text = await docxText(await t.app.inject({ method: 'GET', url: pathOf(body.download_url as string), remoteAddress: randomIp() }));
    expect(text).toContain('Applicant elects Group I, claims 10-13 and 38-42, with traverse.');
    expect(text).toMatch(/Applicant traverses the requirement because \[explain why the inventions are not independent or distinct/);
    expect(text).toContain('Claims 27-37 are withdrawn from consideration as drawn to a non-elected invention');
    expect(text).not.toContain(', without traverse.');
  });
});
