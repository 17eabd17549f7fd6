import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import type { OAuthTestServer } from '../support/oauth.ts';
import { callTool, connectClient, signedInUser, startMcpTestServer, type SignedInUser, type ToolResult } from '../mcp/support.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { corpusText } from './support.ts';

/**
 * set_claim_strategy with ground_id (issue 19 item 5) through the MCP server (official SDK client,
 * bearer token from the real OAuth flow), on corpus 04: claims 1-2 rejected under 103 (r1-103),
 * claims 3-6 objected to (o1-claims), claims 7-8 allowable. The answer an assistant chooses for
 * one ground is the one the web app shows.
 */
let s: OAuthTestServer;
let user: SignedInUser;
let client: Client;
let planId: string;

beforeAll(async () => {
  s = await startMcpTestServer();
  await seedDemoData(s.database.db, '2026-11-21');
  user = await signedInUser(s.url);
  client = await connectClient(s.url, user.tokens.access_token);
  const a = ok(
    await callTool(client, 'analyze_office_action', { office_action_text: corpusText('04'), application_number: '17/200,011', include_examiner_intel: false }),
  );
  planId = ok(await callTool(client, 'start_response', { analysis_id: a.analysis_id })).plan_id;
});
afterAll(async () => {
  await client?.close();
  await s?.close();
});

function ok(r: ToolResult): Record<string, any> {
  expect(r.isError, JSON.stringify(r)).toBeFalsy();
  return r.structuredContent as Record<string, any>;
}

function failed(r: ToolResult, code: string): Record<string, unknown> {
  expect(r.isError, JSON.stringify(r)).toBe(true);
  expect(r.structuredContent).toMatchObject({ error: true, error_code: code });
  expect(r.content[0].text).toMatch(new RegExp(`^${code}: `));
  return r.structuredContent!;
}

describe('set_claim_strategy with ground_id', () => {
  test('tools/list offers ground_id and a null strategy', async () => {
    const tool = (await client.listTools()).tools.find((t) => t.name === 'set_claim_strategy')!;
    expect(Object.keys(tool.inputSchema.properties ?? {})).toEqual(['plan_id', 'claim_number', 'ground_id', 'strategy']);
    expect(tool.inputSchema.required).toEqual(['plan_id', 'claim_number', 'strategy']);
    expect(tool.description).toMatch(/With ground_id/);
  });

  test("sets one ground's answer for one claim; the summary says it; the web app's plan shows it; audited as the assistant", async () => {
    const r = await callTool(client, 'set_claim_strategy', { plan_id: planId, claim_number: 2, ground_id: 'r1-103', strategy: 'argue_unexpected_results' });
    const data = ok(r);
    expect(data).toMatchObject({
      plan_id: planId,
      claim: { claim_number: 2, strategy: 'argue_distinction' },
      ground_answer: { ground_id: 'r1-103', answer: 'argue_unexpected_results', chosen: 'argue_unexpected_results' },
      ground: { ground_id: 'r1-103', answered: false },
    });
    expect(data.claim.ground_answers).toEqual([
      {
        ground_id: 'r1-103',
        answer: 'argue_unexpected_results',
        chosen: 'argue_unexpected_results',
        choices: ['argue_distinction', 'argue_unexpected_results'],
      },
    ]);
    expect(r.content[0].text).toMatch(
      /^Claim 2, ground r1-103: answered by argue unexpected results \(chosen for this ground\); the ground is not yet answered/,
    );
    const web = (await (await fetch(`${s.url}/api/response-plans/${planId}`, { headers: { cookie: user.cookie } })).json()) as {
      claims: { claim_number: number; ground_answers: { chosen: string | null }[] }[];
    };
    expect(web.claims.find((c) => c.claim_number === 2)?.ground_answers[0].chosen).toBe('argue_unexpected_results');
    const audit = await s.database.db
      .selectFrom('audit_log')
      .select(['actor', 'details'])
      .where('action', '=', 'response_plan.ground_strategy_set')
      .where('target_id', '=', planId)
      .execute();
    expect(audit).toEqual([
      { actor: 'bearer', details: expect.objectContaining({ claim: 2, ground_id: 'r1-103', strategy: 'argue_unexpected_results', previous: null }) },
    ]);

    const cleared = ok(await callTool(client, 'set_claim_strategy', { plan_id: planId, claim_number: 2, ground_id: 'r1-103', strategy: null }));
    expect(cleared.ground_answer).toMatchObject({ answer: 'argue_distinction', chosen: null });
  });

  test('refusals are error results: unknown_ground, ground_not_for_claim, strategy_cannot_answer_ground (a disclaimer for 103, an objection), a null claim strategy', async () => {
    failed(
      await callTool(client, 'set_claim_strategy', { plan_id: planId, claim_number: 1, ground_id: 'r9-101', strategy: 'argue_distinction' }),
      'unknown_ground',
    );
    failed(
      await callTool(client, 'set_claim_strategy', { plan_id: planId, claim_number: 7, ground_id: 'r1-103', strategy: 'argue_distinction' }),
      'ground_not_for_claim',
    );
    const td = failed(
      await callTool(client, 'set_claim_strategy', { plan_id: planId, claim_number: 1, ground_id: 'r1-103', strategy: 'terminal_disclaimer' }),
      'strategy_cannot_answer_ground',
    );
    expect(td.message).toMatch(/overcomes only nonstatutory double patenting/);
    failed(
      await callTool(client, 'set_claim_strategy', { plan_id: planId, claim_number: 3, ground_id: 'o1-claims', strategy: 'argue_distinction' }),
      'strategy_cannot_answer_ground',
    );
    failed(
      await callTool(client, 'set_claim_strategy', { plan_id: planId, claim_number: 1, ground_id: 'r1-103', strategy: 'amend_clarify' }),
      'strategy_cannot_answer_ground',
    );
    failed(await callTool(client, 'set_claim_strategy', { plan_id: planId, claim_number: 1, strategy: null }), 'validation_error');
    failed(
      await callTool(client, 'set_claim_strategy', { plan_id: 'rp_nope', claim_number: 1, ground_id: 'r1-103', strategy: 'argue_distinction' }),
      'plan_not_found',
    );
  });
});
