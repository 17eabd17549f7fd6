import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import type { OAuthTestServer } from '../support/oauth.ts';
import { signUpAccount } from '../support/oauth.ts';
import { ERAS, rawMcp, startMcpTestServer, type ToolResult } from './support.ts';
import { HeadlessProvider } from './sdk-oauth-provider.ts';

/**
 * The whole front door, as an assistant meets it, with the official SDK client: 401 challenge ->
 * protected-resource metadata -> authorization-server metadata -> dynamic registration -> sign-in
 * and consent pages -> code with PKCE -> token -> tools/list -> tools/call -> refresh -> revoke ->
 * 401 with the challenge. For each client-authentication method, in both protocol eras.
 */
let s: OAuthTestServer;
beforeAll(async () => {
  s = await startMcpTestServer();
});
afterAll(async () => {
  await s?.close();
});

function newClient(era: 'legacy' | 'modern') {
  return new Client({ name: 'prosa-sdk-flow', version: '1.0.0' }, { versionNegotiation: { mode: era === 'legacy' ? 'legacy' : { pin: '2026-07-28' } } });
}

describe.each(ERAS.flatMap((era) => (['none', 'client_secret_post', 'client_secret_basic'] as const).map((method) => ({ era, method }))))(
  'SDK client, $method, $era era',
  ({ era, method }) => {
    test('discovery, registration, pages, PKCE, tools, refresh, revoke, challenge', async () => {
      const account = await signUpAccount(s.url);
      const provider = new HeadlessProvider(s.url, account, method);
      const mcpUrl = new URL(`${s.url}/mcp`);

      // 1. No token yet: the SDK meets the 401, discovers, registers and sends the user to sign in.
      let transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
      await expect(newClient(era).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
      expect(provider.authorizations).toBe(1);
      expect(provider.clientInformation()?.client_id).toBeTruthy();
      expect(provider.callback?.searchParams.get('iss')).toBe(s.url);
      // 2. The redirect back: the SDK checks iss (RFC 9207) and redeems the code with its verifier.
      await transport.finishAuth(provider.callback!.searchParams);
      const first = provider.tokens()!;
      expect(first.refresh_token).toBeTruthy();

      // 3. Connected: tools/list and a call, as this account.
      transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
      let client = newClient(era);
      await client.connect(transport);
      expect((await client.listTools()).tools.length).toBeGreaterThan(5);
      const me = (await client.callTool({ name: 'whoami', arguments: {} })) as ToolResult;
      expect(me.structuredContent).toMatchObject({ account_id: account.accountId, email: account.email });

      // 4. The access token goes bad: the SDK refreshes (rotation: a new refresh token) and retries.
      provider.spoilAccessToken();
      const again = (await client.callTool({ name: 'check_credits', arguments: {} })) as ToolResult;
      expect(again.structuredContent).toMatchObject({ balance: '25.00' });
      expect(provider.tokens()!.refresh_token).not.toBe(first.refresh_token);
      expect(provider.authorizations).toBe(1);
      await client.close();

      // 5. The user revokes the app in the web app's connected apps.
      const grants = (await (await fetch(`${s.url}/api/oauth/grants`, { headers: { cookie: account.cookie } })).json()) as {
        grants: { id: string; client_id: string }[];
      };
      const grant = grants.grants.find((g) => g.client_id === provider.clientInformation()!.client_id)!;
      expect(grant).toBeTruthy();
      expect((await fetch(`${s.url}/api/oauth/grants/${grant.id}`, { method: 'DELETE', headers: { cookie: account.cookie } })).status).toBe(204);

      // 6. From then on every message with that token is a plain 401 with the challenge, tools/call
      //    and tools/list alike (issue 20 item 10; a grant that dies during a call still gets the
      //    challenge inside the result: disconnected-app.test.ts). The SDK cannot refresh a revoked
      //    grant and asks for sign-in again.
      const token = provider.tokens()!.access_token;
      for (const body of [
        { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'whoami', arguments: {} } },
        { jsonrpc: '2.0', id: 8, method: 'tools/list' },
      ]) {
        const after = await rawMcp(s.url, body, { authorization: `Bearer ${token}` });
        expect(after.status).toBe(401);
        expect(after.headers.get('www-authenticate')).toContain(`resource_metadata="${s.url}/.well-known/oauth-protected-resource"`);
        expect(after.headers.get('www-authenticate')).toContain('error="invalid_token"');
      }
      client = newClient(era);
      await expect(client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }))).rejects.toBeInstanceOf(UnauthorizedError);
      expect(provider.authorizations).toBe(2);
    });
  },
);
