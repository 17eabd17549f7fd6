/**
 * The test-only auto-approve mode (for the conformance runner) and the keys the authorization
 * server derives from the signing secret.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SignJWT, jwtVerify, importJWK } from 'jose';
import { authorize, CookieJar, registerClient, startOAuthTestServer, redeemCode, type OAuthTestServer } from '../support/oauth.ts';
import { freshCliEnv, ROOT, startServerProcess } from '../support/cli.ts';
import { keyringFromSecret } from '../../src/auth/keyring.ts';
import { loadConfig } from '../../src/config.ts';

const closers: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

describe('test-only auto-approve', () => {
  it('with the code option, the flow needs no pages and signs in the fixed test account', async () => {
    const s: OAuthTestServer = await startOAuthTestServer({}, { testAutoApprove: { email: 'conformance@prosa.test' } });
    closers.push(() => s.close());
    const client = await registerClient(s.url);
    const flow = await authorize(s.url, { email: 'ignored@x.example', password: 'ignored', client });
    expect(flow.pages).toEqual({});
    expect(flow.callback.searchParams.get('iss')).toBe(s.url);
    const r = await redeemCode(s.url, client, flow);
    expect(r.status).toBe(200);
    const account = await s.database.db.selectFrom('accounts').select('id').where('email_normalized', '=', 'conformance@prosa.test').executeTakeFirstOrThrow();
    expect(JSON.parse(Buffer.from(String(r.body.access_token).split('.')[1], 'base64url').toString()).sub).toBe(account.id);
  });

  it('the normal server cannot switch it on: `prosa serve` shows the sign-in page whatever the environment says', async () => {
    const { env, drop } = await freshCliEnv({
      PROSA_DEMO_DATA: 'off',
      NODE_ENV: 'test',
      PROSA_TEST_AUTO_APPROVE: '1',
      TEST_AUTO_APPROVE: 'true',
      PROSA_OAUTH_TEST_AUTO_APPROVE: 'on',
    });
    const server = await startServerProcess(env);
    closers.push(async () => {
      await server.stop();
      await drop?.();
    });
    const client = await registerClient(server.url);
    const jar = new CookieJar();
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: client.redirect_uris[0],
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const first = await fetch(`${server.url}/oauth/authorize?${q}`, { redirect: 'manual' });
    jar.store(first);
    expect(first.status).toBe(303);
    const page = await fetch(new URL(new URL(first.headers.get('location')!, server.url).pathname, server.url), {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Sign in to Prosa');
  });

  it('no setting reaches it: the configuration has no such key, and only the test server passes the option', () => {
    const config = loadConfig({ PROSA_TEST_AUTO_APPROVE: '1', NODE_ENV: 'test' });
    expect(JSON.stringify(Object.keys(config))).not.toMatch(/auto|approve/i);
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.ts') && readFileSync(p, 'utf8').includes('testAutoApprove')) offenders.push(relative(ROOT, p));
      }
    };
    walk(join(ROOT, 'src'));
    // Declared and forwarded only: app.ts (the option), the OAuth routes (its use).
    expect(offenders.sort()).toEqual(['src/http/app.ts', 'src/http/routes/oauth/interaction.ts']);
    expect(readFileSync(join(ROOT, 'src/server.ts'), 'utf8')).not.toMatch(/AutoApprove/i);
  });
});

describe('keys derived from the signing secret', () => {
  const secret = 'one-secret-of-at-least-32-characters-0123456789';

  it('the same secret gives the same ES256 key, client secret and cookie keys on every process; another secret other ones', () => {
    const a = keyringFromSecret(secret);
    const b = keyringFromSecret(secret);
    const c = keyringFromSecret(`${secret}x`);
    expect(b.oauthSigningJwk).toEqual(a.oauthSigningJwk);
    expect(b.mcpClientSecret).toBe(a.mcpClientSecret);
    expect(b.oauthCookieKeys).toEqual(a.oauthCookieKeys);
    expect(c.oauthSigningJwk.d).not.toBe(a.oauthSigningJwk.d);
    expect(c.mcpClientSecret).not.toBe(a.mcpClientSecret);
    expect(a.mcpClientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.oauthCookieKeys[0]).not.toBe(a.mcpClientSecret);
    // The download key is unchanged (existing download links keep working).
    expect(new TextDecoder().decode(a.downloadKey)).toBe(secret);
    expect(a.oauthSigningJwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
  });

  it('the derived key is a working P-256 key whose kid is its RFC 7638 thumbprint', async () => {
    const { oauthSigningJwk: jwk } = keyringFromSecret(secret);
    const { calculateJwkThumbprint } = await import('jose');
    expect(jwk.kid).toBe(await calculateJwkThumbprint({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }));
    const token = await new SignJWT({ a: 1 }).setProtectedHeader({ alg: 'ES256' }).sign(await importJWK(jwk, 'ES256'));
    const { d: _d, ...pub } = jwk;
    await expect(jwtVerify(token, await importJWK(pub, 'ES256'))).resolves.toMatchObject({ payload: { a: 1 } });
  });
});
