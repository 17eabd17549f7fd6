import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, signUp, type TestApp } from './support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health and errors', () => {
  test('GET /health reports the database and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', version: expect.any(String) });
  });

  test('unknown route answers the error object', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: true, error_code: 'route_not_found' });
  });

  test('a known path with the wrong method answers 405 with Allow (RFC 9110 §15.5.6), not 404', async () => {
    const analyze = await t.app.inject({ method: 'GET', url: '/v1/prosa/analyze' });
    expect(analyze.statusCode).toBe(405);
    expect(analyze.headers.allow).toBe('POST');
    expect(analyze.json()).toMatchObject({ error: true, error_code: 'method_not_allowed', agent_suggestion: expect.stringContaining('POST') });
    const docket = await t.app.inject({ method: 'PUT', url: '/api/docket/some-id' });
    expect(docket.statusCode).toBe(405);
    expect(docket.headers.allow).toBe('GET, PATCH, DELETE');
    const lookup = await t.app.inject({ method: 'DELETE', url: '/v1/prosa/lookup/17200011' });
    expect(lookup.statusCode).toBe(405);
    expect(lookup.headers.allow).toBe('GET');
    // A path that exists under no method stays 404.
    expect((await t.app.inject({ method: 'POST', url: '/v1/prosa/nothing-here' })).statusCode).toBe(404);
  });

  test('signup gives 25.00 welcome credits', async () => {
    const { cookie } = await signUp(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/credits', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ balance: '25.00', status: 'low' });
    expect(res.headers['x-credit-balance']).toBe('25.00');
  });
});
