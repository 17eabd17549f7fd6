import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OAuthTestServer } from '../support/oauth.ts';
import { INITIALIZE, rawMcp, readRpc, signedInUser, startMcpTestServer, type SignedInUser } from './support.ts';

/**
 * One JSON-RPC message per POST (issue 20, red team item 7): MCP Streamable HTTP, revisions
 * 2025-11-25 and 2026-07-28, "The body of the POST request MUST be a single JSON-RPC request,
 * notification, or response"; a refused input is an HTTP error status with a JSON-RPC error
 * without id. JSON-RPC 2.0 §5.1: -32600 Invalid Request.
 */
let s: OAuthTestServer;
let user: SignedInUser;
beforeAll(async () => {
  s = await startMcpTestServer();
  user = await signedInUser(s.url);
});
afterAll(async () => {
  await s?.close();
});

const whoami = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'whoami', arguments: {} } });
const ERA_HEADERS = {
  '2025-11-25': { 'mcp-protocol-version': '2025-11-25' },
  '2026-07-28': { 'mcp-protocol-version': '2026-07-28' },
};

async function toolCallRows(): Promise<number> {
  const rows = await s.database.db
    .selectFrom('audit_log')
    .select('id')
    .where('account_id', '=', user.accountId)
    .where('action', '=', 'mcp.tool_call')
    .execute();
  return rows.length;
}

describe.each(Object.entries(ERA_HEADERS))('protocol revision %s', (_revision, headers) => {
  test('a batch is refused: HTTP 400, JSON-RPC -32600 with id null, and none of its messages runs', async () => {
    const before = await toolCallRows();
    for (const batch of [[whoami(1), whoami(2)], Array.from({ length: 100 }, (_, i) => whoami(i + 1)), [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }], []]) {
      const res = await rawMcp(s.url, batch, { authorization: `Bearer ${user.tokens.access_token}`, ...headers });
      expect(res.status, `batch of ${batch.length}`).toBe(400);
      expect(await res.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: expect.stringMatching(/^Invalid Request: JSON-RPC batches are not accepted/) },
      });
    }
    // Every tool call is audited (after a short batching window, in order): one single call
    // afterwards, and once its row is there, it is the only new one.
    expect((await rawMcp(s.url, whoami(500), { authorization: `Bearer ${user.tokens.access_token}` })).status).toBe(200);
    for (let i = 0; i < 500 && (await toolCallRows()) === before; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await toolCallRows()).toBe(before + 1);
  });
});

test('leading whitespace does not hide a batch; a malformed body starting with [ is still a parse error (-32700)', async () => {
  const auth = { authorization: `Bearer ${user.tokens.access_token}` };
  const spaced = await rawMcp(s.url, ` \n\t[${JSON.stringify(whoami(1))}]`, auth);
  expect(spaced.status).toBe(400);
  expect((await spaced.json()).error.code).toBe(-32600);
  const malformed = await rawMcp(s.url, '[{"jsonrpc": "2.0", ', auth);
  expect(malformed.status).toBe(400);
  expect(await readRpc(malformed)).toMatchObject({ error: { code: -32700 } });
});

test('without a token a batch is the usual 401 (the gate comes first); single messages are unchanged', async () => {
  expect((await rawMcp(s.url, [INITIALIZE])).status).toBe(401);
  const single = await rawMcp(s.url, whoami(9), { authorization: `Bearer ${user.tokens.access_token}` });
  expect(single.status).toBe(200);
  expect(await readRpc(single)).toMatchObject({ id: 9, result: { structuredContent: { account_id: user.accountId } } });
});
