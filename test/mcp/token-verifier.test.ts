import { beforeAll, describe, expect, test } from 'vitest';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, type CryptoKey, type JWTVerifyGetKey } from 'jose';
import { EXPIRY_WINDOW_SECONDS, TokenVerifier } from '../../src/mcp/token-verifier.ts';
import { VerifiedTokenCache } from '../../src/mcp/verified-token-cache.ts';

/**
 * The gate's verdicts when a token's signature check is remembered between messages
 * (verified-token-cache.ts): the clock and revocation still decide on every message, and only
 * the very same token bytes are ever answered from memory.
 */
const urls = { mcpUrl: 'https://mcp.example', issuer: 'https://prosa.example' };
const T0 = 1_900_000_000;
let privateKey: CryptoKey;
let otherKey: CryptoKey;
let jwks: JWTVerifyGetKey;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('ES256')).privateKey;
  jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), alg: 'ES256', kid: 'k1' }] });
});

async function sign(claims: Record<string, unknown>, opts: { key?: CryptoKey; exp?: number } = {}): Promise<string> {
  return new SignJWT({ scope: 'full_access', client_id: 'client-1', gid: 'grant-1', ...claims })
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: 'k1' })
    .setIssuer(urls.issuer)
    .setAudience(`${urls.mcpUrl}/mcp`)
    .setIssuedAt(T0)
    .setExpirationTime(opts.exp ?? T0 + 3600)
    .sign(opts.key ?? privateKey);
}

/** A verifier on a settable clock that counts how often it looked a signing key up (one per signature check). */
function verifierAt(start: number) {
  const clock = { now: start, keyLookups: 0 };
  const keys: JWTVerifyGetKey = (header, token) => {
    clock.keyLookups++;
    return jwks(header, token);
  };
  const verifier = new TokenVerifier({ urls, keys, now: () => clock.now });
  return { verifier, clock };
}

describe('TokenVerifier with remembered signature checks', () => {
  test('a token presented again is not re-verified, and yields the same identity', async () => {
    const { verifier, clock } = verifierAt(T0);
    const token = await sign({ sub: 'acct-a' });
    const first = await verifier.verify(`Bearer ${token}`);
    const second = await verifier.verify(`Bearer ${token}`);
    expect(first).toMatchObject({ ok: true, token: { sub: 'acct-a', clientId: 'client-1', grantId: 'grant-1', token } });
    expect(second).toEqual(first);
    expect(clock.keyLookups).toBe(1);
  });

  test("two accounts' tokens, interleaved and concurrent, each get their own identity", async () => {
    const { verifier } = verifierAt(T0);
    const a = await sign({ sub: 'acct-a', gid: 'grant-a' });
    const b = await sign({ sub: 'acct-b', gid: 'grant-b' });
    const verdicts = await Promise.all([a, b, a, b, a, b].map((t) => verifier.verify(`Bearer ${t}`)));
    expect(verdicts.map((v) => (v.ok ? v.token.sub : v.reason))).toEqual(['acct-a', 'acct-b', 'acct-a', 'acct-b', 'acct-a', 'acct-b']);
    const again = await Promise.all([b, a].map((t) => verifier.verify(`Bearer ${t}`)));
    expect(again.map((v) => (v.ok ? `${v.token.sub}/${v.token.grantId}` : v.reason))).toEqual(['acct-b/grant-b', 'acct-a/grant-a']);
  });

  test('a remembered token entering its last ten minutes is refused as expiring', async () => {
    const { verifier, clock } = verifierAt(T0);
    const token = await sign({ sub: 'acct-a' }, { exp: T0 + EXPIRY_WINDOW_SECONDS + 120 });
    expect((await verifier.verify(`Bearer ${token}`)).ok).toBe(true);
    clock.now = T0 + 120;
    expect(await verifier.verify(`Bearer ${token}`)).toEqual({ ok: false, reason: 'expiring' });
    clock.now = T0 + EXPIRY_WINDOW_SECONDS + 200;
    expect(await verifier.verify(`Bearer ${token}`)).toEqual({ ok: false, reason: 'expiring' });
  });

  test('a remembered token of a grant found revoked is refused', async () => {
    const { verifier } = verifierAt(T0);
    const token = await sign({ sub: 'acct-a', gid: 'grant-r' });
    expect((await verifier.verify(`Bearer ${token}`)).ok).toBe(true);
    verifier.markGrantDead('grant-r', T0 + 3600);
    expect(await verifier.verify(`Bearer ${token}`)).toEqual({ ok: false, reason: 'revoked' });
  });

  test('the same claims under another signature, or a tampered signature, are still refused after the real token was accepted', async () => {
    const { verifier } = verifierAt(T0);
    const real = await sign({ sub: 'acct-a' });
    expect((await verifier.verify(`Bearer ${real}`)).ok).toBe(true);
    const forged = await sign({ sub: 'acct-a' }, { key: otherKey });
    expect(await verifier.verify(`Bearer ${forged}`)).toEqual({ ok: false, reason: 'invalid' });
    const [h, p, sig] = real.split('.');
    const tampered = `${h}.${p}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verifier.verify(`Bearer ${tampered}`)).toEqual({ ok: false, reason: 'invalid' });
  });

  test('refusals are not remembered: an invalid token is checked again on every message', async () => {
    const { verifier, clock } = verifierAt(T0);
    const forged = await sign({ sub: 'acct-a' }, { key: otherKey });
    for (let i = 0; i < 3; i++) expect(await verifier.verify(`Bearer ${forged}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(clock.keyLookups).toBe(3);
  });

  test('the signature is checked again once the remembered check is a minute old', async () => {
    const { verifier, clock } = verifierAt(T0);
    const token = await sign({ sub: 'acct-a' });
    await verifier.verify(`Bearer ${token}`);
    clock.now = T0 + 59;
    await verifier.verify(`Bearer ${token}`);
    expect(clock.keyLookups).toBe(1);
    clock.now = T0 + 60;
    expect((await verifier.verify(`Bearer ${token}`)).ok).toBe(true);
    expect(clock.keyLookups).toBe(2);
  });

  test('the shared verified token cannot be altered by one request for the next', async () => {
    const { verifier } = verifierAt(T0);
    const token = await sign({ sub: 'acct-a' });
    const v = await verifier.verify(`Bearer ${token}`);
    if (!v.ok) throw new Error('expected a verified token');
    expect(() => ((v.token as { sub: string }).sub = 'acct-b')).toThrow(TypeError);
    expect(() => v.token.scopes.push('extra')).toThrow(TypeError);
    expect(await verifier.verify(`Bearer ${token}`)).toMatchObject({ ok: true, token: { sub: 'acct-a', scopes: ['full_access'] } });
  });
});

describe('VerifiedTokenCache bounds', () => {
  const entry = (token: string, exp = T0 + 3600) => ({
    token,
    sub: token,
    clientId: 'c',
    grantId: null,
    jti: null,
    exp,
    scopes: ['full_access'],
    noPurchaseOffers: false,
  });

  test('never holds more than its bound: expired entries go first, then the oldest', () => {
    const cache = new VerifiedTokenCache(3);
    cache.remember(entry('short', T0 + 10), T0);
    cache.remember(entry('a'), T0);
    cache.remember(entry('b'), T0);
    cache.remember(entry('c'), T0 + 20);
    expect(cache.size).toBe(3);
    expect(cache.get('short', T0 + 20)).toBeUndefined();
    expect(cache.get('a', T0 + 20)?.sub).toBe('a');
    cache.remember(entry('d'), T0 + 20);
    expect(cache.size).toBe(3);
    expect(cache.get('a', T0 + 20)).toBeUndefined();
    expect(['b', 'c', 'd'].map((k) => cache.get(k, T0 + 20)?.sub)).toEqual(['b', 'c', 'd']);
  });

  test('an entry never outlives the token it holds', () => {
    const cache = new VerifiedTokenCache();
    cache.remember(entry('t', T0 + 30), T0);
    expect(cache.get('t', T0 + 29)?.sub).toBe('t');
    expect(cache.get('t', T0 + 30)).toBeUndefined();
  });
});
