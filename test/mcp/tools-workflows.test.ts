import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OAuthTestServer } from '../support/oauth.ts';
import { OA_TEXT, grant } from '../support/drafts.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { addDays } from '../../src/domain/deadlines/calendar.ts';
import { todayUtc } from '../../src/clock.ts';
import { callTool, connectClient, signedInUser, startMcpTestServer, type SignedInUser } from './support.ts';
import type { Client } from '@modelcontextprotocol/client';

/** The workflow tools: one call for "a new action came in", "what's due" and "get the response ready". */
let s: OAuthTestServer;
let user: SignedInUser;
let client: Client;
const mailed = addDays(todayUtc(), -10);

beforeAll(async () => {
  s = await startMcpTestServer();
  await seedDemoData(s.database.db, todayUtc());
  user = await signedInUser(s.url);
  client = await connectClient(s.url, user.tokens.access_token, 'legacy');
});
afterAll(async () => {
  await client?.close();
  await s?.close();
});

const web = (path: string) => fetch(`${s.url}${path}`, { headers: { cookie: user.cookie } }).then((r) => r.json() as Promise<Record<string, unknown>>);

describe('triage_office_action', () => {
  let analysisId: string;
  let paperId: string;

  test('dockets, records, analyses, computes deadlines and suggests next steps; the web app sees it all', async () => {
    const r = await callTool(client, 'triage_office_action', {
      application_number: '17/200,011',
      kind: 'CTNF',
      mailing_date: mailed,
      office_action_text: OA_TEXT,
    });
    expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
    const d = r.structuredContent as Record<string, any>;
    expect(d).toMatchObject({
      application_number: '17200011',
      added_to_docket: true,
      recorded: { already_recorded: false, correspondence_id: expect.any(String) },
    });
    // A non-final action mailed ten days ago: three months without fees, six at most (35 U.S.C. 133).
    expect(d.deadlines.response_deadline > mailed).toBe(true);
    expect(d.deadlines.critical_deadline_date > d.deadlines.response_deadline).toBe(true);
    expect(d.deadlines.extensions.length).toBe(3);
    expect(d.analysis).toMatchObject({ analysis_id: expect.any(String), claims: expect.any(Number) });
    expect(d.analysis.rejected).toBeGreaterThan(0);
    expect(d.next_steps.join(' ')).toMatch(/start_response|prepare_response_package/);
    analysisId = d.analysis.analysis_id;
    paperId = d.recorded.correspondence_id;

    // Same account everywhere: the web session sees the docket entry, the recorded paper and the analysis.
    const docket = (await web('/api/docket')) as { entries: { application: { application_number: string; response_deadline: string } }[] };
    expect(docket.entries.map((e) => e.application.application_number)).toContain('17200011');
    const analyses = (await web('/api/analyses')) as { analyses: { analysis_id: string }[] };
    expect(analyses.analyses.map((a) => a.analysis_id)).toContain(analysisId);
    const papers = (await web('/api/applications/17200011/correspondence')) as {
      correspondence?: { recorded_by_account: boolean; mailing_date: string }[];
      papers?: { recorded_by_account: boolean; mailing_date: string }[];
    };
    const list = papers.correspondence ?? papers.papers ?? [];
    expect(list.some((p) => p.recorded_by_account && p.mailing_date === mailed)).toBe(true);
  });

  test('triage again: the paper is already recorded, nothing is duplicated', async () => {
    const r = await callTool(client, 'triage_office_action', {
      application_number: '17200011',
      kind: 'CTNF',
      mailing_date: mailed,
      office_action_text: OA_TEXT,
      analyze: false,
    });
    expect(r.isError).toBeFalsy();
    // The very same paper (kind, date and text): the API answers the one recorded first.
    expect(r.structuredContent).toMatchObject({ added_to_docket: false, recorded: { already_recorded: true, correspondence_id: paperId }, analysis: null });
    const papers = (await web('/api/applications/17200011/correspondence')) as { correspondence: { recorded_by_account: boolean; mailing_date: string }[] };
    expect(papers.correspondence.filter((p) => p.recorded_by_account && p.mailing_date === mailed)).toHaveLength(1);
  });

  test('an application Prosa does not know: isError app_not_found telling the agent how to add it', async () => {
    const r = await callTool(client, 'triage_office_action', {
      application_number: '19/999,999',
      kind: 'CTNF',
      mailing_date: mailed,
      office_action_text: OA_TEXT,
    });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({ error: true, error_code: 'app_not_found', agent_suggestion: expect.stringContaining('add_to_docket') });
  });

  describe('after triage', () => {
    test('docket_briefing lists the matter with its next step; a bad horizon is refused', async () => {
      const r = await callTool(client, 'docket_briefing', { within_days: 120 });
      expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
      const d = r.structuredContent as { due: { application_number: string; next_step: string; response_in_progress: unknown }[]; unanswered: number };
      const item = d.due.find((x) => x.application_number === '17200011')!;
      expect(item).toBeTruthy();
      expect(item.response_in_progress).toBeNull();
      expect(item.next_step).toMatch(/prepare_response_package|triage_office_action/);
      expect(d.unanswered).toBeGreaterThanOrEqual(1);
      const bad = await callTool(client, 'docket_briefing', { within_days: 0 });
      expect(bad.isError).toBe(true);
    });

    test('prepare_response_package quotes without charging, 402 names the price and the billing page, then submits once confirmed', async () => {
      const before = ((await web('/api/credits')) as { balance: string }).balance;
      const quote = await callTool(client, 'prepare_response_package', { analysis_id: analysisId });
      expect(quote.isError, JSON.stringify(quote.content)).toBeFalsy();
      const q = quote.structuredContent as Record<string, any>;
      expect(q).toMatchObject({ plan_id: expect.any(String), price: '49.00', balance: before, affordable: false, submitted: null });
      expect(((await web('/api/credits')) as { balance: string }).balance).toBe(before);
      // The plan is the same one the web app shows.
      const plans = (await web('/api/response-plans')) as { response_plans: { plan_id: string }[] };
      expect(plans.response_plans.map((p) => p.plan_id)).toContain(q.plan_id);

      const refused = await callTool(client, 'prepare_response_package', { analysis_id: analysisId, confirm: true, accept_incomplete: true });
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent).toMatchObject({
        error_code: 'insufficient_credits',
        message: expect.stringMatching(/OA Response.*49\.00|49\.00.*OA Response/),
        agent_suggestion: expect.stringContaining(`${s.url}/settings/billing`),
      });

      await grant(s.database.db, user.accountId, 100);
      const done = await callTool(client, 'prepare_response_package', {
        analysis_id: analysisId,
        confirm: true,
        accept_incomplete: true,
        idempotency_key: 'package-retry-0001',
      });
      expect(done.isError, JSON.stringify(done.content)).toBeFalsy();
      expect((done.structuredContent as Record<string, any>).submitted).toMatchObject({
        job_id: expect.any(String),
        status: expect.stringMatching(/queued|in_progress|complete/),
      });
      // Charged exactly the REST #4 price, once.
      expect(Number(((await web('/api/credits')) as { balance: string }).balance)).toBeCloseTo(Number(before) + 100 - 49, 6);
    });

    test('prepare_response_package for an analysis of another account or none: 404', async () => {
      const r = await callTool(client, 'prepare_response_package', { analysis_id: 'no-such-analysis' });
      expect(r.isError).toBe(true);
      expect((r.structuredContent as { error_code: string }).error_code).toMatch(/not_found/);
    });
  });
});
