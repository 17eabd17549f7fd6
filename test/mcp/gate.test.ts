import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SignJWT, decodeJwt, generateKeyPair } from 'jose';
import { startOAuthTestServer, type OAuthTestServer } from '../support/oauth.ts';
import { craftToken, INITIALIZE, rawMcp, readRpc, signedInUser, startMcpTestServer, type SignedInUser } from './support.ts';

/**
 * The bearer gate on every MCP message (spec "Authentication", MCP "Token Handling") and the
 * protected-resource metadata (RFC 9728).
 */
let s: OAuthTestServer;
let user: SignedInUser;
beforeAll(async () => {
  s = await startMcpTestServer();
  user = await signedInUser(s.url);
});
afterAll(async () => {
  await s?.close();
});

const metadataUrl = () => `${s.url}/.well-known/oauth-protected-resource`;

describe('protected resource metadata (RFC 9728)', () => {
  test("at the spec's {mcp_url} form and at the path form, with the spec's fields", async () => {
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.json()).toMatchObject({
        resource: `${s.url}/mcp`,
        authorization_servers: [s.url],
        scopes_supported: ['full_access'],
        bearer_methods_supported: ['header'],
      });
    }
  });
});

describe('401 challenges', () => {
  test('no token: 401 with resource_metadata and scope, no error attribute (RFC 6750 §3.1), on initialize and tools/list', async () => {
    for (const body of [INITIALIZE, { jsonrpc: '2.0', id: 2, method: 'tools/list' }]) {
      const res = await rawMcp(s.url, body);
      expect(res.status).toBe(401);
      const challenge = res.headers.get('www-authenticate')!;
      expect(challenge).toBe(`Bearer resource_metadata="${metadataUrl()}", scope="full_access"`);
    }
  });

  test('GET and DELETE without a token are refused the same way', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${s.url}/mcp`, { method, headers: { accept: 'text/event-stream' } });
      expect(res.status, method).toBe(401);
    }
  });

  const refused = async (token: string) => {
    const res = await rawMcp(s.url, INITIALIZE, { authorization: `Bearer ${token}` });
    expect(res.status).toBe(401);
    const challenge = res.headers.get('www-authenticate')!;
    expect(challenge).toContain(`resource_metadata="${metadataUrl()}"`);
    expect(challenge).toContain('error="invalid_token"');
    return challenge;
  };

  test('malformed, forged, alg none, wrong audience, wrong issuer, wrong typ: 401 invalid_token', async () => {
    await refused('not-a-jwt');
    // Forged: right claims, another key.
    const other = await generateKeyPair('ES256');
    const forged = await new SignJWT({ scope: 'full_access', client_id: 'x', gid: 'g', sub: user.accountId })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
      .setIssuer(s.url)
      .setAudience(`${s.url}/mcp`)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(other.privateKey);
    await refused(forged);
    // alg none.
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${Buffer.from(JSON.stringify({ iss: s.url, aud: `${s.url}/mcp`, sub: user.accountId, scope: 'full_access', client_id: 'x', exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url')}.`;
    await refused(none);
    await refused(await craftToken(s.keyring, { iss: s.url, aud: `${s.url}/api`, sub: user.accountId }));
    await refused(await craftToken(s.keyring, { iss: 'https://evil.example', aud: `${s.url}/mcp`, sub: user.accountId }));
    await refused(await craftToken(s.keyring, { iss: s.url, aud: `${s.url}/mcp`, sub: user.accountId }, { typ: 'JWT' }));
  });

  test('a token within ten minutes of expiry is refused; eleven minutes is accepted', async () => {
    const challenge = await refused(await craftToken(s.keyring, { iss: s.url, aud: `${s.url}/mcp`, sub: user.accountId }, { expiresIn: 590 }));
    expect(challenge).toMatch(/ten minutes/);
    // Crafted on the user's real grant: the gate also checks that the grant is alive.
    const grant = { client_id: user.tokens.client_id, gid: decodeJwt(user.tokens.access_token).gid };
    const ok = await rawMcp(s.url, INITIALIZE, {
      authorization: `Bearer ${await craftToken(s.keyring, { iss: s.url, aud: `${s.url}/mcp`, sub: user.accountId, ...grant }, { expiresIn: 660 })}`,
    });
    expect(ok.status).toBe(200);
  });

  test('a real token opens initialize; malformed JSON with a token is a JSON-RPC parse error, not a Fastify 400', async () => {
    const auth = { authorization: `Bearer ${user.tokens.access_token}` };
    const init = await rawMcp(s.url, INITIALIZE, auth);
    expect(init.status).toBe(200);
    expect(init.headers.get('x-request-id')).toBeTruthy();
    const bad = await rawMcp(s.url, '{"jsonrpc": "2.0", "id": 1, "method": ', auth);
    expect(bad.status).toBe(400);
    expect(await readRpc(bad)).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
  });

  test('DNS rebinding: a foreign Host or Origin is refused even with a valid token', async () => {
    const auth = { authorization: `Bearer ${user.tokens.access_token}` };
    const origin = await rawMcp(s.url, INITIALIZE, { ...auth, origin: 'https://attacker.example' });
    expect(origin.status).toBe(403);
  });
});

const startOAuthTestServerWith = (tiers: NonNullable<Parameters<typeof startOAuthTestServer>[1]>['tiers']) => startOAuthTestServer({}, { mcp: true, tiers });

describe('rate limits on /mcp', () => {
  test("default limits: a burst of protocol messages like the conformance runner's busiest second (about 75) is served", async () => {
    const defaults = await startOAuthTestServer({}, { mcp: true });
    try {
      const u = await signedInUser(defaults.url);
      const auth = { authorization: `Bearer ${u.tokens.access_token}` };
      const bodies = Array.from(
        { length: 80 },
        (_, i) => [INITIALIZE, { jsonrpc: '2.0', id: i, method: 'tools/list' }, { jsonrpc: '2.0', id: i, method: 'ping' }][i % 3],
      );
      const statuses = await Promise.all(bodies.map(async (b) => (await rawMcp(defaults.url, b, auth)).status));
      expect(statuses.filter((x) => x !== 200)).toEqual([]);
    } finally {
      await defaults.close();
    }
  });

  test('tool calls have their own budget (tier mcp_tools): past it a rate_limited tool error, while protocol messages and other accounts go on', async () => {
    const tight = await startOAuthTestServerWith({
      mcp: { perMinute: 10_000, perSecond: 1_000 },
      mcp_tools: { perMinute: 1000, perSecond: 3 },
      assistant: { perMinute: 10_000, perSecond: 1_000 },
    });
    try {
      const [a, b] = [await signedInUser(tight.url), await signedInUser(tight.url)];
      const call = (u: SignedInUser, id: number) =>
        rawMcp(
          tight.url,
          { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'whoami', arguments: {} } },
          { authorization: `Bearer ${u.tokens.access_token}` },
        );
      const results = await Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const res = await call(a, i + 1);
          expect(res.status).toBe(200);
          return (await readRpc<{ result: { isError?: boolean; structuredContent?: Record<string, unknown> } }>(res)).result;
        }),
      );
      const limited = results.filter((r) => r.structuredContent?.error_code === 'rate_limited');
      expect(limited.length).toBeGreaterThan(0);
      expect(limited[0]).toMatchObject({
        isError: true,
        structuredContent: { message: expect.stringMatching(/tool calls per minute/), agent_suggestion: expect.stringMatching(/^Wait \d+ second/) },
      });
      expect((await rawMcp(tight.url, { jsonrpc: '2.0', id: 99, method: 'tools/list' }, { authorization: `Bearer ${a.tokens.access_token}` })).status).toBe(
        200,
      );
      const other = (await readRpc<{ result: { isError?: boolean } }>(await call(b, 100))).result;
      expect(other.isError).toBeFalsy();
    } finally {
      await tight.close();
    }
  });

  test('per account (never per IP): one account over its budget gets 429 with Retry-After; another account behind the same address does not', async () => {
    const tight = await startOAuthTestServerWith({ mcp: { perMinute: 1000, perSecond: 3 } });
    try {
      const a = await signedInUser(tight.url);
      const b = await signedInUser(tight.url);
      const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await rawMcp(tight.url, list, { authorization: `Bearer ${a.tokens.access_token}` })).status);
      expect(statuses).toContain(429);
      const limited = await rawMcp(tight.url, list, { authorization: `Bearer ${a.tokens.access_token}` });
      if (limited.status === 429) {
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await limited.json()).toMatchObject({ error: true, error_code: 'rate_limited' });
      }
      // Same client address (127.0.0.1), another account: its own budget.
      expect((await rawMcp(tight.url, list, { authorization: `Bearer ${b.tokens.access_token}` })).status).toBe(200);
    } finally {
      await tight.close();
    }
  });
});

describe('DNS rebinding protection (MCP security best practices; the conformance scenario dns-rebinding-protection)', () => {
  test('a non-local Host or Origin is refused with 403 before anything else; a local one reaches the bearer check', async () => {
    const { request } = await import('undici');
    const post = (host: string) =>
      request(`${s.url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
          host,
          origin: `http://${host}`,
        },
        body: JSON.stringify(INITIALIZE),
      });
    const evilHost = await post('evil.example.com');
    expect(evilHost.statusCode).toBe(403);
    expect(await evilHost.body.text()).toMatch(/Invalid Host: evil\.example\.com/);
    const evilOrigin = await rawMcp(s.url, INITIALIZE, { origin: 'http://evil.example.com' });
    expect(evilOrigin.status).toBe(403);
    expect(await evilOrigin.text()).toMatch(/Invalid Origin/);
    const local = await post(new URL(s.url).host);
    await local.body.text();
    expect(local.statusCode).toBe(401);
  });
});
