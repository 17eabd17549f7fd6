import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import type { OAuthTestServer } from '../support/oauth.ts';
import { OA_TEXT, grant } from '../support/drafts.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { todayUtc } from '../../src/clock.ts';
import { callTool, connectClient, signedInUser, startMcpTestServer, type SignedInUser, type ToolResult } from './support.ts';

/** Forms and account tools through MCP: each with a success and a failure, billed as the /api prices. */
let s: OAuthTestServer;
let user: SignedInUser;
let client: Client;

beforeAll(async () => {
  s = await startMcpTestServer();
  await seedDemoData(s.database.db, todayUtc());
  user = await signedInUser(s.url);
  client = await connectClient(s.url, user.tokens.access_token, 'modern');
  await callTool(client, 'add_to_docket', { application_number: '17200011' });
});
afterAll(async () => {
  await client?.close();
  await s?.close();
});

const balance = async () => Number(((await (await fetch(`${s.url}/api/credits`, { headers: { cookie: user.cookie } })).json()) as { balance: string }).balance);
const ok = (r: ToolResult) => expect(r.isError, JSON.stringify(r.content).slice(0, 500)).toBeFalsy();
const failed = (r: ToolResult, code: string | RegExp) => {
  expect(r.isError).toBe(true);
  expect(r.content[0].text).toMatch(code);
};

describe('forms', () => {
  test('prepare_extension_petition charges 5.00 and queues the job; an unknown application is refused uncharged', async () => {
    const before = await balance();
    // Not yet due: without months the API refuses (extension_not_needed); ask for one month.
    const r = await callTool(client, 'prepare_extension_petition', { application_number: '17/200,011', petition: { months: 1 } });
    ok(r);
    expect(r.structuredContent).toMatchObject({ job_id: expect.any(String), status: 'queued', price: '5.00', export_type: 'form', form: 'extension_of_time' });
    expect(await balance()).toBeCloseTo(before - 5, 6);
    const bad = await callTool(client, 'prepare_extension_petition', { application_number: '19999999', petition: { months: 1 } });
    failed(bad, /not_found/);
    expect(await balance()).toBeCloseTo(before - 5, 6);
  });

  test('prepare_ids charges 9.00; an idempotency key replays without a second charge', async () => {
    const before = await balance();
    const ids = { timing: '1.97(c)', statement: '1.97(e)(1)', us_patents: [{ number: '10,072,876', date: '2018-09-11', patentee_or_applicant: 'Smith' }] };
    const first = await callTool(client, 'prepare_ids', { application_number: '17200011', ids, idempotency_key: 'ids-retry-key-0001' });
    ok(first);
    const again = await callTool(client, 'prepare_ids', { application_number: '17200011', ids, idempotency_key: 'ids-retry-key-0001' });
    ok(again);
    expect((again.structuredContent as { job_id: string }).job_id).toBe((first.structuredContent as { job_id: string }).job_id);
    expect(await balance()).toBeCloseTo(before - 9, 6);
  });

  test('prepare_drawing_sheet charges 5.00; an unknown kind of drawing is refused by its schema', async () => {
    const drawing = {
      title: 'Thermal controller',
      figure_label: 'FIG. 1',
      kind: 'block',
      nodes: [
        { id: 'a', label: 'Sensor', ref_numeral: 102 },
        { id: 'b', label: 'Controller', ref_numeral: 104 },
      ],
      edges: [{ from: 'a', to: 'b' }],
    };
    ok(await callTool(client, 'prepare_drawing_sheet', { drawing }));
    failed(await callTool(client, 'prepare_drawing_sheet', { drawing: { ...drawing, kind: 'pie' } }), /Input validation error|kind/);
  });

  test('prepare_interview_request needs an analysis of this account', async () => {
    const analysis = await callTool(client, 'analyze_office_action', {
      application_number: '17200011',
      office_action_text: OA_TEXT,
      include_examiner_intel: false,
    });
    ok(analysis);
    const id = (analysis.structuredContent as { analysis_id: string }).analysis_id;
    const request = { interview_type: 'video', strategy_selections: {} };
    ok(await callTool(client, 'prepare_interview_request', { application_number: '17200011', analysis_id: id, request }));
    failed(
      await callTool(client, 'prepare_interview_request', { application_number: '17200011', analysis_id: 'someone-elses-analysis', request }),
      /not_found/,
    );
  });

  test('402 when the balance cannot cover a form: names the document and price and where to buy credits', async () => {
    const poor = await signedInUser(s.url);
    const c = await connectClient(s.url, poor.tokens.access_token, 'legacy');
    await callTool(c, 'add_to_docket', { application_number: '17200011' });
    for (let i = 0; i < 2; i++)
      ok(
        await callTool(c, 'prepare_ids', {
          application_number: '17200011',
          ids: { timing: '1.97(c)', statement: '1.97(e)(1)', us_patents: [{ number: `10,000,00${i}`, date: '2018-01-02', patentee_or_applicant: 'X' }] },
        }),
      );
    const r = await callTool(c, 'prepare_ids', {
      application_number: '17200011',
      ids: { timing: '1.97(c)', statement: '1.97(e)(1)', us_patents: [{ number: '10,000,009', date: '2018-01-02', patentee_or_applicant: 'X' }] },
    });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({
      error_code: 'insufficient_credits',
      message: expect.stringMatching(/IDS/),
      agent_suggestion: expect.stringContaining('/settings/billing'),
    });
    expect(r.structuredContent!.message).toMatch(/9\.00/);
    await c.close();
  });

  test("get_ids_timing reports the docket's window; prepare_ids reports it with the job", async () => {
    await grant(s.database.db, user.accountId, 20);
    const r = await callTool(client, 'get_ids_timing', { application_number: '17200011' });
    ok(r);
    expect(r.structuredContent).toMatchObject({ window: '1.97(c)', requirement: 'statement_or_fee', fee: { citation: '37 CFR 1.17(p)' } });
    expect(r.content[0].text).toMatch(/1\.97\(c\)/);
    const ids = await callTool(client, 'prepare_ids', {
      application_number: '17200011',
      ids: { statement: '1.97(e)(2)', us_patents: [{ number: '10,000,123', date: '2018-01-02', patentee_or_applicant: 'X' }] },
    });
    ok(ids);
    expect(ids.structuredContent).toMatchObject({ ids_timing: { window: '1.97(c)' } });
    expect(ids.content[0].text).toMatch(/Window: 37 CFR 1\.97\(c\)/);
    failed(
      await callTool(client, 'prepare_ids', {
        application_number: '17200011',
        ids: { timing: '1.97(b)', us_patents: [{ number: '10,000,124', date: '2018-01-02', patentee_or_applicant: 'X' }] },
      }),
      /ids_timing_mismatch|1\.97\(c\)/,
    );
  });

  test('the six prosecution forms: each charges 5.00 and names its USPTO fee; a docket condition refuses uncharged', async () => {
    await grant(s.database.db, user.accountId, 60);
    for (const n of ['17345678', '17111222']) ok(await callTool(client, 'add_to_docket', { application_number: n }));
    const analysis = await callTool(client, 'analyze_office_action', {
      application_number: '17200011',
      office_action_text: OA_TEXT,
      include_examiner_intel: false,
    });
    const analysisId = (analysis.structuredContent as { analysis_id: string }).analysis_id;
    const calls: [string, Record<string, unknown>, RegExp | null][] = [
      ['prepare_rce_transmittal', { application_number: '17345678', rce: { submission: { enclosed: ['amendment'] } } }, /1\.17\(e\)\(1\)/],
      ['prepare_notice_of_appeal', { application_number: '17345678' }, /41\.20\(b\)\(1\) 905\.00 USD/],
      ['prepare_pre_appeal_request', { application_number: '17345678', request: { arguments: [{ heading: 'Rejection under 35 U.S.C. 103' }] } }, null],
      ['prepare_terminal_disclaimer', { application_number: '17200011', disclaimer: { reference: { kind: 'patent', number: '10,123,456' } } }, /1\.20\(d\)/],
      // 17/111,222's USPTO record is a small entity's: its fee is, whatever the account's default (issue 19).
      ['prepare_issue_fee_transmittal', { application_number: '17111222' }, /1\.18\(a\) 516\.00 USD/],
      ['prepare_client_report', { application_number: '17200011', analysis_id: analysisId }, null],
    ];
    for (const [tool, args, fee] of calls) {
      const before = await balance();
      const r = await callTool(client, tool, args);
      ok(r);
      expect(r.structuredContent, tool).toMatchObject({ status: 'queued', price: '5.00', export_type: 'form' });
      if (fee) expect(r.content[0].text, tool).toMatch(fee);
      expect(await balance(), tool).toBeCloseTo(before - 5, 6);
    }
    const before = await balance();
    failed(
      await callTool(client, 'prepare_rce_transmittal', { application_number: '17200011', rce: { submission: { enclosed: ['amendment'] } } }),
      /rce_not_available/,
    );
    failed(await callTool(client, 'prepare_issue_fee_transmittal', { application_number: '17200011' }), /no_notice_of_allowance/);
    expect(await balance()).toBeCloseTo(before, 6);
  });

  test("list_exports and get_export show this account's jobs only", async () => {
    const list = await callTool(client, 'list_exports', {});
    ok(list);
    const jobs = (list.structuredContent as { exports: { job_id: string }[] }).exports;
    expect(jobs.length).toBeGreaterThanOrEqual(4);
    const one = await callTool(client, 'get_export', { job_id: jobs[0].job_id });
    ok(one);
    expect(one.structuredContent).toMatchObject({ job_id: jobs[0].job_id });
    failed(await callTool(client, 'list_exports', { limit: 0 }), /Input validation error|limit/);
    // Another account's job id is not found.
    const other = await signedInUser(s.url);
    const c = await connectClient(s.url, other.tokens.access_token);
    failed(await callTool(c, 'get_export', { job_id: jobs[0].job_id }), /not_found/);
    await c.close();
  });
});

describe('account', () => {
  test('whoami, check_credits, get_pricing refuse once the user disconnects the assistant', async () => {
    const u = await signedInUser(s.url);
    const c = await connectClient(s.url, u.tokens.access_token);
    ok(await callTool(c, 'whoami'));
    const grants = (await (await fetch(`${s.url}/api/oauth/grants`, { headers: { cookie: u.cookie } })).json()) as { grants: { id: string }[] };
    await fetch(`${s.url}/api/oauth/grants/${grants.grants[0].id}`, { method: 'DELETE', headers: { cookie: u.cookie } });
    for (const name of ['whoami', 'check_credits', 'get_pricing']) {
      const r = await callTool(c, name).catch((e: Error) => ({ isError: true, content: [{ type: 'text', text: `transport: ${e.message}` }] }) as ToolResult);
      expect(r.isError, name).toBe(true);
    }
    await c.close().catch(() => {});
  });

  test("every tool call is in the account's audit log with the client and the outcome", async () => {
    await new Promise((r) => setTimeout(r, 300));
    const audit = (await (await fetch(`${s.url}/api/audit?source=assistant&action=mcp.tool_call&limit=200`, { headers: { cookie: user.cookie } })).json()) as {
      entries?: { action: string; details: Record<string, unknown> }[];
      events?: { action: string; details: Record<string, unknown> }[];
    };
    const rows = audit.entries ?? audit.events ?? [];
    const tools = rows.map((r) => r.details.tool);
    expect(tools).toEqual(
      expect.arrayContaining([
        'prepare_extension_petition',
        'prepare_ids',
        'prepare_drawing_sheet',
        'list_exports',
        'get_export',
        'get_ids_timing',
        'prepare_notice_of_appeal',
      ]),
    );
    const refusal = rows.find((r) => r.details.tool === 'prepare_extension_petition' && r.details.outcome !== 'ok');
    expect(refusal?.details.outcome).toMatch(/not_found/);
    expect(rows[0].details).toMatchObject({ client_id: user.tokens.client_id, duration_ms: expect.any(Number) });
  });
});
