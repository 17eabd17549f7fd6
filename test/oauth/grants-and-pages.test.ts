/**
 * The sign-in and consent pages (plain HTML forms, no JavaScript, accessible), CSRF refusals,
 * and the connected-apps list: GET /api/oauth/grants, DELETE /api/oauth/grants/{id}.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import {
  authorize,
  CookieJar,
  exchangeToken,
  obtainTokens,
  randomClientIp,
  redeemCode,
  registerClient,
  signUpAccount,
  startOAuthTestServer,
  tokenRequest,
  type OAuthTestServer,
} from '../support/oauth.ts';

let s: OAuthTestServer;
let user: Awaited<ReturnType<typeof signUpAccount>>;
beforeAll(async () => {
  // The signin tier's burst (5 a second per address) is raised: the lockout test sends six
  // attempts from one address, and the failure counter, not the burst, is what it checks.
  s = await startOAuthTestServer({}, { tiers: { signin: { perMinute: 1000, perSecond: 1000 } } });
  user = await signUpAccount(s.url);
});
afterAll(async () => {
  await s?.close();
});

/** Starts an authorization and returns the first page (sign-in) with its URL and cookies. */
async function startAt(
  client: { client_id: string; redirect_uris: string[] },
  jar = new CookieJar(),
): Promise<{ url: URL; html: string; status: number; jar: CookieJar }> {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: client.redirect_uris[0],
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'xyz',
  });
  const first = await fetch(`${s.url}/oauth/authorize?${q}`, { redirect: 'manual', headers: { cookie: jar.header() } });
  jar.store(first);
  const url = new URL(first.headers.get('location')!, s.url);
  const page = await fetch(url, { headers: { cookie: jar.header(), 'x-forwarded-for': randomClientIp() } });
  return { url, html: await page.text(), status: page.status, jar };
}

const form = (jar: CookieJar, body: Record<string, string>, ip = randomClientIp()): RequestInit => ({
  method: 'POST',
  redirect: 'manual',
  headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
  body: new URLSearchParams(body),
});

describe('the sign-in page', () => {
  it('is plain, accessible HTML: lang, title, heading, labelled fields, a POST form, no script', async () => {
    const client = await registerClient(s.url, { client_name: 'Cursor <script>alert(1)</script>' });
    const { html, status, url } = await startAt(client);
    expect(status).toBe(200);
    expect(url.pathname).toMatch(/^\/oauth\/interaction\/[\w-]+$/);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<title>Sign in · Prosa<\/title>/);
    expect(html).toMatch(/<h1>Sign in to Prosa<\/h1>/);
    expect(html).toContain('<label for="email">E-mail address</label>');
    expect(html).toMatch(/<input id="email" name="email" type="email" autocomplete="username" required/);
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toMatch(/<input id="password" name="password" type="password" autocomplete="current-password" required/);
    expect(html).toMatch(new RegExp(`<form method="post" action="${url.pathname}/login">`));
    expect(html).not.toMatch(/<script/i);
    // The client's name is shown, escaped.
    expect(html).toContain('Cursor &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/fonts\.googleapis|<link /);
  });

  it('a wrong password shows the page again with an alert; five failures lock that address out of the e-mail (as POST /api/auth/signin)', async () => {
    const client = await registerClient(s.url);
    const acct = await signUpAccount(s.url);
    const { url, jar } = await startAt(client);
    const ip = randomClientIp();
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${url}/login`, form(jar, { email: acct.email, password: 'wrong password!' }, ip));
      expect(res.status).toBe(401);
      const html = await res.text();
      expect(html).toContain('role="alert"');
      expect(html).toContain('The e-mail address or password is incorrect.');
      expect(html).toContain(`value="${acct.email}"`);
    }
    const locked = await fetch(`${url}/login`, form(jar, { email: acct.email, password: acct.password }, ip));
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toEqual(expect.any(String));
    expect(await locked.text()).toContain('Too many failed sign-ins');
  });

  it("refuses a POST without this browser's interaction cookie or for another interaction (CSRF)", async () => {
    const client = await registerClient(s.url);
    const { url, jar } = await startAt(client);
    const noCookie = await fetch(`${url}/login`, form(new CookieJar(), { email: user.email, password: user.password }));
    expect(noCookie.status).toBe(400);
    expect(await noCookie.text()).toContain('expired or was started in another browser');
    const other = await startAt(client);
    const crossed = await fetch(`${other.url}/login`, form(jar, { email: user.email, password: user.password }));
    expect(crossed.status).toBe(400);
    // Confirming without a signed-in web session does not approve anything.
    const confirm = await fetch(`${url}/confirm`, form(jar, {}));
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(url.pathname);
  });
});

describe('the consent page', () => {
  it('names the client, its redirect host, the account and what full_access allows, with an unverified-app notice', async () => {
    const acct = await signUpAccount(s.url);
    const client = await registerClient(s.url, { client_name: 'Acme Assistant', redirect_uris: ['https://assistant.acme.example/oauth/callback'] });
    const flow = await authorize(s.url, { email: acct.email, password: acct.password, client, stopAtConsent: true });
    const html = flow.pages.consent!;
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<h1>Allow Acme Assistant to use your Prosa account\?<\/h1>/);
    expect(html).toContain('assistant.acme.example');
    expect(html).toContain(acct.email);
    expect(html).toContain('This app registered itself and is not verified by Prosa.');
    expect(html).toContain('full_access');
    expect(html).toMatch(/spend your credits/);
    expect(html).toMatch(/<form method="post" action="[^"]+\/confirm">\s*<button type="submit" class="primary">Allow<\/button>/);
    expect(html).toMatch(/<form method="post" action="[^"]+\/abort">\s*<button type="submit" class="secondary">Deny<\/button>/);
    expect(html).not.toMatch(/<script/i);
  });

  it('"sign in with another account" ends the web session and shows the sign-in page', async () => {
    const acct = await signUpAccount(s.url);
    const client = await registerClient(s.url);
    const flow = await authorize(s.url, { email: acct.email, password: acct.password, client, stopAtConsent: true });
    const path = /<form method="post" action="([^"]+\/switch-account)"/.exec(flow.pages.consent!)![1];
    const res = await fetch(new URL(path, s.url), form(flow.jar, {}));
    expect(res.status).toBe(303);
    flow.jar.store(res);
    expect(flow.jar.cookies.has('prosa_session')).toBe(false);
    const page = await fetch(new URL(res.headers.get('location')!, s.url), { headers: { cookie: flow.jar.header() } });
    expect(await page.text()).toContain('Sign in to Prosa');
  });

  it('signing out of the web app means the next authorization asks to sign in again', async () => {
    const acct = await signUpAccount(s.url);
    const t = await obtainTokens(s.url, { email: acct.email, password: acct.password });
    const session = t.jar.cookies.get('prosa_session')!;
    await fetch(`${s.url}/api/auth/signout`, { method: 'POST', headers: { cookie: `prosa_session=${session}` } });
    const again = await authorize(s.url, { email: acct.email, password: acct.password, client: t.client, jar: t.jar });
    expect(again.pages.signin).toBeDefined();
    expect(again.pages.consent).toBeUndefined(); // consent is remembered
    expect(again.code).toEqual(expect.any(String));
  });
});

describe('switching accounts in one browser', () => {
  it('signing out and in as someone else: the next authorization is for the new account', async () => {
    const a = await signUpAccount(s.url);
    const b = await signUpAccount(s.url);
    const client = await registerClient(s.url);
    const first = await authorize(s.url, { email: a.email, password: a.password, client });
    await fetch(`${s.url}/api/auth/signout`, { method: 'POST', headers: { cookie: `prosa_session=${first.jar.cookies.get('prosa_session')}` } });
    first.jar.cookies.delete('prosa_session');
    const second = await authorize(s.url, { email: b.email, password: b.password, client, jar: first.jar });
    expect(Object.keys(second.pages).sort()).toEqual(['consent', 'signin']);
    const r = await redeemCode(s.url, client, second);
    expect(decodeJwt(String(r.body.access_token)).sub).toBe(b.accountId);
  });
});

describe('connected apps: GET /api/oauth/grants, DELETE /api/oauth/grants/{id}', () => {
  it("lists the account's grants with client, redirect host, first and last use, via session, bearer and API key", async () => {
    const acct = await signUpAccount(s.url);
    const t = await obtainTokens(s.url, {
      email: acct.email,
      password: acct.password,
      metadata: { client_name: 'Claude', redirect_uris: ['https://claude.ai/api/mcp/auth_callback'] },
    });
    const gid = String(decodeJwt(t.access_token).gid);
    const list = await fetch(`${s.url}/api/oauth/grants`, { headers: { cookie: acct.cookie } });
    expect(list.status).toBe(200);
    const { grants } = await list.json();
    expect(grants).toEqual([
      {
        id: gid,
        client_id: t.client_id,
        client_name: 'Claude',
        redirect_host: 'claude.ai',
        no_purchase_offers: false,
        first_used_at: expect.any(String),
        last_used_at: expect.any(String),
      },
    ]);
    const firstUse = grants[0].last_used_at;
    await new Promise((r) => setTimeout(r, 20));
    expect((await tokenRequest(s.url, t.client, { grant_type: 'refresh_token', refresh_token: t.refresh_token })).status).toBe(200);
    const exchanged = await exchangeToken(s.url, s.keyring, t.access_token);
    const viaBearer = await fetch(`${s.url}/api/oauth/grants`, { headers: { authorization: `Bearer ${exchanged.body.access_token}` } });
    expect(viaBearer.status).toBe(200);
    const after = (await viaBearer.json()).grants[0];
    expect(Date.parse(after.last_used_at)).toBeGreaterThan(Date.parse(firstUse));
    expect(after.first_used_at).toBe(grants[0].first_used_at);
    const key = await (
      await fetch(`${s.url}/api/keys`, {
        method: 'POST',
        headers: { cookie: acct.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'script' }),
      })
    ).json();
    const viaKey = await fetch(`${s.url}/api/oauth/grants`, { headers: { 'x-api-key': key.key } });
    expect((await viaKey.json()).grants.map((g: { id: string }) => g.id)).toEqual([gid]);
    // Another account sees none of it.
    const other = await signUpAccount(s.url);
    expect((await (await fetch(`${s.url}/api/oauth/grants`, { headers: { cookie: other.cookie } })).json()).grants).toEqual([]);
    expect((await fetch(`${s.url}/api/oauth/grants`)).status).toBe(401);
  });

  it("revokes its own grant (204, audited); another account's id or an unknown id is 404", async () => {
    const acct = await signUpAccount(s.url);
    const t = await obtainTokens(s.url, { email: acct.email, password: acct.password });
    const gid = String(decodeJwt(t.access_token).gid);
    const other = await signUpAccount(s.url);
    const foreign = await fetch(`${s.url}/api/oauth/grants/${gid}`, { method: 'DELETE', headers: { cookie: other.cookie } });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ error: true, error_code: 'oauth_grant_not_found' });
    expect((await fetch(`${s.url}/api/oauth/grants/nope`, { method: 'DELETE', headers: { cookie: acct.cookie } })).status).toBe(404);
    // Still alive after the refused attempt.
    expect((await exchangeToken(s.url, s.keyring, t.access_token)).status).toBe(200);

    const del = await fetch(`${s.url}/api/oauth/grants/${gid}`, { method: 'DELETE', headers: { cookie: acct.cookie } });
    expect(del.status).toBe(204);
    expect((await (await fetch(`${s.url}/api/oauth/grants`, { headers: { cookie: acct.cookie } })).json()).grants).toEqual([]);
    const audit = await s.database.db
      .selectFrom('audit_log')
      .select(['actor', 'details', 'request_id'])
      .where('account_id', '=', acct.accountId)
      .where('action', '=', 'oauth.grant_revoked')
      .execute();
    expect(audit).toEqual([
      { actor: 'session', details: { grant_id: gid, client_id: t.client_id, reason: 'revoked_by_user' }, request_id: expect.any(String) },
    ]);
    // Its refresh tokens are gone with it.
    const rows = await s.database.db.selectFrom('oauth_artifacts').select('model').where('grant_id', '=', gid).execute();
    expect(rows).toEqual([]);
    expect((await tokenRequest(s.url, t.client, { grant_type: 'refresh_token', refresh_token: t.refresh_token })).body.error).toBe('invalid_grant');
    // Revoking forgets the consent: the next authorization asks again.
    const again = await authorize(s.url, { email: acct.email, password: acct.password, client: t.client, jar: t.jar });
    expect(again.pages.consent).toBeDefined();
  });
});
