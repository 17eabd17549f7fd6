import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createKey, createTestApp, signUp, type TestApp } from './support/app.ts';

let t: TestApp;
/** A route guarded by the X-API-Key plugin exactly as the retired REST endpoints are. */
const probe = (app: FastifyInstance) => app.get('/test/api-key-probe', { config: { auth: 'api_key' } }, async (req) => ({ account: req.principal?.accountId }));
beforeAll(async () => {
  t = await createTestApp({}, probe);
});
afterAll(async () => {
  await t?.close();
});

describe('API keys', () => {
  test('created once with prosa_sk_ + 30 base62 (39 chars); only a SHA-256 hash is stored', async () => {
    const { cookie } = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/keys', headers: { cookie }, payload: { name: 'Paralegal laptop' } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.key).toMatch(/^prosa_sk_[0-9A-Za-z]{30}$/);
    expect(body.key).toHaveLength(39);
    expect(body).toMatchObject({ name: 'Paralegal laptop', status: 'active', prefix: `${body.key.slice(0, 13)}…` });
    const rows = await t.database.db.selectFrom('api_keys').selectAll().where('id', '=', body.id).execute();
    expect(JSON.stringify(rows)).not.toContain(body.key);
    expect(rows[0].key_hash).toMatch(/^[0-9a-f]{64}$/);

    const list = await t.app.inject({ method: 'GET', url: '/api/keys', headers: { cookie } });
    expect(list.json().keys).toEqual([expect.objectContaining({ id: body.id, name: 'Paralegal laptop', prefix: body.prefix, last_used_at: null })]);
    expect(list.body).not.toContain(body.key);
  });

  test('the X-API-Key plugin: missing → 401 missing_api_key; unknown → 401 invalid_api_key; valid → the account', async () => {
    const { cookie, accountId } = await signUp(t.app);
    const key = await createKey(t.app, cookie);
    const missing = await t.app.inject({ method: 'GET', url: '/test/api-key-probe' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ error: true, error_code: 'missing_api_key', agent_suggestion: expect.stringContaining('API key') });
    const unknown = await t.app.inject({ method: 'GET', url: '/test/api-key-probe', headers: { 'x-api-key': `prosa_sk_${'A'.repeat(30)}` } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error_code).toBe('invalid_api_key');
    const garbage = await t.app.inject({ method: 'GET', url: '/test/api-key-probe', headers: { 'x-api-key': "' OR 1=1 --" } });
    expect(garbage.json().error_code).toBe('invalid_api_key');
    const ok = await t.app.inject({ method: 'GET', url: '/test/api-key-probe', headers: { 'x-api-key': key } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().account).toBe(accountId);
    const list = await t.app.inject({ method: 'GET', url: '/api/keys', headers: { cookie } });
    expect(list.json().keys[0].last_used_at).not.toBeNull();
  });

  test('a revoked key is refused; revoking is idempotent', async () => {
    const { cookie } = await signUp(t.app);
    const key = await createKey(t.app, cookie);
    const id = (await t.app.inject({ method: 'GET', url: '/api/keys', headers: { cookie } })).json().keys[0].id;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: { cookie } });
    expect(del.statusCode).toBe(200);
    expect(del.json().status).toBe('revoked');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: { cookie } })).json().status).toBe('revoked');
    const res = await t.app.inject({ method: 'GET', url: '/test/api-key-probe', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error_code).toBe('invalid_api_key');
  });

  test("another account's key answers 404 and stays active", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const keyA = await createKey(t.app, a.cookie);
    const idA = (await t.app.inject({ method: 'GET', url: '/api/keys', headers: { cookie: a.cookie } })).json().keys[0].id;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/keys/${idA}`, headers: { cookie: b.cookie } });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/test/api-key-probe', headers: { 'x-api-key': keyA } })).statusCode).toBe(200);
    const listB = await t.app.inject({ method: 'GET', url: '/api/keys', headers: { cookie: b.cookie } });
    expect(listB.json().keys).toEqual([]);
  });

  test('keys are managed from a session only: an API key cannot mint keys', async () => {
    const { cookie } = await signUp(t.app);
    const key = await createKey(t.app, cookie);
    const res = await t.app.inject({ method: 'POST', url: '/api/keys', headers: { 'x-api-key': key }, payload: { name: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});
