import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Fastify from 'fastify';
import { createTestApp, injectAsClient, signUp, type TestApp } from './support/app.ts';
import { rateLimitPlugin } from '../src/http/plugins/rate-limit.ts';
import { errorHandlingPlugin } from '../src/http/plugins/errors.ts';
import { restV1Surface } from '../src/http/surfaces/rest-v1.ts';
import { accountApiSurface } from '../src/http/surfaces/account-api.ts';

/**
 * The HTTP server is one plugin per surface (docs/decisions/http-server.md): a surface's hooks
 * answer only its own requests, and a plugin registered without the shared plugins it names
 * refuses to boot, saying which one is missing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('hooks stay in their surface', () => {
  test('a /v1 answer carries the deprecation headers; /api, OAuth, health and the web app do not', async () => {
    const v1 = await injectAsClient(t.app, { method: 'GET', url: '/v1/prosa/lookup/not-a-number' });
    expect(v1.statusCode).toBe(404);
    expect(v1.headers.deprecation).toMatch(/^@\d+$/);
    expect(v1.headers.sunset).toBe('Fri, 31 Dec 2027 23:59:59 GMT');
    expect(v1.headers.link).toBe('<http://prosa.test/mcp>; rel="successor-version"');
    for (const url of ['/api/pricing', '/.well-known/oauth-authorization-server', '/health', '/api/nothing-here', '/nothing-here']) {
      const res = await injectAsClient(t.app, { method: 'GET', url });
      expect(res.headers['x-request-id'], url).toBeTruthy();
      expect(res.headers.deprecation, url).toBeUndefined();
      expect(res.headers.sunset, url).toBeUndefined();
    }
  });

  test("/v1's own misses (404 and 405) carry them too, with the shared error object; the bare prefix never did", async () => {
    const miss = await injectAsClient(t.app, { method: 'GET', url: '/v1/prosa/nothing-here' });
    expect(miss.statusCode).toBe(404);
    expect(miss.json()).toMatchObject({ error: true, error_code: 'route_not_found' });
    expect(miss.headers.deprecation).toMatch(/^@\d+$/);
    const wrongMethod = await injectAsClient(t.app, { method: 'DELETE', url: '/v1/prosa/lookup/17200011' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toBe('GET');
    expect(wrongMethod.headers.deprecation).toMatch(/^@\d+$/);
    const bare = await injectAsClient(t.app, { method: 'GET', url: '/v1' });
    expect(bare.statusCode).toBe(404);
    expect(bare.headers.deprecation).toBeUndefined();
  });

  test('usage headers come from the surface of an authenticated route', async () => {
    const { cookie } = await signUp(t.app);
    const me = await injectAsClient(t.app, { method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.headers['x-credit-balance']).toBe('25.00');
    expect(me.headers.deprecation).toBeUndefined();
    const free = await injectAsClient(t.app, { method: 'GET', url: '/api/pricing', headers: { cookie } });
    expect(free.headers['x-credit-balance']).toBeUndefined();
  });

  test('routes declared relative to their prefix keep their full public paths', () => {
    for (const [method, url] of [
      ['GET', '/v1/prosa/lookup/:application_number'],
      ['GET', '/v1/openapi.json'],
      ['PATCH', '/api/docket/:id'],
      ['GET', '/api/openapi.json'],
      ['GET', '/calendar/:token.ics'],
      ['POST', '/oauth/token'],
      ['POST', '/unsubscribe'],
    ] as const) {
      expect(t.app.hasRoute({ method, url }), `${method} ${url}`).toBe(true);
    }
    expect(t.app.hasRoute({ method: 'GET', url: '/lookup/:application_number' })).toBe(false);
    expect(t.app.hasRoute({ method: 'PATCH', url: '/docket/:id' })).toBe(false);
  });
});

describe('declared dependencies are checked at boot', () => {
  test('a shared plugin registered without the plugin it depends on fails with a message naming both', async () => {
    const app = Fastify({ logger: false });
    app.register(rateLimitPlugin(t.ctx));
    await expect(app.ready()).rejects.toThrow(/The dependency 'prosa-auth' of plugin 'prosa-rate-limit' is not registered/);
    await app.close().catch(() => {});
  });

  test('a surface registered before the shared plugins fails with a message naming the first one missing', async () => {
    const app = Fastify({ logger: false });
    app.register(restV1Surface(t.ctx), { prefix: '/v1' });
    await expect(app.ready()).rejects.toThrow(/The dependency 'prosa-errors' of plugin 'prosa-rest-v1' is not registered/);
    await app.close().catch(() => {});

    const partial = Fastify({ logger: false });
    partial.register(errorHandlingPlugin);
    partial.register(accountApiSurface(t.ctx), { prefix: '/api' });
    await expect(partial.ready()).rejects.toThrow(/The dependency 'prosa-auth' of plugin 'prosa-account-api' is not registered/);
    await partial.close().catch(() => {});
  });
});
