import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from './support/app.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';

/**
 * Every route, every kind of bad input: malformed JSON, wrong types, oversized bodies, odd
 * Unicode and SQL metacharacters. No 500, always the error object, nothing stored by a refusal.
 */
let t: TestApp;
let cookie: string;
let _apiKey: string;
const routes: { method: string; url: string }[] = [];

const ODD = [
  '\u0000',
  '\uFEFF',
  '\u202Eevil',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '🦄'.repeat(50),
  "'; DROP TABLE accounts; --",
  '" OR 1=1 --',
  '%00',
  '../../etc/passwd',
  'a'.repeat(5000),
];

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, '2026-11-21');
  ({ cookie } = await signUp(t.app));
  _apiKey = await createKey(t.app, cookie);
  // All routes, not only the documented /v1 ones: read them from Fastify's route table.
  // Sign-out is left out: it ends the session the sweep signs its requests with. The activity
  // stream is left out too: an admitted request never ends (inject would wait forever); its
  // own tests (test/api-data/activity-stream.test.ts) cover its refusals.
  for (const r of listRoutes(t)) if (r.url !== '/api/auth/signout' && r.url !== '/api/events') routes.push(r);
});
afterAll(async () => {
  await t?.close();
});

/** Every route from Fastify's printed route tree (children are indented under their parent's prefix). */
function listRoutes(app: TestApp): { method: string; url: string }[] {
  const out: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const at = line.indexOf('/');
    const m = /^(\/\S*) \(([^)]+)\)/.exec(line.slice(at));
    if (at < 0 || !m) continue;
    const depth = Math.max(0, at / 4 - 1);
    stack.length = depth;
    const url = `${stack.join('')}${m[1]}`;
    stack.push(m[1]);
    for (const method of m[2].split(',').map((x) => x.trim())) {
      if (method !== 'HEAD' && method !== 'OPTIONS') out.push({ method, url });
    }
  }
  return out;
}

function fill(url: string, value: string): string {
  return url.replace(/:[a-z_]+/g, encodeURIComponent(value));
}

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['accounts', 'api_keys', 'applications', 'docket_entries', 'credit_ledger', 'sessions']) {
    const r = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(t.database.db);
    out[table] = Number(r.rows[0].n);
  }
  return out;
}

/**
 * The OAuth protocol endpoints (issue 9) answer in the shape their RFCs prescribe: JSON
 * `{error: "<code>", error_description}` (RFC 6749 §5.2, RFC 7591 §3.2.2) or, for the
 * browser-facing authorize endpoint and sign-in pages, an HTML page; refusals made before the
 * protocol sees the request are our error object. /oauth/userinfo is ours throughout.
 */
function isOAuthProtocol(url: string): boolean {
  return url.startsWith('/.well-known/') || (url.startsWith('/oauth/') && url !== '/oauth/userinfo');
}

function expectErrorObject(res: { statusCode: number; json: () => unknown; body: string; headers: Record<string, unknown> }, what: string, url = '') {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (isOAuthProtocol(url) && res.statusCode >= 400 && res.body.length > 0) {
    if (String(res.headers['content-type']).startsWith('text/html')) expect(res.body, what).toMatch(/^<!doctype html>/i);
    else {
      // Refusals made before the request reaches the protocol (NUL guard, body parsers) are ours.
      const body = res.json() as { error?: unknown };
      if (body.error === true)
        expect(body, what).toMatchObject({ error_code: expect.any(String), message: expect.any(String), agent_suggestion: expect.any(String) });
      else expect(body, what).toMatchObject({ error: expect.stringMatching(/^[a-z_]+$/) });
    }
    return;
  }
  if (res.statusCode >= 400 && res.body.length > 0) {
    expect(res.json(), what).toMatchObject({ error: true, error_code: expect.any(String), message: expect.any(String), agent_suggestion: expect.any(String) });
  }
}

// These tests send a request per route and per field (several hundred): a harness guard against a
// hang, not a speed check; beside other suites on two cores one took 30 s.
const EVERY_ROUTE_GUARD = 180_000;

describe('bad input on every route', () => {
  test('the route table was read', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/docket' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/deadlines/calculate' });
    expect(routes).toContainEqual({ method: 'DELETE', url: '/api/docket/:id' });
  });

  test(
    'malformed JSON, wrong types and oversized bodies: 4xx error objects, nothing stored',
    async () => {
      const writes = routes.filter((x) => x.method !== 'GET');
      // A fresh account per route, so the sweep is not throttled by its own rate limit.
      const credentials = [];
      for (const _ of writes) {
        const { cookie } = await signUp(t.app);
        credentials.push({ cookie, apiKey: await createKey(t.app, cookie) });
      }
      const before = await counts();
      const bodies: [string, string, string][] = [
        ['malformed', '{"email": "a@b.c", "password": ', 'application/json'],
        ['array', '[1,2,3]', 'application/json'],
        ['scalar', '42', 'application/json'],
        [
          'wrong types',
          JSON.stringify({ email: 5, password: [], name: {}, application_number: true, client_matter: 7, action: null, mailing_date: 20260101 }),
          'application/json',
        ],
        ['proto pollution', '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}', 'application/json'],
        ['text', 'hello', 'text/plain'],
        ['form', 'a=b', 'application/x-www-form-urlencoded'],
        // Larger than every route's body limit (the analyze route allows 4 MB for a 1 MB text).
        ['oversized', JSON.stringify({ notes: 'x'.repeat(5 * 1024 * 1024) }), 'application/json'],
      ];
      for (const [i, r] of writes.entries()) {
        const { cookie, apiKey } = credentials[i];
        for (const [name, payload, type] of bodies) {
          for (const headers of [{ cookie, 'x-api-key': apiKey }, {}]) {
            const res = await t.app.inject({
              method: r.method as 'POST',
              url: fill(r.url, 'x'),
              payload,
              headers: { 'content-type': type, ...headers },
              remoteAddress: randomIp(),
            });
            expectErrorObject(res, `${r.method} ${r.url} ${name}`, r.url);
            expect(res.statusCode, `${r.method} ${r.url} ${name} throttled`).not.toBe(429);
            if (isOAuthProtocol(r.url)) continue; // their own status codes (RFC 6749 §5.2), checked in test/oauth
            // A document of the file may come as a base64 file in JSON (13.4 MB for 10 MB): a 5 MB body
            // is within that route's limit, and is refused for its unknown field instead.
            if (name === 'oversized')
              expect(r.url === '/api/docket/:id/documents' ? [400, 401, 404] : [401, 404, 413], `${r.method} ${r.url}`).toContain(res.statusCode);
            // The docket import reads a CSV sent as text: plain text that is no docket file is 400 invalid_csv.
            const readsText = r.url === '/api/docket/import/preview' && name === 'text';
            if (name === 'text' || name === 'form')
              expect(readsText ? [400, 401, 404] : [401, 404, 415], `${r.method} ${r.url} ${name}`).toContain(res.statusCode);
          }
        }
      }
      expect(await counts()).toEqual(before);
    },
    EVERY_ROUTE_GUARD,
  );

  test(
    'odd Unicode and SQL metacharacters in path parameters, query strings and fields: never a 500',
    async () => {
      for (const r of routes) {
        // A fresh account per route, so the sweep is not throttled by its own rate limit.
        const fresh = await signUp(t.app);
        const cookie = fresh.cookie;
        const apiKey = await createKey(t.app, cookie);
        for (const odd of ODD) {
          const res = await t.app.inject({
            method: r.method as 'GET',
            url: `${fill(r.url, odd)}?limit=${encodeURIComponent(odd)}&within=${encodeURIComponent(odd)}&before=${encodeURIComponent(odd)}`,
            headers: { cookie, 'x-api-key': apiKey, 'content-type': 'application/json' },
            payload:
              r.method === 'GET' || r.method === 'DELETE'
                ? undefined
                : JSON.stringify({
                    email: odd,
                    password: odd,
                    name: odd,
                    application_number: odd,
                    client_matter: odd,
                    notes: odd,
                    action: odd,
                    mailing_date: odd,
                  }),
            remoteAddress: randomIp(),
          });
          expectErrorObject(res, `${r.method} ${r.url} ${JSON.stringify(odd.slice(0, 20))}`, r.url);
          expect(res.statusCode, `${r.method} ${r.url} throttled`).not.toBe(429);
        }
      }
      const nul = await t.app.inject({
        method: 'POST',
        url: '/api/docket',
        headers: { cookie },
        payload: { application_number: '17200011', notes: 'a\u0000b' },
        remoteAddress: randomIp(),
      });
      expect(nul.statusCode).toBe(400);
      expect(nul.json().message).toMatch(/body\.notes.*NUL/);
      // The tables are all still there and sane.
      expect((await counts()).accounts).toBeGreaterThan(0);
    },
    EVERY_ROUTE_GUARD,
  );

  test(
    'lone UTF-16 surrogates anywhere in a body, query or path: 400 naming the field on every route, nothing stored',
    async () => {
      // A fresh account per route (made before counting), so the sweep is not throttled by itself.
      const credentials = [];
      for (const _ of routes) {
        const fresh = await signUp(t.app);
        credentials.push({ cookie: fresh.cookie, apiKey: await createKey(t.app, fresh.cookie) });
      }
      const before = await counts();
      // JSON.stringify writes a lone surrogate as the escape \ud800, exactly what attackers send.
      const lone = ['\ud800', 'claim \udfff text', 'x\udbff'];
      const body = (v: string) =>
        JSON.stringify({
          name: v,
          email: v,
          password: v,
          application_number: v,
          client_matter: v,
          notes: v,
          office_action_text: v,
          claims: [{ number: 1, text: v }],
          attorney: { name: v },
          election: { group: v },
          input: { title: v, citation: v },
          text: v,
        });
      for (const [i, r] of routes.entries()) {
        for (const v of lone) {
          const headers = { cookie: credentials[i].cookie, 'x-api-key': credentials[i].apiKey, 'content-type': 'application/json' };
          const hasBody = r.method !== 'GET' && r.method !== 'DELETE';
          const res = await t.app.inject({
            method: r.method as 'POST',
            url: fill(r.url, 'x'),
            headers,
            payload: hasBody ? body(v) : undefined,
            remoteAddress: randomIp(),
          });
          expectErrorObject(res, `${r.method} ${r.url} body ${JSON.stringify(v)}`, r.url);
          const q = await t.app.inject({
            method: r.method as 'GET',
            url: `${r.url.replace(/:[a-z_]+/g, '%ED%A0%80')}?limit=%ED%A0%80&before=%ED%A0%80&q=%ED%B0%80x`,
            headers,
            payload: hasBody ? '{}' : undefined,
            remoteAddress: randomIp(),
          });
          expectErrorObject(q, `${r.method} ${r.url} query ${JSON.stringify(v)}`, r.url);
        }
      }
      const keyName = await t.app.inject({
        method: 'POST',
        url: '/api/keys',
        headers: { cookie, 'content-type': 'application/json' },
        payload: '{"name":"ci \\ud800 key"}',
        remoteAddress: randomIp(),
      });
      expect(keyName.statusCode).toBe(400);
      expect(keyName.json()).toMatchObject({ error_code: 'validation_error', message: expect.stringMatching(/body\.name.*surrogate/) });
      const notes = await t.app.inject({
        method: 'POST',
        url: '/api/docket',
        headers: { cookie, 'content-type': 'application/json' },
        payload: '{"application_number":"17200011","notes":"a\\udfffb"}',
        remoteAddress: randomIp(),
      });
      expect(notes.statusCode).toBe(400);
      expect(notes.json().message).toMatch(/body\.notes/);
      expect(await counts()).toEqual(before);
    },
    EVERY_ROUTE_GUARD,
  );

  test('odd Unicode that is valid input round-trips exactly', async () => {
    const { cookie } = await signUp(t.app);
    const entry = await t.app.inject({
      method: 'POST',
      url: '/api/docket',
      headers: { cookie },
      payload: { application_number: '17200011', client_matter: "O'Brien & Søn — 特許 🦄", notes: "'; DROP TABLE docket_entries; --" },
      remoteAddress: randomIp(),
    });
    expect(entry.statusCode).toBe(201);
    const got = await t.app.inject({ method: 'GET', url: `/api/docket/${entry.json().id}`, headers: { cookie }, remoteAddress: randomIp() });
    expect(got.json()).toMatchObject({ client_matter: "O'Brien & Søn — 特許 🦄", notes: "'; DROP TABLE docket_entries; --" });
  });
});
