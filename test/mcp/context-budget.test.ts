import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OAuthTestServer } from '../support/oauth.ts';
import { countTokens } from '../../src/analysis/llm/token-count.ts';
import { CORE_TOOL_NAMES } from '../../src/mcp/tool-sets.ts';
import { TOOLS } from '../../src/mcp/tools/index.ts';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { signUpAccount } from '../support/oauth.ts';
import { callTool, connectClient, ERAS, signedInUser, startMcpTestServer, type SignedInUser } from './support.ts';
import { HeadlessProvider } from './sdk-oauth-provider.ts';

/**
 * Issue 20, real assistants item 5 (context budget), with the official SDK client in both eras:
 * the default tools/list costs at most 8,000 tokens (o200k_base) and every tool stays reachable
 * (listed by the connector URL, described by find_tools, run by call_tool or by name); results
 * carry their JSON once for clients that read structuredContent; invalid arguments are tool
 * results with the error object, audited like every call.
 */
let s: OAuthTestServer;
let user: SignedInUser;
beforeAll(async () => {
  // The tokenizer builds its tables on first use (about a second): not while a request is open.
  countTokens('warm up');
  s = await startMcpTestServer();
  user = await signedInUser(s.url);
});
afterAll(async () => {
  await s?.close();
});

const CHATGPT = { client_name: 'ChatGPT', redirect_uris: ['https://chatgpt.com/connector_platform_oauth_redirect'] };

/** Audit rows of this account's tool calls, once at least `n` have arrived (reports are batched). */
async function auditRows(cookie: string, n: number): Promise<{ details: Record<string, unknown> }[]> {
  for (let i = 0; ; i++) {
    const body = (await (await fetch(`${s.url}/api/audit?source=assistant&action=mcp.tool_call&limit=200`, { headers: { cookie } })).json()) as {
      entries: { details: Record<string, unknown> }[];
    };
    if (body.entries.length >= n || i >= 50) return body.entries;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(ERAS)('tool set (%s era)', (era) => {
  let client: Client;
  beforeAll(async () => {
    client = await connectClient(s.url, user.tokens.access_token, era);
  });
  afterAll(async () => {
    await client?.close();
  });

  test('the default tools/list is the core plus find_tools and call_tool, at most 8,000 tokens; the full list is larger', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([...TOOLS.filter((t) => CORE_TOOL_NAMES.includes(t.name)).map((t) => t.name), 'find_tools', 'call_tool']);
    const tokens = countTokens(JSON.stringify(tools));
    expect(tokens).toBeLessThanOrEqual(8_000);
    // No dialect URI repeated on every schema (2020-12 is the default).
    expect(JSON.stringify(tools)).not.toContain('$schema');
    const all = await connectClient(s.url, user.tokens.access_token, era, '?tools=all');
    const everything = (await all.listTools()).tools;
    expect(everything.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    expect(countTokens(JSON.stringify(everything))).toBeGreaterThan(2 * tokens);
    await all.close();
  });

  test('?tools=forms,examiner lists the core plus those groups; unknown groups are ignored', async () => {
    const c = await connectClient(s.url, user.tokens.access_token, era, '?tools=forms,examiner,nonsense');
    const names = (await c.listTools()).tools.map((t) => t.name);
    const expected = TOOLS.filter((t) => CORE_TOOL_NAMES.includes(t.name) || t.group === 'forms' || t.group === 'examiner').map((t) => t.name);
    expect(names).toEqual([...expected, 'find_tools', 'call_tool']);
    await c.close();
  });

  test('output schemas only with ?output_schemas=1', async () => {
    expect((await client.listTools()).tools.some((t) => t.outputSchema)).toBe(false);
    const c = await connectClient(s.url, user.tokens.access_token, era, '?output_schemas=1');
    const tools = (await c.listTools()).tools;
    expect(tools.filter((t) => t.name !== 'call_tool').every((t) => t.outputSchema?.type === 'object')).toBe(true);
    // A client that validates results against the schema gets a conforming result.
    const r = await callTool(c, 'check_credits');
    expect(r.isError).toBeFalsy();
    await c.close();
  });

  test('find_tools lists every tool exactly once and describes the ones asked for with their input schema', async () => {
    const cat = await callTool(client, 'find_tools');
    expect(cat.isError).toBeFalsy();
    const groups = (cat.structuredContent as { groups: { tools: string[] }[] }).groups;
    expect(groups.flatMap((g) => g.tools).sort()).toEqual(TOOLS.map((t) => t.name).sort());
    const some = await callTool(client, 'find_tools', { names: ['prepare_ids', 'get_examiner_profile', 'no_such_tool'] });
    const d = some.structuredContent as {
      tools: { name: string; price: string; input_schema: { type: string; properties: Record<string, unknown> } }[];
      unknown: string[];
    };
    expect(d.tools.map((t) => t.name)).toEqual(['prepare_ids', 'get_examiner_profile']);
    expect(d.tools[0].price).toBe('9.00');
    expect(d.tools[0].input_schema).toMatchObject({ type: 'object', properties: expect.objectContaining({ application_number: expect.any(Object) }) });
    expect(d.unknown).toEqual(['no_such_tool']);
  });

  test('every tool not listed is reachable: by name, and through call_tool with the same result', async () => {
    const unlisted = TOOLS.filter((t) => !CORE_TOOL_NAMES.includes(t.name));
    expect(unlisted.length).toBeGreaterThan(30);
    const direct = await callTool(client, 'get_pricing');
    const via = await callTool(client, 'call_tool', { name: 'get_pricing', arguments: {} });
    expect(direct.isError).toBeFalsy();
    expect(via.isError).toBeFalsy();
    expect(via.structuredContent).toEqual(direct.structuredContent);
    expect(via.content).toEqual(direct.content);
    const me = await callTool(client, 'call_tool', { name: 'whoami' });
    expect(me.structuredContent).toMatchObject({ account_id: user.accountId });
  });

  test('call_tool with an unknown name or bad arguments: isError with the error object', async () => {
    const unknown = await callTool(client, 'call_tool', { name: 'format_hard_drive', arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(unknown.structuredContent).toMatchObject({ error: true, error_code: 'unknown_tool', agent_suggestion: expect.stringContaining('find_tools') });
    const bad = await callTool(client, 'call_tool', { name: 'get_usage', arguments: { limit: 1000 } });
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toMatchObject({
      error: true,
      error_code: 'validation_error',
      message: expect.stringMatching(/get_usage.*limit/),
      agent_suggestion: expect.stringContaining('"limit"'),
    });
    // call_tool does not nest.
    const nested = await callTool(client, 'call_tool', { name: 'call_tool', arguments: { name: 'whoami' } });
    expect(nested.structuredContent).toMatchObject({ error_code: 'unknown_tool' });
  });

  test('invalid arguments to any tool: a tool result with validation_error and an agent suggestion naming the field', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['list_analyses', { limit: 500 }, /limit/],
      ['docket_briefing', { within_days: 0 }, /within_days/],
      ['get_analysis', {}, /analysis_id/],
      ['set_claim_strategy', { plan_id: 'rp_x', claim_number: 'one', strategy: 'cancel' }, /claim_number/],
    ];
    for (const [name, args, field] of cases) {
      const r = await callTool(client, name, args);
      expect(r.isError, name).toBe(true);
      expect(r.structuredContent, name).toMatchObject({
        error: true,
        error_code: 'validation_error',
        message: expect.stringMatching(field),
        agent_suggestion: expect.stringMatching(field),
      });
      expect(r.content[0].text, name).toMatch(/^validation_error: /);
    }
  });
});

describe('results: the JSON once for clients that read structuredContent', () => {
  test('by default a result carries the summary and the JSON as text beside structuredContent (MCP SHOULD, for content-only hosts)', async () => {
    const c = await connectClient(s.url, user.tokens.access_token);
    const r = await callTool(c, 'check_credits');
    expect(r.content).toHaveLength(2);
    expect(JSON.parse(r.content[1].text!)).toEqual(r.structuredContent);
    await c.close();
  });

  test('?results=structured: the summary alone beside structuredContent', async () => {
    const c = await connectClient(s.url, user.tokens.access_token, 'legacy', '?results=structured');
    const r = await callTool(c, 'check_credits');
    expect(r.content).toEqual([{ type: 'text', text: expect.stringMatching(/^Balance 25\.00 credits/) }]);
    expect(r.structuredContent).toMatchObject({ balance: '25.00' });
    await c.close();
  });

  test("ChatGPT's connector (its model reads structuredContent) gets the summary alone; ?results=full restores the copy", async () => {
    const chatgpt = await signedInUser(s.url, { metadata: CHATGPT });
    const c = await connectClient(s.url, chatgpt.tokens.access_token);
    const r = await callTool(c, 'check_credits');
    expect(r.content).toHaveLength(1);
    expect(r.structuredContent).toMatchObject({ balance: '25.00' });
    const full = await connectClient(s.url, chatgpt.tokens.access_token, 'modern', '?results=full');
    expect((await callTool(full, 'check_credits')).content).toHaveLength(2);
    await full.close();
    await c.close();
  });
});

test('refused arguments and call_tool runs are audited under the tool they ran', async () => {
  const u = await signedInUser(s.url);
  const c = await connectClient(s.url, u.tokens.access_token);
  await callTool(c, 'list_analyses', { limit: 500 });
  await callTool(c, 'call_tool', { name: 'get_pricing', arguments: {} });
  await callTool(c, 'call_tool', { name: 'nope' });
  const rows = await auditRows(u.cookie, 3);
  const seen = rows.map((r) => [r.details.tool, r.details.outcome]);
  expect(seen).toEqual(
    expect.arrayContaining([
      ['list_analyses', 'validation_error'],
      ['get_pricing', 'ok'],
      ['call_tool', 'unknown_tool'],
    ]),
  );
  await c.close();
});

test.each(ERAS)(
  'a connector URL with parameters signs in like the plain one (SDK client, OAuth from the 401, %s era): the token is for {mcp_url}/mcp',
  async (era) => {
    const account = await signUpAccount(s.url);
    const provider = new HeadlessProvider(s.url, account, 'none');
    const url = new URL(`${s.url}/mcp?tools=all&results=structured`);
    const newClient = () =>
      new Client({ name: 'prosa-connector-url', version: '1.0.0' }, { versionNegotiation: { mode: era === 'legacy' ? 'legacy' : { pin: '2026-07-28' } } });
    let transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
    await expect(newClient().connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    await transport.finishAuth(provider.callback!.searchParams);
    transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
    const client = newClient();
    await client.connect(transport);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    const me = (await client.callTool({ name: 'whoami', arguments: {} })) as { content: unknown[]; structuredContent: Record<string, unknown> };
    expect(me.structuredContent).toMatchObject({ account_id: account.accountId });
    expect(me.content).toHaveLength(1);
    await client.close();
  },
);
