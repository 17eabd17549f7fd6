import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { decodeJwt } from 'jose';
import type { OAuthTestServer } from '../support/oauth.ts';
import { callTool, connectClient, ERAS, INITIALIZE, rawMcp, readRpc, signedInUser, startMcpTestServer, type SignedInUser, type ToolResult } from './support.ts';

/**
 * A disconnected app's token is an invalid token for every MCP message (issue 20, red team item
 * 10; MCP authorization "Token Handling": "Invalid or expired tokens MUST receive a HTTP 401
 * response"; RFC 6750 §3.1 invalid_token with the RFC 9728 resource_metadata challenge), not only
 * for tools/call: initialize, tools/list and prompts/list used to keep working.
 */
let s: OAuthTestServer;
beforeAll(async () => {
  s = await startMcpTestServer();
});
afterAll(async () => {
  await s?.close();
});

async function disconnect(user: SignedInUser): Promise<void> {
  const gid = String(decodeJwt(user.tokens.access_token).gid);
  const res = await fetch(`${s.url}/api/oauth/grants/${gid}`, { method: 'DELETE', headers: { cookie: user.cookie } });
  expect(res.status).toBe(204);
}

const MESSAGES = {
  initialize: INITIALIZE,
  'tools/list': { jsonrpc: '2.0', id: 2, method: 'tools/list' },
  'prompts/list': { jsonrpc: '2.0', id: 3, method: 'prompts/list' },
  'tools/call': { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'whoami', arguments: {} } },
  ping: { jsonrpc: '2.0', id: 5, method: 'ping' },
};

async function expectRefused(token: string, label: string): Promise<void> {
  for (const [method, body] of Object.entries(MESSAGES)) {
    const res = await rawMcp(s.url, body, { authorization: `Bearer ${token}` });
    expect(res.status, `${label}: ${method}`).toBe(401);
    const challenge = res.headers.get('www-authenticate') ?? '';
    expect(challenge, method).toContain(`resource_metadata="${s.url}/.well-known/oauth-protected-resource"`);
    expect(challenge, method).toContain('error="invalid_token"');
    expect(await res.json()).toMatchObject({ error: 'invalid_token' });
  }
}

describe.each(ERAS)('after the user disconnects the app (%s era)', (era) => {
  test('every message with its token is refused with 401 and the challenge, also on a connected SDK client', async () => {
    const user = await signedInUser(s.url);
    const client = await connectClient(s.url, user.tokens.access_token, era);
    expect((await client.listTools()).tools.length).toBeGreaterThan(5);
    expect((await client.listPrompts()).prompts.length).toBeGreaterThan(0);

    await disconnect(user);

    await expect(client.listTools()).rejects.toThrow();
    await expect(client.listPrompts()).rejects.toThrow();
    await expect(client.callTool({ name: 'whoami', arguments: {} })).rejects.toThrow();
    await expect(connectClient(s.url, user.tokens.access_token, era)).rejects.toThrow();
    await expectRefused(user.tokens.access_token, 'disconnected');
    await client.close().catch(() => {});
  });
});

test('the same when the app revokes its own refresh token (RFC 7009), which ends its grant', async () => {
  const user = await signedInUser(s.url);
  expect((await rawMcp(s.url, MESSAGES['tools/list'], { authorization: `Bearer ${user.tokens.access_token}` })).status).toBe(200);
  const res = await fetch(`${s.url}/oauth/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: user.tokens.refresh_token, token_type_hint: 'refresh_token', client_id: user.tokens.client_id }),
  });
  expect(res.status).toBe(200);
  await expectRefused(user.tokens.access_token, 'self-revoked');
});

test('another app of the same account, and the same app of another account, keep working', async () => {
  const [a, b] = await Promise.all([signedInUser(s.url), signedInUser(s.url)]);
  const aOther = await signedInUser(s.url);
  await disconnect(a);
  expect((await rawMcp(s.url, MESSAGES['tools/list'], { authorization: `Bearer ${b.tokens.access_token}` })).status).toBe(200);
  expect((await rawMcp(s.url, MESSAGES['tools/list'], { authorization: `Bearer ${aOther.tokens.access_token}` })).status).toBe(200);
});

test('a grant that dies during a call still gets the challenge inside the tool result (spec "Authentication" 2)', async () => {
  // The grant stays, but the exchange refuses the token (its client no longer exists, as when an
  // idle registered client is removed): the gate admits the message and the call answers the challenge.
  const user = await signedInUser(s.url);
  await s.database.db.deleteFrom('oauth_artifacts').where('model', '=', 'Client').where('id', '=', user.tokens.client_id).execute();
  const call = await rawMcp(s.url, MESSAGES['tools/call'], { authorization: `Bearer ${user.tokens.access_token}` });
  expect(call.status).toBe(200);
  const result = (await readRpc<{ result: ToolResult }>(call)).result;
  expect(result.isError).toBe(true);
  expect(result.content[0].text).toMatch(/Authentication is required/);
  expect((result._meta!['mcp/www_authenticate'] as string[])[0]).toContain('error="invalid_token"');
  // And from then on a plain 401.
  expect((await rawMcp(s.url, MESSAGES['tools/list'], { authorization: `Bearer ${user.tokens.access_token}` })).status).toBe(401);
});

test('a token without a grant id is refused (revocation could not be checked)', async () => {
  const { craftToken } = await import('./support.ts');
  const user = await signedInUser(s.url);
  const token = await craftToken(s.keyring, { iss: s.url, aud: `${s.url}/mcp`, sub: user.accountId, client_id: user.tokens.client_id, gid: undefined });
  expect((await rawMcp(s.url, INITIALIZE, { authorization: `Bearer ${token}` })).status).toBe(401);
  // A crafted token naming the user's real grant, as the gate tests use, is accepted.
  const real = await craftToken(s.keyring, {
    iss: s.url,
    aud: `${s.url}/mcp`,
    sub: user.accountId,
    client_id: user.tokens.client_id,
    gid: decodeJwt(user.tokens.access_token).gid,
  });
  expect((await rawMcp(s.url, INITIALIZE, { authorization: `Bearer ${real}` })).status).toBe(200);
});

test('POST /oauth/introspect (RFC 7662) answers only the MCP server', async () => {
  const user = await signedInUser(s.url);
  const form = new URLSearchParams({ token: user.tokens.access_token });
  const anonymous = await fetch(`${s.url}/oauth/introspect`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  expect(anonymous.status).toBe(401);
  expect(await anonymous.json()).toMatchObject({ error: 'invalid_client' });
  const asClient = await fetch(`${s.url}/oauth/introspect`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${user.tokens.client_id}:x`).toString('base64')}` },
    body: form,
  });
  expect(asClient.status).toBe(401);
  const mcp = {
    'content-type': 'application/x-www-form-urlencoded',
    authorization: `Basic ${Buffer.from(`prosa-mcp:${s.keyring.mcpClientSecret}`).toString('base64')}`,
  };
  const live = await fetch(`${s.url}/oauth/introspect`, { method: 'POST', headers: mcp, body: form });
  expect(live.headers.get('cache-control')).toBe('no-store');
  expect(await live.json()).toMatchObject({ active: true, sub: user.accountId, client_id: user.tokens.client_id, scope: 'full_access' });
  await disconnect(user);
  expect(await (await fetch(`${s.url}/oauth/introspect`, { method: 'POST', headers: mcp, body: form })).json()).toEqual({ active: false });
  expect(await (await fetch(`${s.url}/oauth/introspect`, { method: 'POST', headers: mcp, body: new URLSearchParams({ token: 'garbage' }) })).json()).toEqual({
    active: false,
  });
});

test('a tools/call on a live grant is unchanged', async () => {
  const user = await signedInUser(s.url);
  const client = await connectClient(s.url, user.tokens.access_token);
  expect((await callTool(client, 'whoami')).structuredContent).toMatchObject({ account_id: user.accountId });
  await client.close();
});
