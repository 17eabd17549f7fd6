/**
 * The authorization code flow end to end against a listening server, checked with an
 * independent client library (oauth4webapi) and the published JWKS: discovery (RFC 8414), DCR
 * (RFC 7591), sign-in and consent pages, the code with PKCE (RFC 7636) and RFC 9207 `iss`, the
 * token for the MCP resource (RFC 8707, RFC 9068), refresh rotation and reuse, revocation
 * (RFC 7009), userinfo; and the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oauth from 'oauth4webapi';
import { createRemoteJWKSet, jwtVerify, decodeProtectedHeader, decodeJwt } from 'jose';
import {
  authorize,
  CookieJar,
  obtainTokens,
  redeemCode,
  registerClient,
  signUpAccount,
  startOAuthTestServer,
  tokenRequest,
  type AuthMethod,
  type OAuthTestServer,
  type RegisteredClient,
} from '../support/oauth.ts';

let s: OAuthTestServer;
let as: oauth.AuthorizationServer;
let user: Awaited<ReturnType<typeof signUpAccount>>;
const insecure = { [oauth.allowInsecureRequests]: true };

beforeAll(async () => {
  s = await startOAuthTestServer();
  const issuer = new URL(s.url);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
  user = await signUpAccount(s.url);
});
afterAll(async () => {
  await s?.close();
});

function clientAuthFor(c: RegisteredClient): oauth.ClientAuth {
  switch (c.token_endpoint_auth_method) {
    case 'none':
      return oauth.None();
    case 'client_secret_post':
      return oauth.ClientSecretPost(c.client_secret!);
    default:
      return oauth.ClientSecretBasic(c.client_secret!);
  }
}

async function auditActions(accountId: string): Promise<string[]> {
  const rows = await s.database.db.selectFrom('audit_log').select('action').where('account_id', '=', accountId).orderBy('id').execute();
  return rows.map((r) => r.action);
}

describe('the authorization code flow, for each client authentication method', () => {
  for (const method of ['none', 'client_secret_post', 'client_secret_basic'] as AuthMethod[]) {
    it(`${method}: register, sign in, consent, code with PKCE and iss, token for the MCP resource, refresh`, async () => {
      const reg = await registerClient(s.url, { token_endpoint_auth_method: method, client_name: `Assistant ${method}` });
      expect(reg.token_endpoint_auth_method).toBe(method);
      if (method === 'none') expect(reg.client_secret).toBeUndefined();
      else expect(reg.client_secret).toEqual(expect.any(String));
      const client: oauth.Client = { client_id: reg.client_id, token_endpoint_auth_method: method };

      const flow = await authorize(s.url, { email: user.email, password: user.password, client: reg });
      expect(flow.pages.signin).toContain(`Assistant ${method}`);
      expect(flow.pages.consent).toContain(`Assistant ${method}`);
      // RFC 9207: the authorization response names the issuer; oauth4webapi checks it and state.
      expect(flow.callback.searchParams.get('iss')).toBe(s.url);
      const params = oauth.validateAuthResponse(as, client, flow.callback, flow.state);

      const res = await oauth.authorizationCodeGrantRequest(as, client, clientAuthFor(reg), params, reg.redirect_uris[0], flow.verifier, {
        additionalParameters: { resource: `${s.url}/mcp` },
        ...insecure,
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
      const tokens = await oauth.processAuthorizationCodeResponse(as, client, res);
      expect(tokens.token_type).toBe('bearer');
      expect(tokens.expires_in).toBe(3600);
      expect(tokens.scope).toBe('full_access');
      expect(tokens.refresh_token).toEqual(expect.any(String));

      // The access token verifies against the published JWKS, as the MCP server checks it.
      expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
      const jwks = createRemoteJWKSet(new URL(as.jwks_uri!));
      const { payload } = await jwtVerify(tokens.access_token, jwks, { issuer: s.url, audience: `${s.url}/mcp`, typ: 'at+jwt', algorithms: ['ES256'] });
      expect(payload).toMatchObject({ sub: user.accountId, client_id: reg.client_id, scope: 'full_access', gid: expect.any(String), jti: expect.any(String) });
      expect(payload.exp! - payload.iat!).toBe(3600);
      expect(payload.prosa_no_purchases).toBeUndefined();
      expect(payload.act).toBeUndefined();

      // Refresh: a new access token and a rotated refresh token, same grant.
      const refreshed = await oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, clientAuthFor(reg), tokens.refresh_token!, insecure),
      );
      expect(refreshed.refresh_token).toEqual(expect.any(String));
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
      const again = await jwtVerify(refreshed.access_token, jwks, { issuer: s.url, audience: `${s.url}/mcp` });
      expect(again.payload.gid).toBe(payload.gid);
    });
  }

  it('records consent and refreshes in the audit log, and a second authorization reuses the remembered consent', async () => {
    const acct = await signUpAccount(s.url);
    const t = await obtainTokens(s.url, { email: acct.email, password: acct.password });
    expect(await auditActions(acct.accountId)).toContain('oauth.consent_given');
    const r = await tokenRequest(s.url, t.client, { grant_type: 'refresh_token', refresh_token: t.refresh_token });
    expect(r.status).toBe(200);
    expect((await auditActions(acct.accountId)).filter((a) => a === 'oauth.token_refreshed')).toHaveLength(1);
    // Same browser (web session), same client: no sign-in page, no consent page.
    const second = await authorize(s.url, { email: acct.email, password: 'wrong-on-purpose', client: t.client, jar: t.jar });
    expect(second.pages).toEqual({});
    expect(second.code).toEqual(expect.any(String));
    expect((await auditActions(acct.accountId)).filter((a) => a === 'oauth.consent_given')).toHaveLength(1);
    // prompt=consent shows the page again, and approving keeps the one grant.
    const forced = await authorize(s.url, { email: acct.email, password: 'not used', client: t.client, jar: t.jar, params: { prompt: 'consent' } });
    expect(forced.pages.consent).toBeDefined();
    expect(decodeJwt(String((await redeemCode(s.url, t.client, forced)).body.access_token)).gid).toBe(decodeJwt(t.access_token).gid);
  });

  it('an existing web session skips the sign-in page but not the consent page', async () => {
    const acct = await signUpAccount(s.url);
    const jar = new CookieJar();
    jar.cookies.set('prosa_session', acct.cookie.split('=')[1]);
    const client = await registerClient(s.url);
    const flow = await authorize(s.url, { email: acct.email, password: 'not used', client, jar });
    expect(flow.pages.signin).toBeUndefined();
    expect(flow.pages.consent).toContain(acct.email);
    expect(flow.code).toEqual(expect.any(String));
  });

  it('a missing scope defaults to full_access, and a missing resource to the MCP server', async () => {
    const client = await registerClient(s.url);
    const flow = await authorize(s.url, { email: user.email, password: user.password, client, resource: null });
    const r = await redeemCode(s.url, client, flow, undefined, null);
    expect(r.status).toBe(200);
    expect(r.body.scope).toBe('full_access');
    const claims = JSON.parse(Buffer.from(String(r.body.access_token).split('.')[1], 'base64url').toString());
    expect(claims.aud).toBe(`${s.url}/mcp`);
  });
});

describe('refresh token rotation and reuse', () => {
  it('a rotated refresh token used again is refused and revokes the whole grant', async () => {
    const t = await obtainTokens(s.url, { email: user.email, password: user.password });
    const first = await tokenRequest(s.url, t.client, { grant_type: 'refresh_token', refresh_token: t.refresh_token });
    expect(first.status).toBe(200);
    const newer = String(first.body.refresh_token);
    const reuse = await tokenRequest(s.url, t.client, { grant_type: 'refresh_token', refresh_token: t.refresh_token });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
    // The grant is gone: the newer refresh token dies too (RFC 9700 §4.14.2).
    const after = await tokenRequest(s.url, t.client, { grant_type: 'refresh_token', refresh_token: newer });
    expect(after.status).toBe(400);
    expect(after.body.error).toBe('invalid_grant');
    const revoked = await s.database.db
      .selectFrom('audit_log')
      .select(['details', 'actor'])
      .where('action', '=', 'oauth.grant_revoked')
      .where('account_id', '=', user.accountId)
      .execute();
    expect(revoked.some((r) => (r.details as { reason?: string }).reason === 'refresh_token_reuse')).toBe(true);
  });

  it('RFC 8707 §2.2: a refresh refused for its resource (invalid_target) does not consume the refresh token', async () => {
    const acct = await signUpAccount(s.url);
    const t = await obtainTokens(s.url, { email: acct.email, password: acct.password });
    for (const resource of [`${s.url}/api`, 'https://elsewhere.example/mcp']) {
      const refused = await tokenRequest(s.url, t.client, { grant_type: 'refresh_token', refresh_token: t.refresh_token, resource });
      expect(refused.status, resource).toBe(400);
      expect(refused.body.error, resource).toBe('invalid_target');
    }
    // Not rotated, not revoked: the same refresh token still works, once.
    const ok = await tokenRequest(s.url, t.client, { grant_type: 'refresh_token', refresh_token: t.refresh_token });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(decodeJwt(String(ok.body.access_token)).aud).toBe(`${s.url}/mcp`);
    // Naming the granted resource explicitly is fine too.
    const named = await tokenRequest(s.url, t.client, { grant_type: 'refresh_token', refresh_token: String(ok.body.refresh_token), resource: `${s.url}/mcp` });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(await auditActions(acct.accountId)).not.toContain('oauth.grant_revoked');
  });

  it('two concurrent uses of one refresh token: exactly one succeeds', async () => {
    const t = await obtainTokens(s.url, { email: user.email, password: user.password });
    const results = await Promise.all([1, 2].map(() => tokenRequest(s.url, t.client, { grant_type: 'refresh_token', refresh_token: t.refresh_token })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body.error).toBe('invalid_grant');
  });

  it('two concurrent redemptions of one code: exactly one succeeds', async () => {
    const client = await registerClient(s.url);
    const flow = await authorize(s.url, { email: user.email, password: user.password, client });
    const results = await Promise.all([1, 2].map(() => redeemCode(s.url, client, flow)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body.error).toBe('invalid_grant');
  });
});

describe('revocation (RFC 7009) and userinfo', () => {
  it('revoking the refresh token ends the grant; userinfo answers for a live token and refuses after', async () => {
    const t = await obtainTokens(s.url, { email: user.email, password: user.password, authMethod: 'client_secret_basic' });
    const info = await fetch(`${s.url}/oauth/userinfo`, { headers: { authorization: `Bearer ${t.access_token}` } });
    expect(info.status).toBe(200);
    expect(await info.json()).toEqual({ sub: user.accountId, email: user.email, name: null });

    const form = new URLSearchParams({ token: t.refresh_token, token_type_hint: 'refresh_token' });
    const res = await fetch(`${s.url}/oauth/revoke`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${t.client.client_id}:${t.client.client_secret}`).toString('base64')}`,
      },
      body: form,
    });
    expect(res.status).toBe(200);
    const refresh = await tokenRequest(s.url, t.client, { grant_type: 'refresh_token', refresh_token: t.refresh_token });
    expect(refresh.body.error).toBe('invalid_grant');
    const after = await fetch(`${s.url}/oauth/userinfo`, { headers: { authorization: `Bearer ${t.access_token}` } });
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  });

  it('userinfo without a token, or with a garbage one, is 401', async () => {
    expect((await fetch(`${s.url}/oauth/userinfo`)).status).toBe(401);
    const bad = await fetch(`${s.url}/oauth/userinfo`, { headers: { authorization: 'Bearer not.a.jwt' } });
    expect(bad.status).toBe(401);
    expect((await bad.json()).error_code).toBe('invalid_token');
  });
});

describe('refusals', () => {
  let client: RegisteredClient;
  let jar: CookieJar;
  beforeAll(async () => {
    client = await registerClient(s.url);
    // One signed-in, consented browser, so each refusal below is about its own parameter.
    jar = (await authorize(s.url, { email: user.email, password: user.password, client })).jar;
  });

  async function authorizeError(params: Record<string, string | undefined>): Promise<URL | Response> {
    const flow = authorize(s.url, { email: user.email, password: user.password, client, jar, params });
    const f = await flow;
    return f.callback;
  }

  it('a missing PKCE challenge is refused at the authorization endpoint', async () => {
    const cb = (await authorizeError({ code_challenge: undefined, code_challenge_method: undefined })) as URL;
    expect(cb.searchParams.get('error')).toBe('invalid_request');
    expect(cb.searchParams.get('error_description')).toMatch(/PKCE/);
    expect(cb.searchParams.get('iss')).toBe(s.url);
  });

  it('the plain PKCE method is refused', async () => {
    const cb = (await authorizeError({ code_challenge_method: 'plain', code_challenge: 'a'.repeat(43) })) as URL;
    expect(cb.searchParams.get('error')).toBe('invalid_request');
    expect(cb.searchParams.get('error_description')).toMatch(/code_challenge_method/);
  });

  it('a wrong code verifier is refused', async () => {
    const flow = await authorize(s.url, { email: user.email, password: user.password, client, jar });
    const r = await redeemCode(s.url, client, { code: flow.code, verifier: 'x'.repeat(43) });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_grant');
  });

  it('a code replayed after a successful redemption is refused', async () => {
    const flow = await authorize(s.url, { email: user.email, password: user.password, client, jar });
    expect((await redeemCode(s.url, client, flow)).status).toBe(200);
    const replay = await redeemCode(s.url, client, flow);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
  });

  it('a redirect URI that is not registered exactly is refused without redirecting', async () => {
    for (const bad of ['http://127.0.0.1:33418/callback/', 'http://127.0.0.1:33418/callback?x=1', 'https://evil.example/callback']) {
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: client.client_id,
        redirect_uri: bad,
        code_challenge: 'a'.repeat(43),
        code_challenge_method: 'S256',
        state: 's',
      });
      const res = await fetch(`${s.url}/oauth/authorize?${q}`, { redirect: 'manual', headers: { cookie: jar.header() } });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain('redirect_uri');
    }
  });

  it('a code redeemed with another redirect URI than the authorization request is refused', async () => {
    const two = await registerClient(s.url, { redirect_uris: ['http://127.0.0.1:33418/a', 'http://127.0.0.1:33418/b'] });
    const flow = await authorize(s.url, { email: user.email, password: user.password, client: two, redirectUri: 'http://127.0.0.1:33418/a' });
    const r = await redeemCode(s.url, two, flow, 'http://127.0.0.1:33418/b');
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_grant');
  });

  it('a code is bound to its client: another client cannot redeem it', async () => {
    const flow = await authorize(s.url, { email: user.email, password: user.password, client, jar });
    const other = await registerClient(s.url, { redirect_uris: client.redirect_uris });
    const r = await redeemCode(s.url, other, flow);
    expect(r.body.error).toBe('invalid_grant');
  });

  it('the API resource cannot be requested by a client (only by exchange)', async () => {
    const cb = (await authorizeError({ resource: `${s.url}/api` })) as URL;
    expect(cb.searchParams.get('error')).toBe('invalid_target');
  });

  it('a confidential client with a wrong secret is refused (invalid_client)', async () => {
    const conf = await registerClient(s.url, { token_endpoint_auth_method: 'client_secret_post' });
    const flow = await authorize(s.url, { email: user.email, password: user.password, client: conf, jar });
    const r = await redeemCode(s.url, { ...conf, client_secret: 'wrong' }, flow);
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('invalid_client');
  });

  it('denying consent returns access_denied to the client, with iss', async () => {
    const c = await registerClient(s.url);
    const started = await authorize(s.url, { email: user.email, password: user.password, client: c, jar, stopAtConsent: true });
    const html = started.pages.consent!;
    const abort = /<form method="post" action="([^"]*\/abort)"/.exec(html)![1];
    let res = await fetch(new URL(abort, s.url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    jar.store(res);
    res = await fetch(new URL(res.headers.get('location')!, s.url), { redirect: 'manual', headers: { cookie: jar.header() } });
    const cb = new URL(res.headers.get('location')!);
    expect(cb.origin + cb.pathname).toBe(c.redirect_uris[0]);
    expect(cb.searchParams.get('error')).toBe('access_denied');
    expect(cb.searchParams.get('iss')).toBe(s.url);
    expect(cb.searchParams.get('code')).toBeNull();
  });
});
