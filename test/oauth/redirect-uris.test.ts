/**
 * Redirect URIs real assistants register (issue 20, "Real assistants" items 1 to 4), each check
 * traceable to its rule: RFC 8252 §7.1 (private-use schemes, public clients), §7.3 (loopback on
 * any port), RFC 7591 §3.2.2 (invalid_redirect_uri naming what was refused), RFC 7591 §2/§3.2.1
 * (`scope` replaced rather than refused), MCP authorization "Communication Security".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import {
  authorize,
  randomClientIp,
  redeemCode,
  registerClient,
  signUpAccount,
  startOAuthTestServer,
  type OAuthTestServer,
  type RegisteredClient,
} from '../support/oauth.ts';

let s: OAuthTestServer;
let user: Awaited<ReturnType<typeof signUpAccount>>;
beforeAll(async () => {
  s = await startOAuthTestServer();
  user = await signUpAccount(s.url);
});
afterAll(async () => {
  await s?.close();
});

async function register(body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${s.url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomClientIp() },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Cursor's registration as sent (the red team's capture). */
const CURSOR = {
  client_name: 'Cursor',
  redirect_uris: ['cursor://anysphere.cursor-mcp/oauth/callback', 'https://www.cursor.com/agents/mcp/oauth/callback', 'http://localhost:8787/callback'],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
};

/** VS Code's: loopback on its fixed port and without one, plus its web redirects. */
const VSCODE = {
  client_name: 'Visual Studio Code',
  client_uri: 'https://code.visualstudio.com',
  redirect_uris: ['https://insiders.vscode.dev/redirect', 'https://vscode.dev/redirect', 'http://127.0.0.1/', 'http://127.0.0.1:33418/'],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
};

describe('RFC 8252 §7.1: private-use redirect schemes for public clients', () => {
  it("Cursor's real registration is accepted whole, as a native app, and completes the code flow to cursor://", async () => {
    const r = await register(CURSOR);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ redirect_uris: CURSOR.redirect_uris, application_type: 'native', token_endpoint_auth_method: 'none' });
    const client = r.body as unknown as RegisteredClient;
    const flow = await authorize(s.url, { email: user.email, password: user.password, client, redirectUri: 'cursor://anysphere.cursor-mcp/oauth/callback' });
    expect(`${flow.callback.protocol}//${flow.callback.host}${flow.callback.pathname}`).toBe('cursor://anysphere.cursor-mcp/oauth/callback');
    expect(flow.callback.searchParams.get('iss')).toBe(s.url); // RFC 9207
    expect(flow.code).toEqual(expect.any(String));
    const token = await redeemCode(s.url, client, flow, 'cursor://anysphere.cursor-mcp/oauth/callback');
    expect(token.status, JSON.stringify(token.body)).toBe(200);
  });

  it('a reverse-domain scheme (com.example.app:/cb) is accepted for a public client', async () => {
    const r = await register({ redirect_uris: ['com.example.app:/oauth2redirect'], token_endpoint_auth_method: 'none' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.application_type).toBe('native');
  });

  it('a confidential client may not register a private-use scheme: invalid_redirect_uri naming the URI and the rule', async () => {
    for (const method of ['client_secret_basic', 'client_secret_post']) {
      const r = await register({ ...CURSOR, token_endpoint_auth_method: method });
      expect(r.status, method).toBe(400);
      expect(r.body.error).toBe('invalid_redirect_uri');
      expect(r.body.error_description).toContain('"cursor://anysphere.cursor-mcp/oauth/callback"');
      expect(r.body.error_description).toMatch(/public clients/);
      expect(r.body.error_description).toContain(method);
    }
  });

  it('schemes that are not private-use stay refused for every client, each with its reason', async () => {
    const cases: [string, RegExp][] = [
      ['javascript:alert(1)', /"javascript" is not a private-use scheme/],
      ['data:text/html,hi', /"data" is not a private-use scheme/],
      ['file:///etc/passwd', /"file" is not a private-use scheme/],
      ['mailto:a@b.example', /"mailto" is not a private-use scheme/],
      ['c:/windows/cb', /"c" is not a private-use scheme/],
      ['http://example.com/cb', /http is allowed only on a loopback host/],
      ['http://192.168.1.10/cb', /http is allowed only on a loopback host/],
    ];
    for (const [uri, reason] of cases) {
      const r = await register({ redirect_uris: ['https://ok.example/cb', uri], token_endpoint_auth_method: 'none' });
      expect(r.status, uri).toBe(400);
      expect(r.body.error, uri).toBe('invalid_redirect_uri');
      expect(r.body.error_description, uri).toContain(JSON.stringify(uri));
      expect(r.body.error_description, uri).toMatch(reason);
    }
  });
});

describe('RFC 7591 §3.2.2: a refused redirect says what was refused and why', () => {
  it('never the authorization-time message about a client that does not exist yet', async () => {
    const r = await register({ redirect_uris: ['http://not-loopback.example/cb'], token_endpoint_auth_method: 'none' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_redirect_uri');
    expect(r.body.error_description).not.toMatch(/did not match any of the client's registered redirect_uris/);
    expect(r.body.error_description).toContain('"http://not-loopback.example/cb"');
    expect(r.body.error_description).toMatch(/Allowed: https URIs/);
  });
});

describe('RFC 8252 §7.3: loopback redirect URIs match on any port', () => {
  let vscode: RegisteredClient;
  beforeAll(async () => {
    const r = await register(VSCODE);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    vscode = r.body as unknown as RegisteredClient;
  });

  it("VS Code's port fallback: registered http://127.0.0.1:33418/, authorized and redeemed on another port", async () => {
    const fallback = 'http://127.0.0.1:51234/';
    const flow = await authorize(s.url, { email: user.email, password: user.password, client: vscode, redirectUri: fallback });
    expect(flow.callback.origin).toBe('http://127.0.0.1:51234');
    expect(flow.code).toEqual(expect.any(String));
    const token = await redeemCode(s.url, vscode, flow, fallback);
    expect(token.status, JSON.stringify(token.body)).toBe(200);
  });

  it('a registered loopback URI without a port matches any port too; so do [::1] and localhost, each with its own spelling', async () => {
    expect((await authorize(s.url, { email: user.email, password: user.password, client: vscode, redirectUri: 'http://127.0.0.1:40001/' })).code).toEqual(
      expect.any(String),
    );
    const other = await registerClient(s.url, { redirect_uris: ['http://[::1]:1000/cb', 'http://localhost:8787/callback'] });
    expect((await authorize(s.url, { email: user.email, password: user.password, client: other, redirectUri: 'http://[::1]:2000/cb' })).code).toEqual(
      expect.any(String),
    );
    expect((await authorize(s.url, { email: user.email, password: user.password, client: other, redirectUri: 'http://localhost:9999/callback' })).code).toEqual(
      expect.any(String),
    );
  });

  it('only the port may differ: another host spelling, path, query, scheme or a non-loopback host is refused without redirecting', async () => {
    const client = await registerClient(s.url, { redirect_uris: ['http://127.0.0.1:33418/callback', 'https://app.example/cb'] });
    for (const bad of [
      'http://localhost:33418/callback',
      'http://127.0.0.1:40000/other',
      'http://127.0.0.1:40000/callback?x=1',
      'http://127.0.0.1:40000/callback/',
      'https://127.0.0.1:40000/callback',
      'https://app.example:8443/cb',
      'http://127.0.0.2:33418/callback',
    ]) {
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: client.client_id,
        redirect_uri: bad,
        code_challenge: 'a'.repeat(43),
        code_challenge_method: 'S256',
        state: 's',
      });
      const res = await fetch(`${s.url}/oauth/authorize?${q}`, { redirect: 'manual' });
      expect(res.status, bad).toBe(400);
      expect(res.headers.get('location'), bad).toBeNull();
    }
  });

  it('the token endpoint still requires the redirect_uri the authorization used (RFC 6749 §4.1.3)', async () => {
    const flow = await authorize(s.url, { email: user.email, password: user.password, client: vscode, redirectUri: 'http://127.0.0.1:51235/' });
    const r = await redeemCode(s.url, vscode, flow, 'http://127.0.0.1:33418/');
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_grant');
  });
});

describe('RFC 7591 §2 scope at registration, as at the authorization endpoint', () => {
  it('Claude registers scope "claudeai": accepted, registered as full_access, and its authorization with the same scope works', async () => {
    const r = await register({
      client_name: 'Claude',
      redirect_uris: ['https://claude.ai/api/mcp/auth_callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'claudeai',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.scope).toBe('full_access');
    const client = r.body as unknown as RegisteredClient;
    const flow = await authorize(s.url, { email: user.email, password: user.password, client, scope: 'claudeai' });
    const token = await redeemCode(s.url, client, flow);
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    expect(decodeJwt(String(token.body.access_token)).scope).toBe('full_access');
  });

  it('known scopes are kept and full_access added', async () => {
    const r = await register({ redirect_uris: ['http://127.0.0.1:1/cb'], token_endpoint_auth_method: 'none', scope: 'openid offline_access unknown' });
    expect(r.status).toBe(201);
    expect(String(r.body.scope).split(' ').sort()).toEqual(['full_access', 'offline_access', 'openid']);
  });
});
