import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, type TestApp, LIFTED } from '../support/app.ts';
import { markClaimAmendment } from '../../src/domain/claims/claim-amendments.ts';
import { corpusText, errorOf, newAccount, startPlan, type Account } from './support.ts';

/**
 * Response plans through /api: create, read, list, every edit (and its refusals), the 1.121(c)
 * markup, the completeness report and the preview, on real corpus actions analysed through
 * POST /api/analyses. Corpus 04: a 103 rejection of claims 1-2 (claim 2 depends from claim 1),
 * claims 3-6 objected to as dependent on a rejected base claim, claims 7-8 allowable.
 */
let t: TestApp;
let a: Account;
let b: Account;
let analysis04: string;
let planId: string;

const ORIGINAL_1 = 'A cylinder liner casted in a block, comprising: a liner body; and an outer surface having a bore adjacent part.';
const AMENDED_1 =
  'A cylinder liner casted in a block, comprising: a cylindrical liner body; and an outer peripheral surface having a bore adjacent part positioned on an inner side of the liner body.';
const ARGUMENT =
  'Rebmann discloses gaps 6a between adjacent bores, but nothing in Rebmann or Wang positions the bore adjacent part on an inner side of the liner body; the combination therefore lacks that limitation (MPEP 2143.03).';

beforeAll(async () => {
  // Plans, not limits, are under test: the account-wide ceiling is lifted (the scripted calls exceed 60/s on PostgreSQL).
  t = await createTestApp({}, undefined, { tiers: { account: LIFTED } });
  a = await newAccount(t);
  b = await newAccount(t, 2);
  analysis04 = (await a.analyze('04', '17/200,011')).analysis_id;
});
afterAll(async () => {
  await t?.close();
});

const auditRows = (action: string, target: string) =>
  t.database.db
    .selectFrom('audit_log')
    .select(['action', 'actor', 'details', 'account_id'])
    .where('action', '=', action)
    .where('target_id', '=', target)
    .execute();

describe('POST /api/response-plans, GET one, GET the list', () => {
  test('starts a plan from an analysis: every ground listed with a stable id, a default strategy per claim (the recommendation), incomplete', async () => {
    const res = await a.call('POST', '/api/response-plans', { analysis_id: analysis04 });
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json();
    planId = plan.plan_id;
    expect(planId).toMatch(/^rp_[0-9A-Za-z]{24}$/);
    expect(plan).toMatchObject({ analysis_id: analysis04, application_number: '17200011', status: 'open', version: 1, draft_job: null });
    expect(plan.grounds.map((g: { ground_id: string }) => g.ground_id)).toEqual(['r1-103', 'o1-claims']);
    const r1 = plan.grounds[0];
    expect(r1).toMatchObject({ kind: 'rejection', basis: '103', statute: '35 U.S.C. 103', claims: [1, 2], answered: false, argument: null });
    expect(r1.references).toEqual(['Rebmann (US 2018/0179985 A1)', 'Wang (US 2018/0298842 A1)']);
    // The examiner's statement is quoted verbatim with its span in the action.
    expect(corpusText('04').slice(r1.statement.span.start, r1.statement.span.end)).toBe(r1.statement.text);
    expect(r1.statement.text).toMatch(/^Claims 1-2 are rejected under 35 U\.S\.C\. 103/);
    expect(plan.grounds[1]).toMatchObject({ kind: 'claim_objection', objection_type: 'dependent_on_rejected_base', claims: [3, 4, 5, 6] });
    const strategies = Object.fromEntries(plan.claims.map((c: { claim_number: number; strategy: string }) => [c.claim_number, c.strategy]));
    expect(strategies).toEqual({
      1: 'amend_narrow',
      2: 'argue_distinction',
      3: 'rewrite_independent',
      4: 'rewrite_independent',
      5: 'rewrite_independent',
      6: 'rewrite_independent',
      7: 'no_action',
      8: 'no_action',
    });
    expect(
      plan.claims.every(
        (c: { strategy_source: string; recommendation: string; strategy: string }) => c.strategy_source === 'analysis' && c.recommendation === c.strategy,
      ),
    ).toBe(true);
    expect(plan.claims[1]).toMatchObject({ claim_number: 2, depends_on: 1, grounds: ['r1-103'] });
    expect(plan.completeness.complete).toBe(false);
    expect(plan.completeness.missing.map((m: { code: string }) => m.code)).toContain('ground_unanswered');
    const audit = await auditRows('response_plan.created', planId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'api_key', account_id: a.accountId });
  });

  test('starting again returns the same open plan (200), not a second one', async () => {
    const res = await a.call('POST', '/api/response-plans', { analysis_id: analysis04 });
    expect(res.statusCode).toBe(200);
    expect(res.json().plan_id).toBe(planId);
    const count = await t.database.db.selectFrom('response_plans').select('id').where('analysis_id', '=', analysis04).execute();
    expect(count).toHaveLength(1);
    expect(await auditRows('response_plan.created', planId)).toHaveLength(1);
  });

  test('GET one plan, with a session cookie as well as an API key', async () => {
    const byKey = await a.call('GET', `/api/response-plans/${planId}`);
    expect(byKey.statusCode).toBe(200);
    const bySession = await t.app.inject({ method: 'GET', url: `/api/response-plans/${planId}`, headers: { cookie: a.cookie }, remoteAddress: randomIp() });
    expect(bySession.statusCode).toBe(200);
    expect(bySession.json().plan_id).toBe(planId);
    expect(bySession.json().grounds).toEqual(byKey.json().grounds);
    errorOf(await t.app.inject({ method: 'GET', url: `/api/response-plans/${planId}`, remoteAddress: randomIp() }), 401, 'not_authenticated');
  });

  test('the list filters by analysis_id and by application_number in any written form', async () => {
    const all = await a.call('GET', '/api/response-plans');
    expect(all.statusCode).toBe(200);
    expect(all.json().response_plans.map((p: { plan_id: string }) => p.plan_id)).toEqual([planId]);
    expect((await a.call('GET', `/api/response-plans?analysis_id=${analysis04}`)).json().response_plans).toHaveLength(1);
    expect((await a.call('GET', '/api/response-plans?application_number=17%2F200%2C011')).json().response_plans).toHaveLength(1);
    expect((await a.call('GET', '/api/response-plans?application_number=16546449')).json().response_plans).toHaveLength(0);
    expect((await a.call('GET', '/api/response-plans?analysis_id=an_other')).json().response_plans).toHaveLength(0);
    errorOf(await a.call('GET', '/api/response-plans?application_number=garbage'), 400, 'validation_error');
    expect((await b.call('GET', '/api/response-plans')).json().response_plans).toHaveLength(0);
  });

  test("another account's plan and analysis are 404; an unknown analysis is 404", async () => {
    errorOf(await b.call('GET', `/api/response-plans/${planId}`), 404, 'plan_not_found');
    errorOf(await b.call('POST', '/api/response-plans', { analysis_id: analysis04 }), 404, 'analysis_not_found');
    errorOf(await a.call('POST', '/api/response-plans', { analysis_id: 'an_doesnotexist' }), 404, 'analysis_not_found');
    errorOf(await a.call('POST', '/api/response-plans', {}), 400, 'validation_error');
    errorOf(await a.call('GET', '/api/response-plans/rp_doesnotexist'), 404, 'plan_not_found');
  });
});

describe('PUT .../claims/{n}/strategy', () => {
  test("sets a claim's strategy: the practitioner's choice, version bumped, audited", async () => {
    const res = await a.call('PUT', `/api/response-plans/${planId}/claims/5/strategy`, { strategy: 'cancel' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      plan_id: planId,
      version: 2,
      claim: { claim_number: 5, strategy: 'cancel', strategy_source: 'practitioner', recommendation: 'rewrite_independent', carried_out: true },
    });
    expect(body.completeness.complete).toBe(false);
    const audit = await auditRows('response_plan.strategy_set', planId);
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toMatchObject({ claim: 5, strategy: 'cancel', version: 2 });
    expect((await a.call('GET', `/api/response-plans/${planId}`)).json().claims[4].strategy).toBe('cancel');
  });

  test('every code the analysis can recommend is accepted, amend_clarify included', async () => {
    const res = await a.call('PUT', `/api/response-plans/${planId}/claims/6/strategy`, { strategy: 'amend_clarify' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().claim.strategy).toBe('amend_clarify');
  });

  test('refusals: a claim the action does not treat (404), a malformed number (400), an unknown code (400), another account (404)', async () => {
    const missing = errorOf(await a.call('PUT', `/api/response-plans/${planId}/claims/99/strategy`, { strategy: 'cancel' }), 404, 'claim_not_found');
    expect(missing.message).toMatch(/claims 1, 2, 3, 4, 5, 6, 7, 8/);
    errorOf(await a.call('PUT', `/api/response-plans/${planId}/claims/abc/strategy`, { strategy: 'cancel' }), 400, 'validation_error');
    errorOf(await a.call('PUT', `/api/response-plans/${planId}/claims/0/strategy`, { strategy: 'cancel' }), 400, 'validation_error');
    const bad = errorOf(await a.call('PUT', `/api/response-plans/${planId}/claims/1/strategy`, { strategy: 'bogus' }), 400, 'validation_error');
    expect(bad.message).toMatch(/^strategy: must be one of amend_narrow, argue_distinction, cancel, argue_unexpected_results, amend_clarify/);
    errorOf(await a.call('PUT', `/api/response-plans/${planId}/claims/1/strategy`, {}), 400, 'validation_error');
    errorOf(await b.call('PUT', `/api/response-plans/${planId}/claims/1/strategy`, { strategy: 'cancel' }), 404, 'plan_not_found');
    const plan = (await a.call('GET', `/api/response-plans/${planId}`)).json();
    expect(plan.claims[0].strategy).toBe('amend_narrow');
    expect(plan.version).toBe(3);
  });
});

describe('PUT .../claims/{n}/text: the 37 CFR 1.121(c) markup', () => {
  test('amended text on a claim whose strategy does not amend it is refused (409), naming the strategy', async () => {
    const body = errorOf(
      await a.call('PUT', `/api/response-plans/${planId}/claims/2/text`, { text: 'The liner of claim 1, wherein the part is positioned inward.' }),
      409,
      'strategy_not_amending',
    );
    expect(body.message).toMatch(/argue_distinction/);
  });

  test('the amended text is marked against the claim as it stands: additions underlined, longer deletions struck, short ones in [[ ]]', async () => {
    const res = await a.call('PUT', `/api/response-plans/${planId}/claims/1/text`, { original_text: `1. ${ORIGINAL_1}`, text: AMENDED_1 });
    expect(res.statusCode, res.body).toBe(200);
    const claim = res.json().claim;
    expect(claim.original_text).toBe(ORIGINAL_1);
    expect(claim.amended_text).toBe(AMENDED_1);
    expect(claim.markup.marked_text).toBe(
      'A cylinder liner casted in a block, comprising: a <u>cylindrical</u> liner body; and an outer <u>peripheral</u> surface having a bore adjacent part <u>positioned on an inner side of the liner body</u>.',
    );
    // Exactly the runs the claim listing of the filed paper uses.
    expect(claim.markup.runs).toEqual(markClaimAmendment(ORIGINAL_1, AMENDED_1));
    expect(claim.markup).toMatchObject({
      added_chars: 'cylindrical'.length + 'peripheral'.length + 'positioned on an inner side of the liner body'.length,
      deleted_chars: 0,
      unchanged: false,
    });
    expect(claim.carried_out).toBe(true);

    await a.call('PUT', `/api/response-plans/${planId}/claims/6/text`, { original_text: 'The liner of claim 1, wherein a part is made of cast iron alloy.' });
    const six = (
      await a.call('PUT', `/api/response-plans/${planId}/claims/6/text`, { text: 'The liner of claim 1, wherein the part is made of aluminum.' })
    ).json().claim;
    expect(six.markup.marked_text).toBe('The liner of claim 1, wherein [[a]] <u>the</u> part is made of <s>cast iron alloy</s> <u>aluminum</u>.');
    expect(six.markup.runs.filter((r: { mark: string }) => r.mark === 'deleted_bracketed').map((r: { text: string }) => r.text)).toEqual(['[[a]]']);
    expect(six.markup.runs.filter((r: { mark: string }) => r.mark === 'deleted').map((r: { text: string }) => r.text)).toEqual(['cast iron alloy']);
    const audit = await auditRows('response_plan.claim_text_set', planId);
    expect(audit.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(audit.map((x) => x.details))).not.toMatch(/aluminum/);
  });

  test('without the original text there is no markup, and completeness says what is missing', async () => {
    await a.call('PUT', `/api/response-plans/${planId}/claims/3/strategy`, { strategy: 'rewrite_independent' });
    const res = await a.call('PUT', `/api/response-plans/${planId}/claims/3/text`, {
      text: 'A cylinder liner comprising a liner body, wherein the body is ribbed.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().claim).toMatchObject({ markup: null, carried_out: false });
    const report = (await a.call('GET', `/api/response-plans/${planId}/completeness`)).json();
    expect(report.missing).toContainEqual(expect.objectContaining({ code: 'original_text_missing', claim: 3 }));
    // "" clears it again.
    expect((await a.call('PUT', `/api/response-plans/${planId}/claims/3/text`, { text: '' })).json().claim.amended_text).toBeNull();
  });

  test('refusals: no field (400), an unknown claim (404), another account (404)', async () => {
    errorOf(await a.call('PUT', `/api/response-plans/${planId}/claims/1/text`, {}), 400, 'validation_error');
    errorOf(await a.call('PUT', `/api/response-plans/${planId}/claims/42/text`, { original_text: 'A liner.' }), 404, 'claim_not_found');
    errorOf(await a.call('PUT', `/api/response-plans/${planId}/claims/1/text`, { text: 5 }), 400, 'validation_error');
    errorOf(await b.call('PUT', `/api/response-plans/${planId}/claims/1/text`, { text: AMENDED_1 }), 404, 'plan_not_found');
  });
});

describe('PUT .../grounds/{gid}/argument', () => {
  test('stores the argument on the ground; an empty text removes it', async () => {
    const res = await a.call('PUT', `/api/response-plans/${planId}/grounds/r1-103/argument`, { text: ARGUMENT });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ground).toMatchObject({ ground_id: 'r1-103', argument: { text: ARGUMENT } });
    expect(res.json().ground.answered).toBe(true);
    const audit = await auditRows('response_plan.argument_set', planId);
    expect(audit[0].details).toMatchObject({ ground_id: 'r1-103', text_chars: ARGUMENT.length });
    const cleared = await a.call('PUT', `/api/response-plans/${planId}/grounds/r1-103/argument`, { text: '  ' });
    expect(cleared.json().ground.argument).toBeNull();
    expect(cleared.json().ground.answered).toBe(false);
    await a.call('PUT', `/api/response-plans/${planId}/grounds/R1-103/argument`, { text: ARGUMENT });
    expect((await a.call('GET', `/api/response-plans/${planId}`)).json().grounds[0].argument.text).toBe(ARGUMENT);
  });

  test("refusals: an unknown ground (404 naming the plan's grounds), a missing text (400), another account (404)", async () => {
    const body = errorOf(await a.call('PUT', `/api/response-plans/${planId}/grounds/r9-101/argument`, { text: 'x' }), 404, 'ground_not_found');
    expect(body.message).toMatch(/r1-103, o1-claims/);
    errorOf(await a.call('PUT', `/api/response-plans/${planId}/grounds/r1-103/argument`, {}), 400, 'validation_error');
    errorOf(await b.call('PUT', `/api/response-plans/${planId}/grounds/r1-103/argument`, { text: 'mine' }), 404, 'plan_not_found');
  });
});

describe('completeness and preview', () => {
  test('incomplete: each unanswered ground and each strategy not carried out is listed', async () => {
    const res = await a.call('GET', `/api/response-plans/${planId}/completeness`);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.complete).toBe(false);
    // Claims 3 and 4 are rewrite_independent without text: the objection to claims 3-6 is unanswered for them.
    const o1 = report.grounds.find((g: { ground_id: string }) => g.ground_id === 'o1-claims');
    expect(o1.answered).toBe(false);
    expect(o1.unanswered).toEqual([{ claims: [3, 4], reason: 'rewrite_independent, but the amended text or the claim as it stands is missing' }]);
    expect(o1.answered_by).toEqual(
      expect.arrayContaining([
        { claims: [5], how: 'cancelled' },
        { claims: [6], how: 'amended' },
      ]),
    );
    expect(report.missing).toContainEqual(expect.objectContaining({ code: 'ground_unanswered', ground_id: 'o1-claims' }));
    expect(report.missing).toContainEqual(expect.objectContaining({ code: 'amended_text_missing', claim: 4 }));
    // The 103 ground is answered: claim 1 amended, claim 2 argued.
    const r1 = report.grounds.find((g: { ground_id: string }) => g.ground_id === 'r1-103');
    expect(r1).toMatchObject({ answered: true, has_argument: true });
    expect(r1.answered_by).toEqual([
      { claims: [1], how: 'amended' },
      { claims: [2], how: 'argued' },
    ]);
    expect(report.missing_count).toBe(report.missing.length);
  });

  test('a claim left depending on a cancelled claim is flagged', async () => {
    await a.call('PUT', `/api/response-plans/${planId}/claims/1/strategy`, { strategy: 'cancel' });
    const report = (await a.call('GET', `/api/response-plans/${planId}/completeness`)).json();
    expect(report.missing).toContainEqual(expect.objectContaining({ code: 'depends_on_cancelled', claim: 2 }));
    await a.call('PUT', `/api/response-plans/${planId}/claims/1/strategy`, { strategy: 'amend_narrow' });
    const again = (await a.call('GET', `/api/response-plans/${planId}/completeness`)).json();
    expect(again.missing.filter((m: { code: string }) => m.code === 'depends_on_cancelled')).toEqual([]);
  });

  test('complete: every ground answered and every strategy carried out gives an empty list', async () => {
    // Claims 3 and 4 stay as they are: the objection to them is asked to be held in abeyance.
    for (const n of [3, 4]) expect((await a.call('PUT', `/api/response-plans/${planId}/claims/${n}/strategy`, { strategy: 'no_action' })).statusCode).toBe(200);
    const report = (await a.call('GET', `/api/response-plans/${planId}/completeness`)).json();
    expect(report.missing).toEqual([]);
    expect(report.complete).toBe(true);
    const o1 = report.grounds.find((g: { ground_id: string }) => g.ground_id === 'o1-claims');
    expect(o1.answered_by).toContainEqual({ claims: [3, 4], how: 'abeyance' });
    expect(report.claims.every((c: { carried_out: boolean }) => c.carried_out)).toBe(true);
    expect((await a.call('GET', `/api/response-plans/${planId}`)).json().completeness).toMatchObject({ complete: true, missing_count: 0 });
  });

  test('preview: an unbilled outline with sections in order, the argument quoted and placeholders counted', async () => {
    const before = await t.database.db.selectFrom('credit_balances').select('balance_micro').where('account_id', '=', a.accountId).executeTakeFirstOrThrow();
    const res = await a.call('GET', `/api/response-plans/${planId}/preview`);
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({
      plan_id: planId,
      billed: false,
      price_to_submit: '49.00',
      complete: true,
      missing_count: 0,
      title: 'AMENDMENT AND RESPONSE UNDER 37 C.F.R. § 1.111',
    });
    expect(p.sections.map((s: { heading: string }) => s.heading)).toEqual([
      'Introduction',
      'Amendments to the Claims',
      'Status of the Claims',
      'Rejection of claims 1-2 under 35 U.S.C. 103',
      'Allowable Subject Matter',
      'Conclusion',
    ]);
    const listing = p.sections[1];
    expect(listing.says).toContain('5. (Canceled)');
    expect(listing.says.some((s: string) => /^1\. \(Currently Amended\) marked up/.test(s))).toBe(true);
    // Claims 2, 3, 4, 7, 8 have no text: the listing holds a placeholder for each.
    expect(listing.placeholders).toBe(5);
    const rejection = p.sections[3];
    expect(rejection.says.join(' ')).toContain('Rebmann discloses gaps 6a between adjacent bores');
    expect(rejection.placeholders).toBe(2);
    expect(p.placeholders_total).toBe(p.sections.reduce((s: number, x: { placeholders: number }) => s + x.placeholders, 0));
    const after = await t.database.db.selectFrom('credit_balances').select('balance_micro').where('account_id', '=', a.accountId).executeTakeFirstOrThrow();
    expect(after.balance_micro).toBe(before.balance_micro);
    errorOf(await b.call('GET', `/api/response-plans/${planId}/preview`), 404, 'plan_not_found');
    errorOf(await b.call('GET', `/api/response-plans/${planId}/completeness`), 404, 'plan_not_found');
  });
});

describe('the analysis, one claim and one ground (get_claim_analysis, explain_rejection)', () => {
  test('GET /api/analyses/{id}/grounds: every ground with its stable id; another account gets 404', async () => {
    const res = await a.call('GET', `/api/analyses/${analysis04}/grounds`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      analysis_id: analysis04,
      grounds: [
        {
          ground_id: 'r1-103',
          kind: 'rejection',
          basis: '103',
          statute: '35 U.S.C. 103',
          title: 'Rejection of claims 1-2 under 35 U.S.C. 103',
          claims: [1, 2],
          references: ['Rebmann (US 2018/0179985 A1)', 'Wang (US 2018/0298842 A1)'],
        },
        {
          ground_id: 'o1-claims',
          kind: 'claim_objection',
          basis: null,
          statute: 'Objection: dependent upon a rejected base claim (37 CFR 1.75(c))',
          title: 'Objection to claims 3-6',
          claims: [3, 4, 5, 6],
          references: [],
        },
      ],
    });
    errorOf(await b.call('GET', `/api/analyses/${analysis04}/grounds`), 404, 'analysis_not_found');
  });

  test('GET /api/analyses/{id}/claims/{n}: status, grounds, references with pinpoints, evidence quoted with spans', async () => {
    const res = await a.call('GET', `/api/analyses/${analysis04}/claims/1`);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({ analysis_id: analysis04, claim_number: 1, status: 'rejected', recommendation: 'amend_narrow' });
    expect(c.grounds.map((g: { ground_id: string }) => g.ground_id)).toEqual(['r1-103']);
    const rebmann = c.references.find((r: { label: string }) => r.label.startsWith('Rebmann'));
    expect(rebmann.pinpoints.length).toBeGreaterThan(0);
    const text = corpusText('04');
    for (const p of rebmann.pinpoints) expect(text.slice(p.span.start, p.span.end)).toBe(p.text);
    for (const e of c.evidence) expect(text.slice(e.span.start, e.span.end)).toBe(e.text);
    errorOf(await a.call('GET', `/api/analyses/${analysis04}/claims/99`), 404, 'claim_not_found');
    errorOf(await b.call('GET', `/api/analyses/${analysis04}/claims/1`), 404, 'analysis_not_found');
  });

  test("GET /api/analyses/{id}/grounds/{gid}: the statute, the examiner's reasoning quoted, the legal standard and its MPEP sections", async () => {
    const res = await a.call('GET', `/api/analyses/${analysis04}/grounds/r1-103`);
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json();
    expect(g).toMatchObject({ ground_id: 'r1-103', statute: '35 U.S.C. 103', claims: [1, 2] });
    const text = corpusText('04');
    expect(g.examiner_reasoning.text).toMatch(/^In regard to claim 1,\nRebmann discloses a cylinder liner/);
    expect(text.slice(g.examiner_reasoning.span.start, g.examiner_reasoning.span.end)).toBe(g.examiner_reasoning.text);
    // The reasoning stops at the next part of the action.
    expect(g.examiner_reasoning.text).not.toMatch(/Allowable Subject Matter/);
    expect(g.legal_standard).toMatchObject({ id: '103', law: '35 U.S.C. 103' });
    expect(g.legal_standard.mpep).toEqual(expect.arrayContaining(['2141', '2143', '2145']));
    expect(g.recommendations).toEqual([
      expect.objectContaining({ claim_number: 1, recommendation: 'amend_narrow' }),
      expect.objectContaining({ claim_number: 2, recommendation: 'argue_distinction' }),
    ]);
    const o1 = (await a.call('GET', `/api/analyses/${analysis04}/grounds/o1-claims`)).json();
    expect(o1.legal_standard.id).toBe('objection-claims');
    errorOf(await a.call('GET', `/api/analyses/${analysis04}/grounds/r7-102`), 404, 'ground_not_found');
    errorOf(await b.call('GET', `/api/analyses/${analysis04}/grounds/r1-103`), 404, 'analysis_not_found');
  });

  test('corpus 09 and 06: double patenting (MPEP 804), 112(b) on a 112(f) term (MPEP 2173, 2181), an objection to the abstract (37 CFR 1.72(b))', async () => {
    const a09 = (await a.analyze('09', '16/058,002')).analysis_id;
    const plan = await startPlan(a, a09);
    const ids = plan.grounds.map((g: { ground_id: string }) => g.ground_id);
    expect(ids).toEqual(['r1-dp', 'r2-112b', 'r3-112b', 'r4-102', 'r5-103', 'o1-claims', 'o2-claims']);
    const dp = (await a.call('GET', `/api/analyses/${a09}/grounds/r1-dp`)).json();
    expect(dp.legal_standard).toMatchObject({ id: 'dp-nonstatutory', mpep: ['804', '804.02'] });
    expect(dp.references[0].label).toMatch(/US 10,072,876/);
    const indefinite = (await a.call('GET', `/api/analyses/${a09}/grounds/r2-112b`)).json();
    expect(indefinite.legal_standard.id).toBe('112b');
    expect(indefinite.other_standards.map((s: { id: string; mpep: string[] }) => s.id)).toEqual(['112f']);
    expect(indefinite.examiner_reasoning.text).toMatch(/first expansion device/);
    // A terminal disclaimer answers the double-patenting ground for claim 2, and nothing else: its
    // 112(b) ground is then argued, which needs the practitioner's argument (issue 19 item 5).
    await a.call('PUT', `/api/response-plans/${plan.plan_id}/claims/2/strategy`, { strategy: 'terminal_disclaimer' });
    const report = (await a.call('GET', `/api/response-plans/${plan.plan_id}/completeness`)).json();
    expect(report.grounds.find((g: { ground_id: string }) => g.ground_id === 'r1-dp')).toMatchObject({
      answered: true,
      answered_by: [{ claims: [2], how: 'terminal_disclaimer' }],
    });
    expect(report.grounds.find((g: { ground_id: string }) => g.ground_id === 'r2-112b').unanswered).toContainEqual({
      claims: expect.arrayContaining([2]),
      reason: 'argue_distinction, but there is no argument on this ground',
    });

    const a06 = (await a.analyze('06', '14/865,757')).analysis_id;
    const p06 = await startPlan(a, a06);
    const abstract = p06.grounds.find((g: { kind: string }) => g.kind === 'document_objection');
    expect(abstract).toMatchObject({ target: 'abstract', title: 'Objection to the abstract', claims: [] });
    expect(abstract.ground_id).toMatch(/^o\d-abstract$/);
    const std = (await a.call('GET', `/api/analyses/${a06}/grounds/${abstract.ground_id}`)).json();
    expect(std.legal_standard).toMatchObject({ id: 'objection-abstract', law: '37 CFR 1.72(b)' });
    const r06 = (await a.call('GET', `/api/response-plans/${p06.plan_id}/completeness`)).json();
    expect(r06.missing).toContainEqual(expect.objectContaining({ code: 'ground_unanswered', ground_id: abstract.ground_id }));
    await a.call('PUT', `/api/response-plans/${p06.plan_id}/grounds/${abstract.ground_id}/argument`, {
      text: 'A replacement abstract correcting "mirco" to "micro" is submitted on a separate sheet.',
    });
    const r06b = (await a.call('GET', `/api/response-plans/${p06.plan_id}/completeness`)).json();
    expect(r06b.grounds.find((g: { ground_id: string }) => g.ground_id === abstract.ground_id)).toMatchObject({
      answered: true,
      answered_by: [{ claims: [], how: 'replied' }],
    });
  });
});

describe('the web app and an assistant editing the same plan at once', () => {
  test('concurrent starts agree on one plan; concurrent edits of different claims are all kept', async () => {
    const fresh = (await a.analyze('01', '15/091,542')).analysis_id;
    const starts = await Promise.all([1, 2, 3].map(() => a.call('POST', '/api/response-plans', { analysis_id: fresh })));
    expect(starts.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(starts.map((r) => r.json().plan_id)).size).toBe(1);
    const id = starts[0].json().plan_id;
    const edits = await Promise.all([
      a.call('PUT', `/api/response-plans/${id}/claims/2/strategy`, { strategy: 'cancel' }),
      t.app.inject({
        method: 'PUT',
        url: `/api/response-plans/${id}/claims/3/strategy`,
        headers: { cookie: a.cookie },
        payload: { strategy: 'cancel' },
        remoteAddress: randomIp(),
      }),
      a.call('PUT', `/api/response-plans/${id}/grounds/r1-112b/argument`, { text: 'The term is defined at paragraph [0031].' }),
    ]);
    expect(edits.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const plan = (await a.call('GET', `/api/response-plans/${id}`)).json();
    expect(plan.version).toBe(4);
    expect(plan.claims.filter((c: { strategy: string }) => c.strategy === 'cancel').map((c: { claim_number: number }) => c.claim_number)).toEqual([2, 3]);
    expect(plan.grounds.find((g: { ground_id: string }) => g.ground_id === 'r1-112b').argument.text).toMatch(/paragraph \[0031\]/);
    const actors = await t.database.db
      .selectFrom('audit_log')
      .select('actor')
      .where('target_id', '=', id)
      .where('action', '=', 'response_plan.strategy_set')
      .execute();
    expect(actors.map((x) => x.actor).sort()).toEqual(['api_key', 'session']);
  });
});
