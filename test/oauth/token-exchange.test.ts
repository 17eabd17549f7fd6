/**
 * RFC 8693 token exchange (MCP server -> authorization server) and the backend's acceptance of
 * the exchanged bearer tokens (RFC 6750) on /api, with every refusal the contract names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair, importJWK, decodeJwt, decodeProtectedHeader } from 'jose';
import type { FastifyRequest } from 'fastify';
import {
  exchangeToken,
  obtainTokens,
  registerClient,
  signUpAccount,
  startOAuthTestServer,
  tokenRequest,
  ACCESS_TOKEN_TYPE,
  TOKEN_EXCHANGE_GRANT,
  type OAuthTestServer,
} from '../support/oauth.ts';
import { bearerPrincipal } from '../../src/http/plugins/auth.ts';
import { GrantCache } from '../../src/auth/grant-cache.ts';

let s: OAuthTestServer;
let user: Awaited<ReturnType<typeof signUpAccount>>;
let tokens: Awaited<ReturnType<typeof obtainTokens>>;

beforeAll(async () => {
  s = await startOAuthTestServer();
  user = await signUpAccount(s.url);
  tokens = await obtainTokens(s.url, { email: user.email, password: user.password, metadata: { client_name: 'Claude' } });
});
afterAll(async () => {
  await s?.close();
});

/** A grant cache that holds nothing (not listening): the principal is read from the database, balance included. */
const unheld = () => new GrantCache();
const api = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${s.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.headers as Record<string, string>) },
  });

async function exchanged(mcpToken = tokens.access_token): Promise<string> {
  const r = await exchangeToken(s.url, s.keyring, mcpToken);
  expect(r.status).toBe(200);
  return String(r.body.access_token);
}

/** A token signed with the real key, with chosen claims (for expiry and issuer refusals). */
async function signWithRealKey(claims: Record<string, unknown>, header: Record<string, unknown> = {}): Promise<string> {
  const key = await importJWK(s.keyring.oauthSigningJwk, 'ES256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ client_id: tokens.client_id, scope: 'full_access', gid: decodeJwt(tokens.access_token).gid, jti: 'x', ...claims })
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: s.keyring.oauthSigningJwk.kid, ...header })
    .setSubject(user.accountId)
    .setIssuer(String(claims.iss ?? s.url))
    .setAudience(String(claims.aud ?? `${s.url}/api`))
    .setIssuedAt(now - 10)
    .setExpirationTime(Number(claims.exp ?? now + 300))
    .sign(key);
}

describe('token exchange (RFC 8693)', () => {
  it('mints a 300-second API-audience token for the same user and grant, naming the MCP server as actor', async () => {
    const r = await exchangeToken(s.url, s.keyring, tokens.access_token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ issued_token_type: ACCESS_TOKEN_TYPE, token_type: 'Bearer', expires_in: 300 });
    const token = String(r.body.access_token);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    const claims = decodeJwt(token);
    const original = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({
      iss: s.url,
      aud: `${s.url}/api`,
      sub: user.accountId,
      client_id: tokens.client_id,
      gid: original.gid,
      scope: 'full_access',
      act: { sub: 'prosa-mcp' },
    });
    expect(claims.exp! - claims.iat!).toBe(300);
  });

  it('the exchanged token works on /api as the same account, and work done with it is visible to the web session', async () => {
    const token = await exchanged();
    const me = await api('/api/auth/me', token);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ account: { id: user.accountId }, authenticated_via: 'bearer' });
    const add = await api('/api/docket', token, {
      method: 'POST',
      body: JSON.stringify({ application_number: '19/000,123', application: { invention_title: 'Widget made through an assistant' } }),
    });
    expect(add.status).toBe(201);
    const docket = await fetch(`${s.url}/api/docket`, { headers: { cookie: user.cookie } });
    expect(JSON.stringify(await docket.json())).toContain('Widget made through an assistant');
    const audit = await s.database.db
      .selectFrom('audit_log')
      .select(['actor'])
      .where('account_id', '=', user.accountId)
      .where('action', 'like', 'docket%')
      .execute();
    expect(audit.map((a) => a.actor)).toContain('bearer');
  });

  it('the backend principal carries the client, its name, the grant and the no-purchase flag', async () => {
    const token = await exchanged();
    const p = await bearerPrincipal(s.ctx, { headers: { authorization: `Bearer ${token}` } } as FastifyRequest, [`${s.url}/api`], unheld());
    expect(p).toEqual({
      accountId: user.accountId,
      memberId: user.accountId,
      role: 'owner',
      member: { email: user.email, display_name: null, practitioner: null },
      via: 'bearer',
      oauthClientId: tokens.client_id,
      oauthClientName: 'Claude',
      grantId: decodeJwt(token).gid,
      noPurchaseOffers: false,
      // Read with the grant in one statement (issue 12): the welcome credits of a new account.
      balanceMicro: 25_000_000n,
    });
  });

  it('a ChatGPT connector client gets prosa_no_purchases in both tokens and noPurchaseOffers at the backend', async () => {
    const chatgpt = await obtainTokens(s.url, {
      email: user.email,
      password: user.password,
      metadata: { client_name: 'ChatGPT', redirect_uris: ['https://chatgpt.com/connector_platform_oauth_redirect'] },
    });
    expect(chatgpt.client.prosa_no_purchases).toBe(true);
    expect(decodeJwt(chatgpt.access_token).prosa_no_purchases).toBe(true);
    const token = await exchanged(chatgpt.access_token);
    expect(decodeJwt(token).prosa_no_purchases).toBe(true);
    const p = await bearerPrincipal(s.ctx, { headers: { authorization: `Bearer ${token}` } } as FastifyRequest, [`${s.url}/api`], unheld());
    expect(p?.noPurchaseOffers).toBe(true);
  });

  it('refuses any client but prosa-mcp (unauthorized_client), and prosa-mcp with a wrong secret (invalid_client)', async () => {
    for (const method of ['none', 'client_secret_basic'] as const) {
      const other = await registerClient(s.url, { token_endpoint_auth_method: method });
      const r = await tokenRequest(s.url, other, {
        grant_type: TOKEN_EXCHANGE_GRANT,
        subject_token: tokens.access_token,
        subject_token_type: ACCESS_TOKEN_TYPE,
        resource: `${s.url}/api`,
      });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('unauthorized_client');
    }
    const wrong = await exchangeToken(s.url, { ...s.keyring, mcpClientSecret: 'not-the-secret' }, tokens.access_token);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_client');
  });

  it('a client cannot register the token-exchange grant', async () => {
    await expect(registerClient(s.url, { grant_types: ['authorization_code', TOKEN_EXCHANGE_GRANT] })).rejects.toThrow(/invalid_client_metadata/);
  });

  it('refuses a subject token of the wrong audience, a forged one, an expired one, and a wrong target', async () => {
    const apiToken = await exchanged();
    const wrongAud = await exchangeToken(s.url, s.keyring, apiToken);
    expect(wrongAud.status).toBe(400);
    expect(wrongAud.body.error).toBe('invalid_grant');

    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ ...decodeJwt(tokens.access_token) }).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' }).sign(privateKey);
    expect((await exchangeToken(s.url, s.keyring, forged)).body.error).toBe('invalid_grant');

    const expired = await signWithRealKey({ aud: `${s.url}/mcp`, exp: Math.floor(Date.now() / 1000) - 5 });
    expect((await exchangeToken(s.url, s.keyring, expired)).body.error).toBe('invalid_grant');

    const target = await exchangeToken(s.url, s.keyring, tokens.access_token, { resource: `${s.url}/mcp` });
    expect(target.status).toBe(400);
    expect(target.body.error).toBe('invalid_target');
  });

  it('refuses once the grant is revoked, and the backend refuses tokens already exchanged under it at once', async () => {
    const t = await obtainTokens(s.url, { email: user.email, password: user.password });
    const token = await exchanged(t.access_token);
    expect((await api('/api/auth/me', token)).status).toBe(200);
    const gid = String(decodeJwt(token).gid);
    const del = await fetch(`${s.url}/api/oauth/grants/${gid}`, { method: 'DELETE', headers: { cookie: user.cookie } });
    expect(del.status).toBe(204);
    const me = await api('/api/auth/me', token);
    expect(me.status).toBe(401);
    expect((await me.json()).error_code).toBe('invalid_token');
    const again = await exchangeToken(s.url, s.keyring, t.access_token);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    const refresh = await tokenRequest(s.url, t.client, { grant_type: 'refresh_token', refresh_token: t.refresh_token });
    expect(refresh.body.error).toBe('invalid_grant');
  });
});

describe('bearer tokens at the backend', () => {
  it('an MCP-audience token is refused on /api with 401 invalid_token (no token passthrough)', async () => {
    const res = await api('/api/auth/me', tokens.access_token);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect(await res.json()).toMatchObject({ error: true, error_code: 'invalid_token' });
  });

  it('alg none, a forged signature, a tampered payload, HS256, a wrong issuer, a wrong typ and an expired token are refused', async () => {
    const good = await exchanged();
    const [h, p, sig] = good.split('.');
    const claims = decodeJwt(good);
    const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const { privateKey } = await generateKeyPair('ES256');
    const cases: Record<string, string> = {
      'alg none': `${enc({ alg: 'none', typ: 'at+jwt' })}.${p}.`,
      'forged signature': await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: s.keyring.oauthSigningJwk.kid })
        .sign(privateKey),
      'tampered payload': `${h}.${enc({ ...claims, sub: 'someone-else' })}.${sig}`,
      HS256: await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).sign(new TextEncoder().encode(s.keyring.mcpClientSecret)),
      'wrong issuer': await signWithRealKey({ iss: 'https://evil.example' }),
      'wrong typ': await signWithRealKey({}, { typ: 'JWT' }),
      expired: await signWithRealKey({ exp: Math.floor(Date.now() / 1000) - 5 }),
      'no grant id': await signWithRealKey({ gid: undefined }),
    };
    // The control: a token signed with the real key and right claims is accepted.
    expect((await api('/api/auth/me', await signWithRealKey({}))).status).toBe(200);
    for (const [name, token] of Object.entries(cases)) {
      const res = await api('/api/auth/me', token);
      expect(res.status, name).toBe(401);
      expect((await res.json()).error_code, name).toBe('invalid_token');
    }
  });

  it('a malformed Authorization header is 401; session and API-key routes are unchanged', async () => {
    const res = await fetch(`${s.url}/api/auth/me`, { headers: { authorization: 'Bearer' } });
    expect(res.status).toBe(401);
    // Session-only routes do not accept bearer tokens.
    const keys = await api('/api/keys', await exchanged());
    expect(keys.status).toBe(401);
    expect((await keys.json()).error_code).toBe('not_authenticated');
    // Sessions still work.
    expect((await fetch(`${s.url}/api/auth/me`, { headers: { cookie: user.cookie } })).status).toBe(200);
  });
});
