import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OAuthTestServer } from '../support/oauth.ts';
import { creditCharger } from '../../src/commands/credit-charger.ts';
import { callTool, connectClient, ERAS, signedInUser, startMcpTestServer, type SignedInUser } from './support.ts';
import { CORE_TOOL_NAMES } from '../../src/mcp/tool-sets.ts';
import { TOOLS } from '../../src/mcp/tools/index.ts';

let s: OAuthTestServer;
let user: SignedInUser;
beforeAll(async () => {
  s = await startMcpTestServer();
  user = await signedInUser(s.url);
});
afterAll(async () => {
  await s?.close();
});

describe.each(ERAS)('account tools (%s era)', (era) => {
  test('tools/list: the core tools and the discovery pair by default; ?tools=all&output_schemas=1 lists every tool with its output schema; each with a title, description, input schema and annotations, in a stable order', async () => {
    const client = await connectClient(s.url, user.tokens.access_token, era);
    const { tools } = await client.listTools();
    const again = await client.listTools();
    expect(again.tools.map((t) => t.name)).toEqual(tools.map((t) => t.name));
    expect(tools.map((t) => t.name).sort()).toEqual([...CORE_TOOL_NAMES, 'find_tools', 'call_tool'].sort());
    expect(tools.every((t) => t.outputSchema === undefined)).toBe(true);
    const full = await connectClient(s.url, user.tokens.access_token, era, '?tools=all&output_schemas=1');
    const all = (await full.listTools()).tools;
    expect(all.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    for (const t of [...tools, ...all]) {
      expect(t.title, t.name).toBeTruthy();
      expect(t.description!.length, t.name).toBeGreaterThan(60);
      expect(t.inputSchema.type).toBe('object');
      expect(t.annotations, t.name).toMatchObject({
        readOnlyHint: expect.any(Boolean),
        destructiveHint: expect.any(Boolean),
        idempotentHint: expect.any(Boolean),
        openWorldHint: expect.any(Boolean),
      });
    }
    for (const t of all) expect(t.outputSchema?.type, t.name).toBe('object');
    await full.close();
    await client.close();
  });

  test('whoami and check_credits act on the signed-in account', async () => {
    const client = await connectClient(s.url, user.tokens.access_token, era);
    const me = await callTool(client, 'whoami');
    expect(me.isError).toBeFalsy();
    expect(me.structuredContent).toMatchObject({ account_id: user.accountId, email: user.email, balance: '25.00', status: 'low' });
    const credits = await callTool(client, 'check_credits');
    expect(credits.structuredContent).toMatchObject({
      balance: '25.00',
      status: 'low',
      top_up: `${s.url}/settings/billing`,
      requests_today: expect.any(Number),
    });
    expect(credits.content[0].text).toMatch(/25\.00/);
    await client.close();
  });

  test('get_usage pages the ledger; a bad cursor is an isError result with the error object', async () => {
    const client = await connectClient(s.url, user.tokens.access_token, era);
    const usage = await callTool(client, 'get_usage', { limit: 5 });
    expect(usage.structuredContent).toMatchObject({ balance: '25.00', entries: [expect.objectContaining({ amount: '25.00', kind: expect.any(String) })] });
    const bad = await callTool(client, 'get_usage', { limit: 500 });
    expect(bad.isError).toBe(true);
    await client.close();
  });

  test("get_pricing lists the spec's prices", async () => {
    const client = await connectClient(s.url, user.tokens.access_token, era);
    const p = await callTool(client, 'get_pricing');
    expect(p.structuredContent).toMatchObject({
      exports: expect.arrayContaining([{ type: 'oa_response', label: 'OA Response', price: '49.00' }]),
      packages: expect.any(Array),
    });
    await client.close();
  });
});

test("a client registered from ChatGPT's connector is never offered purchases", async () => {
  const chatgpt = await signedInUser(s.url, { metadata: { client_name: 'ChatGPT', redirect_uris: ['https://chatgpt.com/connector_platform_oauth_redirect'] } });
  const client = await connectClient(s.url, chatgpt.tokens.access_token);
  const credits = await callTool(client, 'check_credits');
  expect(credits.isError).toBeFalsy();
  expect(credits.structuredContent).toMatchObject({ balance: '25.00', top_up: null });
  expect(JSON.stringify(credits)).not.toMatch(/billing|buy/i);
  const pricing = await callTool(client, 'get_pricing');
  expect(pricing.structuredContent!.packages).toBeUndefined();
  await client.close();
});

test('after token billing the balance reads with two decimals in tool text; structured content keeps full precision', async () => {
  const billed = await signedInUser(s.url);
  // An analysis billed on tokens leaves a balance like 24.22595 (issue 10 saw it in check_credits).
  await creditCharger(
    s.database.db,
    { accountId: billed.accountId, via: 'system' },
    { accountId: billed.accountId, amountMicro: 774_050n, kind: 'usage_tokens', description: 'test: token usage' },
  );
  const client = await connectClient(s.url, billed.tokens.access_token);
  const credits = await callTool(client, 'check_credits');
  expect(credits.structuredContent).toMatchObject({ balance: '24.22595' });
  expect(credits.content[0].text).toMatch(/^Balance 24\.22 credits/);
  const me = await callTool(client, 'whoami');
  expect(me.content[0].text).toContain('balance 24.22 credits');
  const usage = await callTool(client, 'get_usage', { limit: 5 });
  expect(usage.content[0].text).toContain('balance 24.22.');
  const quote = await callTool(client, 'quote_cost', { exports: [{ type: 'ids' }] });
  expect(quote.content[0].text).toContain('balance 24.22.');
  // The sentences a person reads; the JSON text block after them mirrors structuredContent.
  expect([credits, me, usage, quote].map((r) => r.content[0].text).join(' ')).not.toContain('24.22595');
  await client.close();
});
