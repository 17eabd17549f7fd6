/**
 * Authorization server metadata (RFC 8414) and dynamic client registration (RFC 7591): the
 * fields MCP clients rely on, our registration policy, the ChatGPT connector flag, storage
 * housekeeping and the per-IP limits on /oauth/register and /oauth/token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { exchangeToken, obtainTokens, randomClientIp, registerClient, signUpAccount, startOAuthTestServer, type OAuthTestServer } from '../support/oauth.ts';
import { errors } from 'oidc-provider';
import { createKyselyAdapter, purgeExpiredOAuthArtifacts } from '../../src/auth/oauth/adapter.ts';
import { cimdFetchAllowed } from '../../src/auth/oauth/cimd-fetch.ts';

let s: OAuthTestServer;
beforeAll(async () => {
  s = await startOAuthTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('authorization server metadata (RFC 8414)', () => {
  it('is served at both well-known addresses with the exact issuer and the fields MCP clients need', async () => {
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
      const res = await fetch(`${s.url}${path}`, { headers: { 'x-request-id': 'trace-me-123' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      // Hijacked replies keep the request id (pitfall 13).
      expect(res.headers.get('x-request-id')).toBe('trace-me-123');
      const m = await res.json();
      expect(m.issuer).toBe(s.url);
      expect(m).toMatchObject({
        authorization_endpoint: `${s.url}/oauth/authorize`,
        token_endpoint: `${s.url}/oauth/token`,
        registration_endpoint: `${s.url}/oauth/register`,
        revocation_endpoint: `${s.url}/oauth/revoke`,
        jwks_uri: `${s.url}/oauth/jwks`,
        userinfo_endpoint: `${s.url}/oauth/userinfo`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        authorization_response_iss_parameter_supported: true,
        scopes_supported: ['full_access'],
        client_id_metadata_document_supported: true,
      });
      expect(m.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
      expect([...m.token_endpoint_auth_methods_supported].sort()).toEqual(['client_secret_basic', 'client_secret_post', 'none']);
      expect(m.dpop_signing_alg_values_supported).toBeUndefined();
      expect(m.introspection_endpoint).toBeUndefined();
    }
  });

  it('endpoint URLs follow the issuer, not the Host header of the request', async () => {
    const res = await fetch(`${s.url}/.well-known/oauth-authorization-server`, {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    const m = await res.json();
    expect(m.issuer).toBe(s.url);
    expect(m.token_endpoint).toBe(`${s.url}/oauth/token`);
  });

  it('an unknown path under /oauth answers the usual 404 error object', async () => {
    const res = await fetch(`${s.url}/oauth/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: true, error_code: 'route_not_found' });
  });

  it('publishes one ES256 key, the public half of the keyring key', async () => {
    const jwks = await (await fetch(`${s.url}/oauth/jwks`)).json();
    expect(jwks.keys).toHaveLength(1);
    const { d: _d, ...pub } = s.keyring.oauthSigningJwk;
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', x: pub.x, y: pub.y, kid: pub.kid, alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
  });
});

describe('dynamic client registration (RFC 7591)', () => {
  it('registers a native public client with a loopback redirect URI', async () => {
    const c = await registerClient(s.url, {
      application_type: 'native',
      redirect_uris: ['http://127.0.0.1:5555/cb', 'http://localhost:5556/cb', 'http://[::1]:5557/cb'],
    });
    expect(c).toMatchObject({
      application_type: 'native',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      prosa_no_purchases: false,
    });
    expect(c.client_id).toEqual(expect.any(String));
  });

  it('registers a web confidential client with an https redirect URI and returns its secret once', async () => {
    const c = await registerClient(s.url, {
      application_type: 'web',
      redirect_uris: ['https://claude.ai/api/mcp/auth_callback'],
      token_endpoint_auth_method: 'client_secret_basic',
      client_name: 'Claude',
    });
    expect(c).toMatchObject({ application_type: 'web', token_endpoint_auth_method: 'client_secret_basic', client_name: 'Claude' });
    expect(c.client_secret).toEqual(expect.any(String));
    // Stored, with an audit row (no account: nobody is signed in at registration).
    const row = await s.database.db
      .selectFrom('audit_log')
      .select(['actor', 'account_id', 'details'])
      .where('action', '=', 'oauth.client_registered')
      .where('target_id', '=', c.client_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actor: 'anonymous', account_id: null });
    expect(row.details).toMatchObject({ client_name: 'Claude', token_endpoint_auth_method: 'client_secret_basic' });
    expect(JSON.stringify(row.details)).not.toContain(c.client_secret!);
  });

  it('refuses redirect URIs that are neither https nor loopback nor private-use (for a public client), and fragments', async () => {
    // Private-use schemes such as myapp://callback: test/oauth/redirect-uris.test.ts.
    const bad = [
      ['http://example.com/cb'],
      ['http://192.168.1.10/cb'],
      ['myapp://callback', 'data:text/plain,x'],
      ['https://ok.example/cb', 'http://not-ok.example/cb'],
      ['https://ok.example/cb#frag'],
      ['javascript:alert(1)'],
    ];
    for (const redirect_uris of bad) {
      const res = await fetch(`${s.url}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': randomClientIp() },
        body: JSON.stringify({ redirect_uris, token_endpoint_auth_method: 'none' }),
      });
      expect(res.status, redirect_uris.join(' ')).toBe(400);
      expect((await res.json()).error).toMatch(/^invalid_(redirect_uri|client_metadata)$/);
    }
  });

  it('flags ChatGPT connector clients by their redirect URI and ignores a caller-sent flag', async () => {
    const chatgpt = await registerClient(s.url, { client_name: 'ChatGPT', redirect_uris: ['https://chatgpt.com/connector_platform_oauth_redirect'] });
    expect(chatgpt.prosa_no_purchases).toBe(true);
    const legacy = await registerClient(s.url, { redirect_uris: ['https://chatgpt.com/connector/oauth/abc123'] });
    expect(legacy.prosa_no_purchases).toBe(true);
    const liar = await registerClient(s.url, { client_name: 'ChatGPT', redirect_uris: ['https://claude.ai/api/mcp/auth_callback'], prosa_no_purchases: true });
    expect(liar.prosa_no_purchases).toBe(false);
    const lookalike = await registerClient(s.url, { redirect_uris: ['https://chatgpt.com.evil.example/cb'] });
    expect(lookalike.prosa_no_purchases).toBe(false);
    // Stored with the client.
    const row = await s.database.db
      .selectFrom('oauth_artifacts')
      .select(sql<boolean>`(payload->>'prosa_no_purchases')::boolean`.as('flag'))
      .where('model', '=', 'Client')
      .where('id', '=', chatgpt.client_id)
      .executeTakeFirstOrThrow();
    expect(row.flag).toBe(true);
  });

  it('client ID metadata documents: only public https hosts are fetched', async () => {
    for (const ok of ['https://chatgpt.com/oauth/client.json', 'https://app.example.com/client.json']) expect(cimdFetchAllowed(ok), ok).toBe(true);
    for (const no of [
      'http://app.example.com/client.json',
      'https://127.0.0.1/client.json',
      'https://[::1]/c.json',
      'https://localhost/c.json',
      'https://intranet/c.json',
      'https://db.internal/c.json',
      'https://x.localhost/c.json',
    ]) {
      expect(cimdFetchAllowed(no), no).toBe(false);
    }
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: 'https://127.0.0.1:9/client.json',
      redirect_uri: 'https://127.0.0.1:9/cb',
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
    });
    const res = await fetch(`${s.url}/oauth/authorize?${q}`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/invalid_client/);
  });
});

describe('storage', () => {
  it('consume() is atomic: of two concurrent consumes of one token exactly one succeeds, the other is invalid_grant', async () => {
    const acct = await signUpAccount(s.url);
    const Adapter = createKyselyAdapter(s.database.db);
    for (const model of ['RefreshToken', 'AuthorizationCode']) {
      const adapter = new Adapter(model);
      await adapter.upsert(`${model}-1`, { accountId: acct.accountId, clientId: 'c', grantId: 'g-1', exp: Math.floor(Date.now() / 1000) + 60 } as never, 60);
      const results = await Promise.allSettled([adapter.consume(`${model}-1`), adapter.consume(`${model}-1`)]);
      expect(results.map((r) => r.status).sort(), model).toEqual(['fulfilled', 'rejected']);
      const err = (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason;
      expect(err).toBeInstanceOf(errors.InvalidGrant);
      expect((await adapter.find(`${model}-1`))?.consumed).toEqual(expect.any(Number));
    }
  });

  it('purges expired artifacts and keeps live ones', async () => {
    const { db } = s.database;
    await db
      .insertInto('oauth_artifacts')
      .values([
        { model: 'AuthorizationCode', id: 'expired-code', payload: '{}', expires_at: new Date(Date.now() - 60_000) },
        { model: 'AuthorizationCode', id: 'live-code', payload: '{}', expires_at: new Date(Date.now() + 60_000) },
      ])
      .execute();
    expect(await purgeExpiredOAuthArtifacts(db)).toBeGreaterThanOrEqual(1);
    const ids = (await db.selectFrom('oauth_artifacts').select('id').where('id', 'in', ['expired-code', 'live-code']).execute()).map((r) => r.id);
    expect(ids).toEqual(['live-code']);
  });
});

describe('text the database cannot store', () => {
  it('a lone surrogate or NUL in client metadata is invalid_client_metadata (400), not a 500', async () => {
    for (const name of ['bad \\ud800 name', 'nul \\u0000 name']) {
      const res = await fetch(`${s.url}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': randomClientIp() },
        body: `{"client_name":"${name}","redirect_uris":["http://127.0.0.1:1/cb"],"token_endpoint_auth_method":"none"}`,
      });
      expect(res.status, name).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_client_metadata', error_description: expect.stringMatching(/client_name/) });
    }
  });
});

describe('rate limits per client IP', () => {
  it('/oauth/register: 429 with Retry-After and the error object past the burst', async () => {
    const ip = randomClientIp();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${s.url}/oauth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:1/cb'], token_endpoint_auth_method: 'none' }),
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 201)).toHaveLength(5);
    const limited = results.find((r) => r.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await limited.json()).toMatchObject({ error: true, error_code: 'rate_limited' });
    // Another address is not affected.
    await expect(registerClient(s.url)).resolves.toMatchObject({ client_id: expect.any(String) });
  });

  it("/oauth/token: 429 past the limit for one address; the MCP server's exchanges are not counted", async () => {
    const ip = randomClientIp();
    const form = 'grant_type=refresh_token&refresh_token=nope&client_id=nope';
    // Past the per-minute figure (not only the burst, which a loaded machine may spread out).
    const results = await Promise.all(
      Array.from({ length: 640 }, () =>
        fetch(`${s.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip }, body: form }),
      ),
    );
    const limited = results.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(40);
    expect(limited[0].headers.get('retry-after')).toEqual(expect.any(String));
    expect(await limited[0].json()).toMatchObject({ error: true, error_code: 'rate_limited' });

    const user = await signUpAccount(s.url);
    const t = await obtainTokens(s.url, { email: user.email, password: user.password });
    // From the address that was just limited: still served.
    const exchanges = await Promise.all(Array.from({ length: 60 }, () => exchangeToken(s.url, s.keyring, t.access_token, {}, { 'x-forwarded-for': ip })));
    expect(exchanges.every((r) => r.status === 200)).toBe(true);
  });
});
