import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { McpServer } from '@modelcontextprotocol/server';
import type { OAuthTestServer } from '../support/oauth.ts';
import { MAX_PARSED_BODY_BYTES } from '../../src/mcp/read-once.ts';
import { signedInUser, startMcpTestServer, type SignedInUser } from './support.ts';

/**
 * A 2025-era tools/call is served by a pooled, connected McpServer (src/mcp/pooled-tool-calls.ts)
 * instead of the SDK's per-request legacy path. Its answer must be the SDK's, byte for byte: the
 * same request padded past the size the gate parses (JSON whitespace, so the same message) is
 * left to the SDK's handler, and both raw HTTP answers are compared.
 */
let s: OAuthTestServer;
let a: SignedInUser;
beforeAll(async () => {
  s = await startMcpTestServer();
  a = await signedInUser(s.url);
  // Warm pools (one server each, with and without output schemas), so counting starts from a built pool.
  for (const path of ['/mcp', '/mcp?output_schemas=1'])
    await post(path, JSON.stringify(call(0, 'whoami')), { ...HEADERS, authorization: `Bearer ${a.tokens.access_token}` });
});
afterAll(async () => {
  await s?.close();
});

interface RawAnswer {
  status: number;
  /** Header names and values as sent, in order, without the ones that differ per request. */
  headers: string[];
  chunked: boolean;
  body: string;
}

/** Headers that name the request or the moment (request id, date, rate-limit counters). */
const PER_REQUEST = /^(date|x-request-id|x-ratelimit-remaining|x-ratelimit-reset)$/i;

function post(path: string, body: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${s.url}${path}`, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          if (!PER_REQUEST.test(res.rawHeaders[i])) headers.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        resolve({
          status: res.statusCode ?? 0,
          headers,
          chunked: res.headers['transfer-encoding'] === 'chunked',
          body: Buffer.concat(chunks).toString('utf8'),
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };

/** The same call answered by the pooled server (a small body) and by the SDK's handler (the body padded past what the gate parses). */
async function bothWays(message: unknown, opts: Variant): Promise<[RawAnswer, RawAnswer]> {
  const { 'mcp-protocol-version': version, ...rest } = HEADERS;
  const headers = { ...rest, ...(opts.noVersionHeader ? {} : { 'mcp-protocol-version': version }), authorization: `Bearer ${a.tokens.access_token}` };
  const body = JSON.stringify(message);
  // Which path answered: the SDK's connects a fresh server, the pool's (warm) none.
  const connects = vi.spyOn(McpServer.prototype, 'connect');
  try {
    const pooled = await post(opts.path ?? '/mcp', body, headers);
    const pooledConnects = connects.mock.calls.length;
    const sdk = await post(opts.path ?? '/mcp', body + ' '.repeat(MAX_PARSED_BODY_BYTES), headers);
    expect([pooledConnects, connects.mock.calls.length]).toEqual([0, 1]);
    return [pooled, sdk];
  } finally {
    connects.mockRestore();
  }
}

interface Variant {
  path?: string;
  noVersionHeader?: boolean;
}

const call = (id: number | string, name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

describe('a 2025-era tools/call on a pooled server answers as the SDK does', () => {
  test.each([
    ['a result', call(1, 'whoami'), {}],
    ['a string id and no protocol-version header', call('call-7', 'whoami'), { noVersionHeader: true }],
    ['a tool error (invalid arguments)', call(2, 'lookup_application', { application_number: 5 }), {}],
    ['output schemas listed (?output_schemas=1)', call(3, 'get_pricing'), { path: '/mcp?output_schemas=1' }],
    ['structured results (?results=structured)', call(4, 'whoami'), { path: '/mcp?results=structured' }],
    ['a call_tool of an unlisted tool', call(5, 'call_tool', { name: 'get_pricing', arguments: {} }), {}],
  ] as [string, unknown, Variant][])('%s: same status, headers, framing and body', async (_name, message, opts) => {
    const [pooled, sdk] = await bothWays(message, opts);
    expect(pooled.status).toBe(200);
    expect(pooled.body).toMatch(/^event: message\ndata: \{.*\}\n\n$/s);
    expect(pooled).toEqual(sdk);
  });
});

describe('the work a warm tools/call no longer does', () => {
  test('no McpServer is built or connected per 2025-era tools/call; other requests still get their own', async () => {
    const headers = { ...HEADERS, authorization: `Bearer ${a.tokens.access_token}` };
    await post('/mcp', JSON.stringify(call(1, 'whoami')), headers);
    const connects = vi.spyOn(McpServer.prototype, 'connect');
    try {
      for (let i = 0; i < 5; i++) expect((await post('/mcp', JSON.stringify(call(i, 'whoami')), headers)).status).toBe(200);
      expect(connects).toHaveBeenCalledTimes(0);
      // tools/list is the SDK's: a fresh server, connected once.
      await post('/mcp', JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }), headers);
      expect(connects).toHaveBeenCalledTimes(1);
    } finally {
      connects.mockRestore();
    }
  });

  test("no ES256 signature is verified per warm tool call: the gate remembers the client's token, the in-process /api call gets its token's claims", async () => {
    const headers = { ...HEADERS, authorization: `Bearer ${a.tokens.access_token}` };
    await post('/mcp', JSON.stringify(call(1, 'whoami')), headers);
    const verifies = vi.spyOn(globalThis.crypto.subtle, 'verify');
    try {
      for (let i = 0; i < 5; i++) {
        const r = await post('/mcp', JSON.stringify(call(i, 'whoami')), headers);
        expect(r.body).toContain(a.accountId);
      }
      expect(verifies).toHaveBeenCalledTimes(0);
      // A bearer request from outside is verified as before (here refused: the MCP token's audience is not the API).
      const direct = await fetch(`${s.url}/api/auth/me`, { headers: { authorization: `Bearer ${a.tokens.access_token}` } });
      expect(direct.status).toBe(401);
      expect(verifies).toHaveBeenCalledTimes(1);
    } finally {
      verifies.mockRestore();
    }
  });

  test('concurrent calls of two accounts on the pool: each answered for its own caller', async () => {
    const b = await signedInUser(s.url);
    const users = Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b));
    const answers = await Promise.all(
      users.map((u, i) =>
        post('/mcp', JSON.stringify(call(1, 'whoami')), { ...HEADERS, authorization: `Bearer ${u.tokens.access_token}` }).then((r) => [i, r] as const),
      ),
    );
    for (const [i, r] of answers) {
      const rpc = JSON.parse(r.body.split('data: ')[1]) as { id: number; result: { structuredContent: { account_id: string } } };
      expect(rpc.id).toBe(1);
      expect(rpc.result.structuredContent.account_id, `call ${i}`).toBe(users[i].accountId);
    }
  });
});
