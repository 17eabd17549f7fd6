import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, randomIp, sessionCookie, signUp, type TestApp } from '../support/app.ts';
import { CookieJar } from '../support/oauth.ts';
import { startLocalIdp, type IdpUser, type LocalIdp } from '../support/oidc-idp.ts';
import { loadConfig } from '../../src/config.ts';
import { oidcSignIn } from '../../src/commands/oidc-sign-in.ts';

/**
 * "Sign in with Google / Microsoft" through openid-client against LOCAL OpenID providers
 * (oidc-provider on loopback ports): the Google stand-in puts the e-mail in the ID token, the
 * Microsoft stand-in only in userinfo. Prosa is driven through fastify.inject at BASE_URL
 * http://prosa.test, the providers through real HTTP.
 */
const BASE = 'http://prosa.test';
let google: LocalIdp;
let microsoft: LocalIdp;
let t: TestApp;

beforeAll(async () => {
  google = await startLocalIdp({ redirectUris: [`${BASE}/api/auth/oidc/google/callback`] });
  microsoft = await startLocalIdp({ redirectUris: [`${BASE}/api/auth/oidc/microsoft/callback`], emailInIdToken: false });
  t = await createTestApp({
    PROSA_GOOGLE_ISSUER: google.issuer,
    PROSA_GOOGLE_CLIENT_ID: google.clientId,
    PROSA_GOOGLE_CLIENT_SECRET: google.clientSecret,
    PROSA_MICROSOFT_ISSUER: microsoft.issuer,
    PROSA_MICROSOFT_CLIENT_ID: microsoft.clientId,
    PROSA_MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
  });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
  await microsoft?.close();
});

const uniq = () => Math.random().toString(36).slice(2, 10);
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {}, remoteAddress: randomIp() });

interface FlowResult {
  /** Prosa's answer to the callback. */
  res: LightMyRequestResponse;
  location: string;
  /** The new web session, when the flow signed in. */
  cookie?: string;
  /** The callback URL the provider sent the browser to. */
  callback: URL;
  stateCookie: string;
}

/** start -> the provider (auto login and consent) -> back to Prosa's callback, like a browser. */
async function signInWith(
  provider: 'google' | 'microsoft',
  user: IdpUser | null,
  opts: { next?: string; sessionCookie?: string; link?: boolean; tamper?: (u: URL) => void; stateCookie?: (s: string) => string } = {},
): Promise<FlowResult> {
  const idp = provider === 'google' ? google : microsoft;
  if (user) idp.signInAs(user);
  const q = new URLSearchParams();
  if (opts.next) q.set('next', opts.next);
  if (opts.link) q.set('link', '1');
  const start = await get(`/api/auth/oidc/${provider}/start?${q}`, opts.sessionCookie);
  expect(start.statusCode, start.body).toBe(303);
  const state = start.cookies.find((c) => c.name === 'prosa_oidc_state')!;
  expect(state).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/oidc' });
  const authUrl = new URL(start.headers.location as string);
  expect(authUrl.origin).toBe(idp.issuer);
  expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authUrl.searchParams.get('nonce')).toBeTruthy();
  expect(authUrl.searchParams.get('state')).toBe(state.value);

  const jar = new CookieJar();
  let url = authUrl;
  for (let hops = 0; url.origin !== BASE; hops++) {
    if (hops > 10) throw new Error('too many redirects at the provider');
    const r = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(r);
    const loc = r.headers.get('location');
    if (!loc) throw new Error(`provider stopped at ${url.pathname}: ${r.status} ${(await r.text()).slice(0, 500)}`);
    url = new URL(loc, url);
  }
  opts.tamper?.(url);
  const stateValue = opts.stateCookie ? opts.stateCookie(state.value) : state.value;
  const cookies = [`prosa_oidc_state=${stateValue}`, opts.sessionCookie].filter(Boolean).join('; ');
  const res = await get(url.pathname + url.search, cookies);
  const session = res.cookies.find((c) => c.name === 'prosa_session');
  return { res, location: String(res.headers.location ?? ''), cookie: session ? sessionCookie(res) : undefined, callback: url, stateCookie: state.value };
}

async function me(cookie: string) {
  const r = await get('/api/auth/me', cookie);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().account as { id: string; email: string; display_name: string | null };
}
const verified = async (cookie: string) => (await get('/api/auth/email-verification', cookie)).json().verified as boolean;
const identities = async (cookie: string) =>
  (await get('/api/auth/identities', cookie)).json() as {
    has_password: boolean;
    identities: { id: string; provider: string; issuer: string; email: string | null }[];
  };
async function auditActions(accountId: string): Promise<string[]> {
  const rows = await t.database.db.selectFrom('audit_log').select('action').where('account_id', '=', accountId).orderBy('id').execute();
  return rows.map((r) => r.action);
}

describe('which providers are offered', () => {
  test('GET /api/auth/providers lists only the configured ones', async () => {
    const res = await get('/api/auth/providers');
    expect(res.statusCode).toBe(200);
    expect(res.json().providers).toEqual([
      { id: 'google', name: 'Google', start_url: '/api/auth/oidc/google/start' },
      { id: 'microsoft', name: 'Microsoft', start_url: '/api/auth/oidc/microsoft/start' },
    ]);
    const bare = await createTestApp();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ providers: [] });
      const off = await bare.app.inject({ method: 'GET', url: '/api/auth/oidc/google/start' });
      expect(off.statusCode).toBe(404);
      expect(off.json().error_code).toBe('unknown_provider');
    } finally {
      await bare.close();
    }
  });

  test('configuration: Google defaults to accounts.google.com; an id without its secret is refused', () => {
    const c = loadConfig({ PROSA_GOOGLE_CLIENT_ID: 'id', PROSA_GOOGLE_CLIENT_SECRET: 'secret' });
    expect(c.oidcProviders).toEqual([{ id: 'google', name: 'Google', issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 'secret' }]);
    expect(loadConfig({ PROSA_MICROSOFT_CLIENT_ID: 'id', PROSA_MICROSOFT_CLIENT_SECRET: 's' }).oidcProviders[0].issuer).toBe(
      'https://login.microsoftonline.com/common/v2.0',
    );
    expect(() => loadConfig({ PROSA_MICROSOFT_CLIENT_ID: 'id' })).toThrow(/PROSA_MICROSOFT_CLIENT_SECRET must be set together with PROSA_MICROSOFT_CLIENT_ID/);
    expect(() => loadConfig({ PROSA_GOOGLE_CLIENT_SECRET: 's' })).toThrow(/PROSA_GOOGLE_CLIENT_ID must be set/);
  });
});

describe('accounts from third-party identities', () => {
  test('a new verified e-mail creates a verified, password-less account; the identity signs in again later', async () => {
    const email = `new-${uniq()}@gmail.example`;
    const user = { sub: `g-${uniq()}`, email, email_verified: true, name: 'Ada Lovelace' };
    const first = await signInWith('google', user, { next: '/docket' });
    expect(first.res.statusCode).toBe(303);
    expect(first.location).toBe('/docket');
    expect(first.callback.searchParams.get('iss')).toBe(google.issuer);
    const account = await me(first.cookie!);
    expect(account).toMatchObject({ email, display_name: 'Ada Lovelace' });
    expect(await verified(first.cookie!)).toBe(true);
    const ids = await identities(first.cookie!);
    expect(ids).toMatchObject({ has_password: false, identities: [{ provider: 'google', issuer: google.issuer, email }] });
    expect(await auditActions(account.id)).toEqual(['account.created', 'session.created']);
    expect(
      (await t.database.db.selectFrom('credit_balances').select('balance_micro').where('account_id', '=', account.id).executeTakeFirstOrThrow()).balance_micro,
    ).toBe(25_000_000n);

    // Returning: the same (issuer, subject) signs into the same account, even with a new address.
    const again = await signInWith('google', { ...user, email: `changed-${uniq()}@gmail.example` });
    expect(again.location).toBe('/');
    expect((await me(again.cookie!)).id).toBe(account.id);
    expect(await t.database.db.selectFrom('accounts').select('id').where('email', '=', email).execute()).toHaveLength(1);
  });

  test('a verified e-mail of an existing account links to it (audited) and signs into it', async () => {
    const a = await signUp(t.app, `Link-${uniq()}@firm.example`);
    const res = await signInWith('google', { sub: `g-${uniq()}`, email: a.email.toLowerCase(), email_verified: true });
    expect(res.location).toBe('/');
    expect((await me(res.cookie!)).id).toBe(a.accountId);
    expect(await auditActions(a.accountId)).toContain('account.identity_linked');
    const row = await t.database.db
      .selectFrom('audit_log')
      .select(['details', 'actor'])
      .where('account_id', '=', a.accountId)
      .where('action', '=', 'account.identity_linked')
      .executeTakeFirstOrThrow();
    expect(row.details).toMatchObject({ provider: 'google', issuer: google.issuer, reason: 'verified_email' });
    expect(await verified(res.cookie!)).toBe(true);
    expect((await identities(a.cookie)).identities).toHaveLength(1);
  });

  test('an unverified e-mail of an existing account never links: refused with a clear message', async () => {
    const a = await signUp(t.app, `victim-${uniq()}@firm.example`);
    for (const email_verified of [false, undefined]) {
      const res = await signInWith('google', { sub: `g-${uniq()}`, email: a.email, email_verified });
      expect(res.res.statusCode).toBe(303);
      expect(res.location).toBe('/signin?sign_in_error=email_in_use_unverified&provider=google');
      expect(res.cookie).toBeUndefined();
    }
    expect((await identities(a.cookie)).identities).toEqual([]);
    expect(await auditActions(a.accountId)).not.toContain('account.identity_linked');
  });

  test('an unverified new e-mail creates an account whose address is not confirmed', async () => {
    const email = `unverified-${uniq()}@outlook.example`;
    const res = await signInWith('google', { sub: `g-${uniq()}`, email, email_verified: false });
    expect((await me(res.cookie!)).email).toBe(email);
    expect(await verified(res.cookie!)).toBe(false);
  });

  test('no e-mail at all is refused', async () => {
    const res = await signInWith('google', { sub: `g-${uniq()}` });
    expect(res.location).toBe('/signin?sign_in_error=email_missing&provider=google');
    expect(res.cookie).toBeUndefined();
  });

  test('Microsoft stand-in: the e-mail comes from userinfo when the ID token lacks it; (issuer, subject) keeps providers apart', async () => {
    const sub = `shared-${uniq()}`;
    const email = `ms-${uniq()}@contoso.example`;
    const ms = await signInWith('microsoft', { sub, email, email_verified: true });
    const msAccount = await me(ms.cookie!);
    expect(msAccount.email).toBe(email);
    expect(await verified(ms.cookie!)).toBe(true);
    // The same subject string at another issuer is another person.
    const g = await signInWith('google', { sub, email: `g-${uniq()}@gmail.example`, email_verified: true });
    expect((await me(g.cookie!)).id).not.toBe(msAccount.id);
  });
});

describe('concurrency', () => {
  test('two callbacks for one new identity at once make one account, both signed into it', async () => {
    const claims = {
      provider: 'google' as const,
      issuer: google.issuer,
      subject: `race-${uniq()}`,
      email: `race-${uniq()}@gmail.example`,
      emailVerified: true,
      name: null,
    };
    const actor = { accountId: null, via: 'anonymous' as const };
    const results = await Promise.all([
      oidcSignIn(t.database.db, actor, claims),
      oidcSignIn(t.database.db, actor, claims),
      oidcSignIn(t.database.db, actor, claims),
    ]);
    expect(new Set(results.map((r) => r.accountId)).size).toBe(1);
    expect(results.filter((r) => r.outcome === 'created')).toHaveLength(1);
    expect(await t.database.db.selectFrom('oidc_identities').select('id').where('subject', '=', claims.subject).execute()).toHaveLength(1);
    expect(await t.database.db.selectFrom('accounts').select('id').where('email', '=', claims.email).execute()).toHaveLength(1);
  });
});

describe('failures end on the sign-in page, never a 500', () => {
  test("state mismatch: a callback without or with another browser's state cookie", async () => {
    const other = await signInWith(
      'google',
      { sub: `g-${uniq()}`, email: `s-${uniq()}@gmail.example`, email_verified: true },
      { stateCookie: () => 'someone-elses-state' },
    );
    expect(other.location).toBe('/signin?sign_in_error=state_mismatch&provider=google');
    expect(other.cookie).toBeUndefined();
    // The provider's redirect replayed with no cookie at all (login CSRF).
    const replay = await get(other.callback.pathname + other.callback.search);
    expect(replay.statusCode).toBe(303);
    expect(replay.headers.location).toBe('/signin?sign_in_error=state_mismatch&provider=google');
    // A completed flow cannot be replayed: its state is single use.
    const done = await signInWith('google', { sub: `g-${uniq()}`, email: `d-${uniq()}@gmail.example`, email_verified: true });
    expect(done.cookie).toBeTruthy();
    const again = await get(done.callback.pathname + done.callback.search, `prosa_oidc_state=${done.stateCookie}`);
    expect(again.headers.location).toBe('/signin?sign_in_error=expired&provider=google');
  });

  test('denied consent and provider errors', async () => {
    google.declineNext();
    const denied = await signInWith('google', { sub: `g-${uniq()}`, email: `x-${uniq()}@gmail.example` });
    expect(denied.callback.searchParams.get('error')).toBe('access_denied');
    expect(denied.location).toBe('/signin?sign_in_error=access_denied&provider=google');
    // The provider says something else went wrong.
    const failed = await signInWith(
      'google',
      { sub: `g-${uniq()}`, email: `y-${uniq()}@gmail.example` },
      {
        tamper: (u) => {
          u.search = new URLSearchParams({ error: 'server_error', state: u.searchParams.get('state')! }).toString();
        },
      },
    );
    expect(failed.location).toBe('/signin?sign_in_error=provider_error&provider=google');
    // A forged code fails at the token endpoint.
    const forged = await signInWith(
      'google',
      { sub: `g-${uniq()}`, email: `z-${uniq()}@gmail.example` },
      { tamper: (u) => u.searchParams.set('code', 'forged-code') },
    );
    expect(forged.res.statusCode).toBe(303);
    expect(forged.location).toBe('/signin?sign_in_error=provider_error&provider=google');
    expect(forged.cookie).toBeUndefined();
  });

  test('an unreachable provider', async () => {
    const down = await createTestApp({ PROSA_GOOGLE_ISSUER: 'http://127.0.0.1:9', PROSA_GOOGLE_CLIENT_ID: 'x', PROSA_GOOGLE_CLIENT_SECRET: 'y' });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/api/auth/oidc/google/start' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/signin?sign_in_error=provider_unavailable&provider=google');
    } finally {
      await down.close();
    }
  });

  test("failures the flow's own checks never saw end on the sign-in page too, not in JSON", async () => {
    const browser = { accept: 'text/html,application/xhtml+xml', 'user-agent': 'Mozilla/5.0' };
    const nav = (url: string, ip = randomIp(), cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: { ...browser, ...(cookie ? { cookie } : {}) }, remoteAddress: ip });
    // A callback whose query the route's schema refuses: a repeated state, an oversized parameter.
    for (const query of ['code=x&state=a&state=b', `code=x&state=a&error_description=${'x'.repeat(5000)}`]) {
      const res = await nav(`/api/auth/oidc/google/callback?${query}`);
      expect(res.statusCode, query).toBe(303);
      expect(res.headers.location).toBe('/signin?sign_in_error=invalid_request&provider=google');
      expect(res.headers['content-type'] ?? '').not.toMatch(/json/);
    }
    // A start the schema refuses.
    const badLink = await nav('/api/auth/oidc/google/start?link=2');
    expect(badLink.headers.location).toBe('/signin?sign_in_error=invalid_request&provider=google');
    const badNext = await nav(`/api/auth/oidc/google/start?next=${'/a'.repeat(1500)}`);
    expect(badNext.headers.location).toBe('/signin?sign_in_error=invalid_request&provider=google');
    // An unknown provider, followed from an old link.
    const unknown = await nav('/api/auth/oidc/yahoo/start');
    expect(unknown.statusCode).toBe(303);
    expect(unknown.headers.location).toBe('/signin?sign_in_error=unknown_provider');
    // The per-address limit of the sign-in routes: a redirect with Retry-After, not a JSON 429.
    const ip = randomIp();
    let limited: Awaited<ReturnType<typeof nav>> | undefined;
    for (let i = 0; i < 30 && !limited; i++) {
      const r = await nav('/api/auth/oidc/google/callback?code=x&state=y', ip);
      if (r.headers.location !== '/signin?sign_in_error=state_mismatch&provider=google') limited = r;
    }
    expect(limited?.statusCode).toBe(303);
    expect(limited?.headers.location).toBe('/signin?sign_in_error=rate_limited&provider=google');
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    // Scripts (no HTML in Accept) keep the error object.
    const script = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/yahoo/start', remoteAddress: randomIp() });
    expect(script.statusCode).toBe(404);
    expect(script.json()).toMatchObject({ error: true, error_code: 'unknown_provider' });
  });

  test('next is a same-site path only (no open redirect)', async () => {
    // Known bypasses (the full table with each named check: src/domain/safe-next-path.test.ts);
    // the first is the red team's `next=%2F%09%2Fevil.example%2Fphish` (issue 20 item 4).
    for (const next of [
      '/\t/evil.example/phish',
      '/\n/evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      '/.//evil.example',
      '/\u200b/evil.example',
      'https://evil.example/',
    ]) {
      const res = await signInWith('google', { sub: `g-${uniq()}`, email: `n-${uniq()}@gmail.example`, email_verified: true }, { next });
      expect(res.location, JSON.stringify(next)).toBe('/');
      expect(res.cookie).toBeTruthy();
    }
    const kept = await signInWith(
      'google',
      { sub: `g-${uniq()}`, email: `k-${uniq()}@gmail.example`, email_verified: true },
      { next: '/settings/billing?tab=receipts' },
    );
    expect(kept.location).toBe('/settings/billing?tab=receipts');
  });
});

describe('linked identities in settings', () => {
  test('link from settings, list, unlink only while another way in remains; other accounts get 404', async () => {
    // A Google-only account (no password).
    const first = await signInWith('google', { sub: `g-${uniq()}`, email: `only-${uniq()}@gmail.example`, email_verified: true });
    const cookie = first.cookie!;
    const [googleId] = (await identities(cookie)).identities;
    const del = (id: string, c = cookie) =>
      t.app.inject({ method: 'DELETE', url: `/api/auth/identities/${id}`, headers: { cookie: c }, remoteAddress: randomIp() });
    const last = await del(googleId.id);
    expect(last.statusCode).toBe(409);
    expect(last.json().error_code).toBe('last_sign_in_method');

    // Link Microsoft while signed in (its e-mail need not match, nor be verified).
    const linked = await signInWith(
      'microsoft',
      { sub: `m-${uniq()}`, email: `someone-else-${uniq()}@contoso.example`, email_verified: false },
      { link: true, sessionCookie: cookie },
    );
    expect(linked.location).toBe('/settings/profile?identity_linked=microsoft');
    const both = (await identities(cookie)).identities;
    expect(both.map((i) => i.provider)).toEqual(['google', 'microsoft']);

    // Someone else cannot see or remove them.
    const stranger = await signUp(t.app);
    expect((await del(googleId.id, stranger.cookie)).statusCode).toBe(404);
    expect((await del('not-a-uuid', stranger.cookie)).statusCode).toBe(400);
    // An identity already linked elsewhere cannot be linked again.
    const msSubject = (await t.database.db.selectFrom('oidc_identities').select('subject').where('id', '=', both[1].id).executeTakeFirstOrThrow()).subject;
    const taken = await signInWith('microsoft', { sub: msSubject }, { link: true, sessionCookie: stranger.cookie });
    expect(taken.location).toBe('/settings/profile?sign_in_error=identity_in_use&provider=microsoft');

    expect((await del(googleId.id)).statusCode).toBe(204);
    expect((await identities(cookie)).identities.map((i) => i.provider)).toEqual(['microsoft']);
    expect((await del(both[1].id)).statusCode).toBe(409);
    expect(await auditActions((await me(cookie)).id)).toEqual(expect.arrayContaining(['account.identity_linked', 'account.identity_unlinked']));

    // With a password, the only identity can go.
    const p = await signUp(t.app, `pw-${uniq()}@firm.example`);
    await signInWith('google', { sub: `g-${uniq()}`, email: `other-${uniq()}@gmail.example` }, { link: true, sessionCookie: p.cookie });
    const [only] = (await identities(p.cookie)).identities;
    expect((await identities(p.cookie)).has_password).toBe(true);
    expect((await del(only.id, p.cookie)).statusCode).toBe(204);
  });

  test('linking needs a web session', async () => {
    const res = await get('/api/auth/oidc/google/start?link=1');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/signin?next=%2Fsettings%2Fprofile');
    expect((await get('/api/auth/identities')).statusCode).toBe(401);
  });
});
