import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, type TestApp } from '../support/app.ts';
import { WEB_DIST } from '../../src/http/routes/web/spa.ts';

let t: TestApp;
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = html) => t.app.inject({ method: 'GET', url, headers, remoteAddress: randomIp() });

describe('the web application at /', () => {
  test('/ is the app shell, never cached', async () => {
    const res = await get('/', {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  test('client routes get the app when a browser navigates to them', async () => {
    for (const path of ['/settings/billing', '/docket', '/applications/17200011', '/settings/billing?checkout=success&session_id=cs_test_1', '/signin']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('<div id="root"></div>');
    }
  });

  test('hashed assets are served with a year of immutable caching; a missing one is a 404', async () => {
    const asset = readdirSync(join(WEB_DIST, 'assets')).find((f) => f.endsWith('.js'))!;
    const res = await get(`/assets/${asset}`, {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    const missing = await get('/assets/index-gone.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: true, error_code: 'route_not_found' });
    expect((await get('/favicon.svg', {})).statusCode).toBe(200);
  });

  test('the API, OAuth, MCP, discovery, calendar and operations paths are never shadowed', async () => {
    const notFound = [
      '/api/nope',
      '/api',
      '/v1/nothing',
      '/oauth/nothing-here',
      '/mcp/x',
      '/.well-known/nothing',
      '/calendar/nothing',
      '/health/x',
      '/metrics/x',
    ];
    for (const path of notFound) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json(), path).toMatchObject({ error: true, error_code: 'route_not_found' });
    }
    const wrongMethod = await get('/api/auth/signup');
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toBe('POST');
    expect((await get('/v1/prosa/analyze')).statusCode).toBe(405);
    expect((await get('/health')).json()).toMatchObject({ status: 'ok' });
    expect((await get('/.well-known/oauth-authorization-server')).json()).toMatchObject({ issuer: 'http://prosa.test' });
    expect((await get('/api/auth/me')).statusCode).toBe(401);
    expect((await get('/metrics', {})).body).toContain('# HELP');
  });

  test('scripts asking for an unknown path keep the error object', async () => {
    const res = await get('/nope', { accept: '*/*' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error_code: 'route_not_found' });
  });

  test('no path escapes the build directory', async () => {
    for (const path of ['/..%2F..%2Fpackage.json', '/%2e%2e/%2e%2e/package.json', '/assets/..%2F..%2F..%2Fpackage.json']) {
      const res = await get(path, {});
      expect(res.body, path).not.toContain('"dependencies"');
    }
  });

  test('an unbuilt app answers / with 503 and how to build it', async () => {
    const { buildApp } = await import('../../src/http/app.ts');
    const app = await buildApp(t.ctx, { logger: false, webRoot: mkdtempSync(join(tmpdir(), 'prosa-noweb-')) });
    try {
      const res = await app.inject({ method: 'GET', url: '/', remoteAddress: randomIp() });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build:web');
    } finally {
      await app.close();
    }
  });
});
