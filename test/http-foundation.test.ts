import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, signUp, type TestApp } from './support/app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

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

  test('signup gives 25.00 welcome credits', async () => {
    const { cookie } = await signUp(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/credits', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ balance: '25.00', status: 'low' });
    expect(res.headers['x-credit-balance']).toBe('25.00');
  });
});
