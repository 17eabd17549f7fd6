import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OAuthTestServer } from '../support/oauth.ts';
import { TOOLS } from '../../src/mcp/tools/index.ts';
import { CORE_TOOL_NAMES } from '../../src/mcp/tool-sets.ts';
import { callTool, connectClient, ERAS, rawMcp, readRpc, signedInUser, startMcpTestServer, type SignedInUser } from './support.ts';

/**
 * The stateless server builds a server per request but shares across requests what does not
 * depend on the caller (remembered token checks, tool registrations and their JSON Schemas), and
 * registers only the called tool for a tools/call (server-factory.ts). Each request's caller must
 * still be its own, however requests of several accounts interleave, and every answer must be the
 * one a server with every tool registered gives.
 */
let s: OAuthTestServer;
let a: SignedInUser;
let b: SignedInUser;
beforeAll(async () => {
  s = await startMcpTestServer();
  [a, b] = await Promise.all([signedInUser(s.url), signedInUser(s.url)]);
});
afterAll(async () => {
  await s?.close();
});

interface WhoAmI {
  account_id: string;
  email: string;
}

const whoamiRaw = async (user: SignedInUser, id: number): Promise<WhoAmI> => {
  const res = await rawMcp(
    s.url,
    { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'whoami', arguments: {} } },
    { authorization: `Bearer ${user.tokens.access_token}` },
  );
  expect(res.status).toBe(200);
  const rpc = await readRpc<{ id: number; result: { isError?: boolean; structuredContent: WhoAmI } }>(res);
  expect(rpc.id).toBe(id);
  expect(rpc.result.isError).toBeFalsy();
  return rpc.result.structuredContent;
};

describe('two accounts calling at once', () => {
  test('raw 2025-era POSTs, interleaved and concurrent: every call answers for its own account', async () => {
    const callers = Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? b : a));
    const answers = await Promise.all(callers.map((u, i) => whoamiRaw(u, i + 1)));
    answers.forEach((who, i) => {
      expect(who, `call ${i + 1}`).toMatchObject({ account_id: callers[i].accountId, email: callers[i].email });
    });
  });

  test.each(ERAS)('SDK clients (%s era), concurrent: each client sees only its own account', async (era) => {
    const [ca, cb] = await Promise.all([connectClient(s.url, a.tokens.access_token, era), connectClient(s.url, b.tokens.access_token, era)]);
    try {
      const calls = Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? { user: a, client: ca } : { user: b, client: cb }));
      const results = await Promise.all(calls.map(({ client }) => callTool(client, 'whoami')));
      for (const [i, r] of results.entries())
        expect(r.structuredContent, `call ${i}`).toMatchObject({ account_id: calls[i].user.accountId, email: calls[i].user.email });
    } finally {
      await Promise.all([ca.close(), cb.close()]);
    }
  });
});

describe('tool schemas converted once per process', () => {
  test("tools/list advertises each tool's schemas as converted from its zod schemas (without the default dialect URI), the same on every request", async () => {
    const list = async () => {
      // Every tool with its output schema: the connector URL's parameters (src/mcp/tool-sets.ts).
      const res = await fetch(`${s.url}/mcp?tools=all&output_schemas=1`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
          authorization: `Bearer ${a.tokens.access_token}`,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      return (await readRpc<{ result: { tools: { name: string; inputSchema: unknown; outputSchema: unknown }[] } }>(res)).result.tools;
    };
    const first = await list();
    expect(await list()).toEqual(first);
    expect(first.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    for (const tool of TOOLS) {
      const listed = first.find((t) => t.name === tool.name)!;
      const fresh = (io: 'input' | 'output') => {
        const { $schema, ...rest } = tool[io === 'input' ? 'input' : 'output']['~standard'].jsonSchema[io]({ target: 'draft-2020-12' });
        expect($schema).toBe('https://json-schema.org/draft/2020-12/schema');
        return rest;
      };
      expect(listed.inputSchema, tool.name).toEqual({ type: 'object', ...fresh('input') });
      expect(listed.outputSchema, tool.name).toEqual(fresh('output'));
    }
  });
});

describe('a tools/call answered by a server holding only the called tool', () => {
  interface Answer {
    result?: { isError?: boolean; structuredContent?: Record<string, unknown>; content: { text: string }[]; tools?: unknown[]; prompts?: { name: string }[] };
    error?: { code: number; message: string };
  }
  const rpc = async (body: unknown) => readRpc<Answer>(await rawMcp(s.url, body, { authorization: `Bearer ${a.tokens.access_token}` }));

  test("2025 era: an unknown tool is the SDK's JSON-RPC error; invalid arguments are an isError result with the error object", async () => {
    expect(await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } })).toMatchObject({
      error: { code: -32602, message: 'Tool no_such_tool not found' },
    });
    const bad = await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'lookup_application', arguments: { application_number: 5 } } });
    expect(bad.result).toMatchObject({
      isError: true,
      structuredContent: { error: true, error_code: 'validation_error', agent_suggestion: expect.stringContaining('"application_number"') },
    });
    expect(bad.result!.content[0].text).toMatch(
      /^validation_error: Invalid arguments for lookup_application: application_number: Invalid input: expected string, received number/,
    );
  });

  test('2025 era: requests after a tools/call still see the listed tools and every prompt', async () => {
    await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {} } });
    const tools = await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(tools.result?.tools).toHaveLength(CORE_TOOL_NAMES.length + 2);
    const prompts = await rpc({ jsonrpc: '2.0', id: 3, method: 'prompts/list' });
    expect(prompts.result?.prompts?.map((p) => p.name)).toEqual(['respond_to_office_action', 'docket_review', 'interview_preparation']);
  });

  test('2026-07-28 era: a call, an unknown tool and invalid arguments through the SDK client', async () => {
    const client = await connectClient(s.url, a.tokens.access_token, 'modern');
    try {
      expect((await callTool(client, 'whoami')).structuredContent).toMatchObject({ account_id: a.accountId });
      await expect(callTool(client, 'no_such_tool')).rejects.toThrow(/no_such_tool not found/);
      const bad = await callTool(client, 'lookup_application', { application_number: 5 });
      expect(bad.isError).toBe(true);
      expect(bad.content[0].text).toMatch(/^validation_error: Invalid arguments for lookup_application/);
    } finally {
      await client.close();
    }
  });
});
