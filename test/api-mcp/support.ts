// Shared by the MCP tests of the account-API tools (test/api-mcp): one MCP server with a signed-in
// user per file, through the lead's helpers (test/mcp/support.ts) and the official SDK client.
import type { Client } from '@modelcontextprotocol/client';
import { expect } from 'vitest';
import type { OAuthTestServer } from '../support/oauth.ts';
import { callTool, connectClient, signedInUser, startMcpTestServer, type Era, type SignedInUser, type ToolResult } from '../mcp/support.ts';

export interface McpFixture {
  s: OAuthTestServer;
  user: SignedInUser;
  client: Client;
  close(): Promise<void>;
}

export async function mcpFixture(era: Era = 'modern'): Promise<McpFixture> {
  const s = await startMcpTestServer();
  const user = await signedInUser(s.url);
  const client = await connectClient(s.url, user.tokens.access_token, era);
  return {
    s,
    user,
    client,
    async close() {
      await client.close();
      await s.close();
    },
  };
}

/** A successful call: its structured content (fails the test with the error object otherwise). */
export async function ok(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ data: Record<string, any>; text: string }> {
  const r = await callTool(client, name, args);
  expect(r.isError, `${name}: ${JSON.stringify(r.structuredContent ?? r.content)}`).toBeFalsy();
  return { data: r.structuredContent as Record<string, any>, text: r.content[0]?.text ?? '' };
}

/** A failed call: the isError result's error object. */
export async function fails(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolResult & { error: Record<string, any> }> {
  const r = await callTool(client, name, args);
  expect(r.isError, `${name} should fail: ${JSON.stringify(r.structuredContent ?? r.content)}`).toBe(true);
  return { ...r, error: (r.structuredContent ?? {}) as Record<string, any> };
}

/** Same-account requests through /api with the web session (the web app's view). */
export async function web(f: McpFixture, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${f.s.url}${path}`, {
    method,
    headers: { cookie: f.user.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

/**
 * The user disconnects the assistant (web app, DELETE /api/oauth/grants/{id}); then a call of
 * `name` is refused: the first as a tool result carrying the sign-in challenge, later ones by the
 * gate with HTTP 401 (the SDK client throws).
 */
export async function refusedAfterDisconnect(f: McpFixture, names: string[]): Promise<void> {
  const grants = (await web(f, 'GET', '/api/oauth/grants')).json.grants as { id: string }[];
  for (const g of grants) expect((await web(f, 'DELETE', `/api/oauth/grants/${encodeURIComponent(g.id)}`)).status).toBe(204);
  for (const name of names) {
    let refused = false;
    try {
      const r = await callTool(f.client, name, {});
      refused = r.isError === true && Array.isArray(r._meta?.['mcp/www_authenticate']);
    } catch (err) {
      refused = /401|unauthori[sz]ed|invalid_token/i.test(String(err));
    }
    expect(refused, `${name} after the grant was revoked`).toBe(true);
  }
}
