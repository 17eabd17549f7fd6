/**
 * Issue 20 item 3: failed sign-ins lock the guessing address out, never the account's owner
 * (auth/signin-throttle.ts, OWASP Authentication Cheat Sheet "Account Lockout"). Through HTTP on
 * both sign-in paths: POST /api/auth/signin and the OAuth sign-in page. Runs on the embedded
 * database (counters in memory) and on PostgreSQL (`prosa_rate_limits`) with DATABASE_URL set.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, signUp, type TestApp, LIFTED } from '../support/app.ts';
import { authorize, CookieJar, registerClient, signUpAccount, startOAuthTestServer, type OAuthTestServer } from '../support/oauth.ts';
import { accountBackoffSeconds, clientAddressKey, SIGNIN_LIMITS } from '../../src/auth/signin-throttle.ts';

let t: TestApp;
beforeAll(async () => {
  // The per-IP request tier (`signin`, 20 a minute) is raised so that the failure counters, not
  // the request rate, are what this file exercises: an attacker spreads its attempts over time.
  t = await createTestApp({}, undefined, { tiers: { signin: LIFTED } });
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
/** A fresh client address per call site (10.200.x.y), so tests never share counters. */
const address = () => {
  n++;
  return `10.200.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};
const signin = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password }, remoteAddress: ip });

describe('web sign-in (POST /api/auth/signin)', () => {
  test('five wrong passwords from one address: that address gets 429 with Retry-After; the owner, from their own address, signs in', async () => {
    const victim = await signUp(t.app, `victim-${Date.now()}@firm.example`, 'the right password');
    const attacker = address();
    for (let i = 0; i < SIGNIN_LIMITS.pairFailures; i++) {
      const r = await signin(victim.email, `guess ${i} guess`, attacker);
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ error: true, error_code: 'invalid_credentials' });
    }
    // The attacker keeps hammering while the owner signs in from their own address.
    const owner = address();
    const [hammer, own] = await Promise.all([signin(victim.email, 'yet another guess', attacker), signin(victim.email, 'the right password', owner)]);
    expect(own.statusCode).toBe(200);
    expect(own.json().account.id).toBe(victim.accountId);
    expect(hammer.statusCode).toBe(429);
    const refused = await signin(victim.email, 'another guess', attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: true,
      error_code: 'too_many_signin_attempts',
      message: expect.stringMatching(/from your network address/),
      agent_suggestion: expect.stringMatching(/Retry-After/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(SIGNIN_LIMITS.pairBlockSeconds);
    // Even the right password is refused to the locked-out address (it may not test guesses).
    expect((await signin(victim.email, 'the right password', attacker)).statusCode).toBe(429);
  });

  test('one address cannot keep 20 accounts locked: the address is refused, every owner still signs in', async () => {
    const victims = await Promise.all(Array.from({ length: 20 }, (_, i) => signUp(t.app, `locked-${i}-${Date.now()}@firm.example`, 'the right password')));
    const attacker = address();
    const statuses: number[] = [];
    for (const v of victims)
      for (let i = 0; i < SIGNIN_LIMITS.pairFailures; i++) statuses.push((await signin(v.email, `guess ${i} guess`, attacker)).statusCode);
    // The address ran out of failures across e-mails: the rest of its attempts were refused.
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGNIN_LIMITS.addressFailures);
    expect(statuses.slice(SIGNIN_LIMITS.addressFailures).every((s) => s === 429)).toBe(true);
    const other = await signUp(t.app, `untouched-${Date.now()}@firm.example`, 'the right password');
    const sprayed = await signin(other.email, 'a guess at someone new', attacker);
    expect(sprayed.statusCode).toBe(429);
    expect(sprayed.json()).toMatchObject({
      error_code: 'too_many_signin_attempts',
      message: expect.stringMatching(/^Too many failed sign-ins from your network address/),
    });
    expect(Number(sprayed.headers['retry-after'])).toBeGreaterThan(0);

    for (const v of victims) {
      const own = await signin(v.email, 'the right password', address());
      expect(own.statusCode, v.email).toBe(200);
    }
  });

  test('a guesser spread over many addresses is slowed (each address failing past the allowance waits, doubling), the owner is not', async () => {
    const victim = await signUp(t.app, `spread-${Date.now()}@firm.example`, 'the right password');
    const allowance = SIGNIN_LIMITS.accountFailuresBeforeBackoff;
    // One guess each from 22 addresses: the 11th to 22nd failures make their addresses wait
    // 1, 2, 4, ... s (the last ones 512 s and the 15-minute cap).
    const guessers = Array.from({ length: allowance + 12 }, () => address());
    for (const ip of guessers) expect((await signin(victim.email, 'one guess each', ip)).statusCode).toBe(401);
    // The first ten failed within the allowance: they may guess again (one failure per pair).
    for (const ip of guessers.slice(0, allowance)) expect((await signin(victim.email, 'second guess', ip)).statusCode).toBe(401);
    // The last three were told to wait 512 s and more: refused, with Retry-After.
    for (const ip of guessers.slice(-3)) {
      const r = await signin(victim.email, 'second guess', ip);
      expect(r.statusCode).toBe(429);
      expect(r.json()).toMatchObject({ error_code: 'too_many_signin_attempts' });
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // The owner, from an address that has not failed, signs in with the right password.
    expect((await signin(victim.email, 'the right password', address())).statusCode).toBe(200);
  });

  test('the addresses of one IPv6 /64 are one client', async () => {
    const victim = await signUp(t.app, `v6-${Date.now()}@firm.example`, 'the right password');
    for (let i = 1; i <= SIGNIN_LIMITS.pairFailures; i++)
      expect((await signin(victim.email, 'guess guess', `2001:db8:aa:bb::${i.toString(16)}`)).statusCode).toBe(401);
    expect((await signin(victim.email, 'guess guess', '2001:db8:aa:bb:ffff:1:2:3')).statusCode).toBe(429);
    expect((await signin(victim.email, 'the right password', '2001:db8:aa:cc::1')).statusCode).toBe(200);
  });
});

describe('the rules, by name', () => {
  test('clientAddressKey: IPv4 as is, IPv4-mapped IPv6 as IPv4, IPv6 by /64', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(clientAddressKey('2001:0DB8:0000:0001:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  test('accountBackoffSeconds: nothing up to the allowance, then 1 s doubling, capped at 15 minutes', () => {
    const a = SIGNIN_LIMITS.accountFailuresBeforeBackoff;
    expect(accountBackoffSeconds(a)).toBe(0);
    expect([1, 2, 3, 4].map((k) => accountBackoffSeconds(a + k))).toEqual([1, 2, 4, 8]);
    expect(accountBackoffSeconds(a + 100)).toBe(SIGNIN_LIMITS.accountBackoffMaxSeconds);
  });
});

describe('the OAuth sign-in page', () => {
  let s: OAuthTestServer;
  beforeAll(async () => {
    s = await startOAuthTestServer({}, { tiers: { signin: LIFTED } });
  });
  afterAll(async () => {
    await s?.close();
  });

  test('an attacker locked out of the page does not lock the owner out of connecting an assistant', async () => {
    const victim = await signUpAccount(s.url);
    const client = await registerClient(s.url);
    // The attacker's own authorization, with the victim's e-mail.
    const jar = new CookieJar();
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: client.redirect_uris[0],
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'xyz',
    });
    const first = await fetch(`${s.url}/oauth/authorize?${q}`, { redirect: 'manual' });
    jar.store(first);
    const page = new URL(first.headers.get('location')!, s.url);
    const attacker = '198.51.100.66';
    const post = (password: string) =>
      fetch(`${page}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': attacker },
        body: new URLSearchParams({ email: victim.email, password }),
      });
    for (let i = 0; i < SIGNIN_LIMITS.pairFailures; i++) expect((await post(`wrong password ${i}`)).status).toBe(401);

    // The owner, from their own address, signs in on the page and approves: a code comes back.
    const own = await authorize(s.url, { email: victim.email, password: victim.password, client, ip: '198.51.100.7' });
    expect(own.code).toBeTruthy();
    expect(own.pages.signin).toBeTruthy();

    // The attacker's address stays refused, with Retry-After and the reason on the page.
    const refused = await post('wrong again');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await refused.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('Too many failed sign-ins for this e-mail address from your network address');
  });
});
