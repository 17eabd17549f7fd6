import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import mammoth from 'mammoth';
import type { OAuthTestServer } from '../support/oauth.ts';
import { callTool, connectClient, signedInUser, startMcpTestServer, type SignedInUser, type ToolResult } from '../mcp/support.ts';
import { grant } from '../support/drafts.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { startDraftWorker, type DraftWorker } from '../../src/jobs/draft-worker.ts';
import { corpusText } from './support.ts';

/**
 * The analysis and response-wizard tools through the MCP server (official SDK client, bearer
 * token from the real OAuth flow): each tool succeeds once and fails once with the error object;
 * what the assistant does is the plan the web app sees.
 */
let s: OAuthTestServer;
let user: SignedInUser;
let other: SignedInUser;
let worker: DraftWorker;
let client: Client;
let analysisId: string;
let planId: string;
let jobId: string;

const ORIGINAL_1 = 'A cylinder liner casted in a block, comprising: a liner body; and an outer surface having a bore adjacent part.';
const AMENDED_1 = 'A cylinder liner casted in a block, comprising: a cylindrical liner body; and an outer surface having a bore adjacent part.';
const ARGUMENT = 'Wang is cited only for the block; neither reference places the bore adjacent part on the inner side, which claim 2 requires through claim 1.';

beforeAll(async () => {
  s = await startMcpTestServer();
  await seedDemoData(s.database.db, '2026-11-21');
  worker = await startDraftWorker(s.database, await s.ctx.queue.get(), {});
  user = await signedInUser(s.url);
  other = await signedInUser(s.url);
  client = await connectClient(s.url, user.tokens.access_token);
});
afterAll(async () => {
  await client?.close();
  await worker?.stop();
  await s?.close();
});

function failed(r: ToolResult, code: string): Record<string, unknown> {
  expect(r.isError, JSON.stringify(r)).toBe(true);
  expect(r.structuredContent).toMatchObject({ error: true, error_code: code });
  expect(r.content[0].text).toMatch(new RegExp(`^${code}: `));
  return r.structuredContent!;
}

function ok(r: ToolResult): Record<string, any> {
  expect(r.isError, JSON.stringify(r)).toBeFalsy();
  expect(r.content[0].text!.length).toBeGreaterThan(10);
  return r.structuredContent as Record<string, any>;
}

describe('analysis tools', () => {
  test('analyze_office_action: billed by tokens; grounds with their ids. A bad application number is an isError result', async () => {
    const a = ok(
      await callTool(client, 'analyze_office_action', {
        office_action_text: corpusText('04'),
        application_number: '17/200,011',
        include_examiner_intel: false,
        idempotency_key: 'analyze-04-once',
      }),
    );
    analysisId = a.analysis_id;
    expect(a).toMatchObject({ application_number: '17200011', office_action_kind: 'non_final' });
    expect(a.grounds.map((g: { ground_id: string }) => g.ground_id)).toEqual(['r1-103', 'o1-claims']);
    expect(Number(a.billing.cost)).toBeGreaterThan(0);
    const again = ok(
      await callTool(client, 'analyze_office_action', {
        office_action_text: corpusText('04'),
        application_number: '17/200,011',
        include_examiner_intel: false,
        idempotency_key: 'analyze-04-once',
      }),
    );
    expect(again.analysis_id).toBe(analysisId);
    failed(await callTool(client, 'analyze_office_action', { office_action_text: corpusText('04'), application_number: 'garbage' }), 'validation_error');
  });

  test('get_analysis and list_analyses; an unknown or foreign analysis is 404', async () => {
    const a = ok(await callTool(client, 'get_analysis', { analysis_id: analysisId }));
    expect(a.claims).toHaveLength(8);
    expect(a.grounds[0]).toMatchObject({ ground_id: 'r1-103', statute: '35 U.S.C. 103', claims: [1, 2] });
    failed(await callTool(client, 'get_analysis', { analysis_id: 'an_nope' }), 'analysis_not_found');
    const list = ok(await callTool(client, 'list_analyses', {}));
    expect(list.analyses.map((x: { analysis_id: string }) => x.analysis_id)).toEqual([analysisId]);
    expect((await callTool(client, 'list_analyses', { limit: 500 })).isError).toBe(true);
    const theirs = await connectClient(s.url, other.tokens.access_token);
    failed(await callTool(theirs, 'get_analysis', { analysis_id: analysisId }), 'analysis_not_found');
    expect(ok(await callTool(theirs, 'list_analyses', {})).analyses).toEqual([]);
    await theirs.close();
  });

  test('get_claim_analysis: grounds, references with pinpoints; a claim the action does not treat is claim_not_found', async () => {
    const c = ok(await callTool(client, 'get_claim_analysis', { analysis_id: analysisId, claim_number: 1 }));
    expect(c.grounds.map((g: { ground_id: string }) => g.ground_id)).toEqual(['r1-103']);
    expect(c.references.find((r: { label: string }) => r.label.startsWith('Rebmann')).pinpoints.length).toBeGreaterThan(0);
    failed(await callTool(client, 'get_claim_analysis', { analysis_id: analysisId, claim_number: 99 }), 'claim_not_found');
  });

  test("explain_rejection: the examiner's reasoning quoted and the standard with its MPEP sections; an unknown ground is ground_not_found", async () => {
    const r = await callTool(client, 'explain_rejection', { analysis_id: analysisId, ground_id: 'r1-103' });
    const g = ok(r);
    expect(g.examiner_reasoning.text).toMatch(/^In regard to claim 1,/);
    expect(corpusText('04').slice(g.examiner_reasoning.span.start, g.examiner_reasoning.span.end)).toBe(g.examiner_reasoning.text);
    expect(g.legal_standard.mpep).toContain('2143');
    expect(r.content[0].text).toMatch(/MPEP 2141/);
    failed(await callTool(client, 'explain_rejection', { analysis_id: analysisId, ground_id: 'r9-101' }), 'ground_not_found');
  });
});

describe('response wizard tools', () => {
  test('start_response and get_response_plan; the web app sees the same plan; unknown ids are 404', async () => {
    const p = ok(await callTool(client, 'start_response', { analysis_id: analysisId }));
    planId = p.plan_id;
    expect(p).toMatchObject({ status: 'open', version: 1, completeness: { complete: false } });
    expect(p.claims.map((c: { strategy: string }) => c.strategy)).toEqual([
      'amend_narrow',
      'argue_distinction',
      'rewrite_independent',
      'rewrite_independent',
      'rewrite_independent',
      'rewrite_independent',
      'no_action',
      'no_action',
    ]);
    const again = ok(await callTool(client, 'start_response', { analysis_id: analysisId }));
    expect(again.plan_id).toBe(planId);
    failed(await callTool(client, 'start_response', { analysis_id: 'an_nope' }), 'analysis_not_found');
    expect(ok(await callTool(client, 'get_response_plan', { plan_id: planId })).plan_id).toBe(planId);
    failed(await callTool(client, 'get_response_plan', { plan_id: 'rp_nope' }), 'plan_not_found');
    const web = await fetch(`${s.url}/api/response-plans/${planId}`, { headers: { cookie: user.cookie } });
    expect(web.status).toBe(200);
    expect(((await web.json()) as { plan_id: string }).plan_id).toBe(planId);
  });

  test('set_claim_strategy; an unknown claim is claim_not_found; edits are audited as the assistant (bearer)', async () => {
    const r = ok(await callTool(client, 'set_claim_strategy', { plan_id: planId, claim_number: 3, strategy: 'no_action' }));
    expect(r.claim).toMatchObject({ claim_number: 3, strategy: 'no_action', strategy_source: 'practitioner' });
    for (const n of [4, 5, 6]) ok(await callTool(client, 'set_claim_strategy', { plan_id: planId, claim_number: n, strategy: 'no_action' }));
    failed(await callTool(client, 'set_claim_strategy', { plan_id: planId, claim_number: 99, strategy: 'cancel' }), 'claim_not_found');
    const audit = await s.database.db
      .selectFrom('audit_log')
      .select('actor')
      .where('action', '=', 'response_plan.strategy_set')
      .where('target_id', '=', planId)
      .execute();
    expect(audit.map((x) => x.actor)).toEqual(['bearer', 'bearer', 'bearer', 'bearer']);
  });

  test('set_claim_text returns the 1.121(c) markup; text for a claim that is argued is strategy_not_amending', async () => {
    const r = ok(await callTool(client, 'set_claim_text', { plan_id: planId, claim_number: 1, original_text: ORIGINAL_1, text: AMENDED_1 }));
    expect(r.claim.markup.marked_text).toBe(
      'A cylinder liner casted in a block, comprising: a <u>cylindrical</u> liner body; and an outer surface having a bore adjacent part.',
    );
    failed(await callTool(client, 'set_claim_text', { plan_id: planId, claim_number: 2, text: 'The liner of claim 1.' }), 'strategy_not_amending');
  });

  test('add_argument; an unknown ground is ground_not_found', async () => {
    const r = ok(await callTool(client, 'add_argument', { plan_id: planId, ground_id: 'r1-103', text: ARGUMENT }));
    expect(r.ground).toMatchObject({ ground_id: 'r1-103', answered: true, argument: { text: ARGUMENT } });
    failed(await callTool(client, 'add_argument', { plan_id: planId, ground_id: 'r5-102', text: 'x' }), 'ground_not_found');
  });

  test("set_election: not for a rejection (not_a_restriction); for a restriction, exactly the group's claims; an unknown group is refused", async () => {
    failed(await callTool(client, 'set_election', { plan_id: planId, group: 'I', traverse: false }), 'not_a_restriction');
    const a15 = ok(
      await callTool(client, 'analyze_office_action', {
        office_action_text: corpusText('15'),
        application_number: '16/777,002',
        office_action_type: 'CTED',
        include_examiner_intel: false,
      }),
    );
    const p15 = ok(await callTool(client, 'start_response', { analysis_id: a15.analysis_id }));
    failed(await callTool(client, 'set_election', { plan_id: p15.plan_id, group: 'IV', traverse: false }), 'unknown_restriction_group');
    const e = ok(await callTool(client, 'set_election', { plan_id: p15.plan_id, group: 'I', traverse: false }));
    expect(e.election).toMatchObject({
      group: 'I',
      elected_claims: [10, 11, 12, 13, 38, 39, 40, 41, 42],
      withdrawn_claims: [27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37],
    });
    expect(e.completeness.complete).toBe(true);
  });

  test('check_response_completeness and preview_response; an unknown plan is plan_not_found', async () => {
    const c = ok(await callTool(client, 'check_response_completeness', { plan_id: planId }));
    expect(c).toMatchObject({ complete: true, missing: [] });
    failed(await callTool(client, 'check_response_completeness', { plan_id: 'rp_nope' }), 'plan_not_found');
    const p = ok(await callTool(client, 'preview_response', { plan_id: planId }));
    expect(p).toMatchObject({ complete: true, price_to_submit: '49.00' });
    expect(JSON.stringify(p.sections)).toContain('Wang is cited only for the block');
    failed(await callTool(client, 'preview_response', { plan_id: 'rp_nope' }), 'plan_not_found');
  });

  test('submit_response: 402 names the price and the billing page; with credits, 49.00 once per idempotency key', async () => {
    const poor = failed(await callTool(client, 'submit_response', { plan_id: planId }), 'insufficient_credits');
    expect(poor.message).toMatch(/49\.00/);
    expect(poor.agent_suggestion).toContain(`${s.url}/settings/billing`);
    await grant(s.database.db, user.accountId, 100);
    const r = ok(await callTool(client, 'submit_response', { plan_id: planId, response_date: '2026-11-21', idempotency_key: 'submit-plan-once' }));
    jobId = r.job_id;
    expect(r).toMatchObject({ price: '49.00', plan_id: planId, completeness: { complete: true } });
    const again = ok(await callTool(client, 'submit_response', { plan_id: planId, response_date: '2026-11-21', idempotency_key: 'submit-plan-once' }));
    expect(again.job_id).toBe(jobId);
    const charges = await s.database.db.selectFrom('credit_ledger').select('amount_micro').where('reference', '=', jobId).execute();
    expect(charges).toHaveLength(1);
    failed(await callTool(client, 'submit_response', { plan_id: planId }), 'plan_submitted');
  });

  test('get_draft_status and get_download_link; the DOCX carries the argument; unknown jobs are job_not_found', async () => {
    failed(await callTool(client, 'get_download_link', { job_id: 'job_nope' }), 'job_not_found');
    failed(await callTool(client, 'get_draft_status', { job_id: 'job_nope' }), 'job_not_found');
    const until = Date.now() + 25_000;
    for (;;) {
      const row = await s.database.db.selectFrom('draft_jobs').select('status').where('id', '=', jobId).executeTakeFirstOrThrow();
      if (row.status === 'complete' || row.status === 'failed') break;
      if (Date.now() > until) throw new Error(`job still ${row.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const st = ok(await callTool(client, 'get_draft_status', { job_id: jobId }));
    expect(st.status).toBe('complete');
    const link = ok(await callTool(client, 'get_download_link', { job_id: jobId }));
    expect(link.download_url).toMatch(new RegExp(`/v1/prosa/download/${jobId}\\?token=`));
    const file = await fetch(link.download_url);
    expect(file.status).toBe(200);
    const text = (await mammoth.extractRawText({ buffer: Buffer.from(await file.arrayBuffer()) })).value;
    expect(text).toContain(ARGUMENT);
    expect(text).toMatch(/1\. \(Currently Amended\) A cylinder liner casted in a block, comprising: a cylindrical liner body/);
  });
});
