import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshCliEnv, startServerProcess, type ServerProcess } from '../support/cli.ts';
import { authorize, freePort, redeemCode, registerClient, signUpAccount } from '../support/oauth.ts';
import { callTool, connectClient, INITIALIZE, rawMcp } from './support.ts';

/**
 * `prosa serve --role mcp`: the MCP server alone, in its own process, with no database: it
 * verifies tokens against the API's JWKS, exchanges them over HTTP and calls /api at API_URL.
 */
const SECRET = 'role-mcp-test-signing-secret-0123456789abcdef';
let api: ServerProcess;
let mcp: ServerProcess;
let drop: (() => Promise<void>) | undefined;
let apiUrl: string;
let mcpUrl: string;
const untouchedDataDir = join(mkdtempSync(join(tmpdir(), 'prosa-mcp-role-')), 'must-not-exist');

beforeAll(async () => {
  const [apiPort, mcpPort] = [await freePort(), await freePort()];
  apiUrl = `http://127.0.0.1:${apiPort}`;
  mcpUrl = `http://127.0.0.1:${mcpPort}`;
  const fresh = await freshCliEnv();
  drop = fresh.drop;
  const common = { PROSA_SIGNING_SECRET: SECRET, BASE_URL: apiUrl, MCP_URL: mcpUrl, PROSA_DEMO_DATA: 'off' };
  api = await startServerProcess({ ...fresh.env, ...common, PORT: String(apiPort) });
  mcp = await startServerProcess({ ...common, PORT: String(mcpPort), API_URL: apiUrl, PROSA_DATA_DIR: untouchedDataDir }, ['--role', 'mcp']);
}, 120_000);

afterAll(async () => {
  await mcp?.stop();
  await api?.stop();
  await drop?.();
});

test('an MCP-only process serves tools for a real OAuth token and opens no database', async () => {
  expect(mcp.output()).toMatch(/MCP server listening on .*no database/);
  const health = await (await fetch(`${mcpUrl}/health`)).json();
  expect(health).toMatchObject({ status: 'ok', role: 'mcp' });

  const account = await signUpAccount(apiUrl);
  const client = await registerClient(apiUrl);
  const flow = await authorize(apiUrl, { email: account.email, password: account.password, client, resource: `${mcpUrl}/mcp` });
  const tokens = await redeemCode(apiUrl, client, flow, undefined, `${mcpUrl}/mcp`);
  expect(tokens.status).toBe(200);

  const mcpClient = await connectClient(mcpUrl, tokens.body.access_token as string);
  const me = await callTool(mcpClient, 'whoami');
  expect(me.structuredContent).toMatchObject({ account_id: account.accountId, email: account.email });
  await mcpClient.close();

  // The user disconnects the app: the MCP process (no database) learns it by introspection
  // (RFC 7662) at the API, and refuses every message with 401 and the challenge at once.
  const gid = JSON.parse(Buffer.from(String(tokens.body.access_token).split('.')[1], 'base64url').toString()).gid;
  expect((await fetch(`${apiUrl}/api/oauth/grants/${gid}`, { method: 'DELETE', headers: { cookie: account.cookie } })).status).toBe(204);
  for (const body of [INITIALIZE, { jsonrpc: '2.0', id: 2, method: 'tools/list' }]) {
    const refused = await rawMcp(mcpUrl, body, { authorization: `Bearer ${tokens.body.access_token}` });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
  }

  // The MCP process never created or opened a data directory.
  expect(existsSync(untouchedDataDir)).toBe(false);
  // Anything but MCP is not served there.
  expect((await fetch(`${mcpUrl}/api/docket`)).status).toBe(404);
});
