// PostgreSQL only (the embedded database has no connection to lose): when the process's LISTEN
// connection for credential changes drops, the key and account caches are emptied and bypassed
// until it listens again, so a revocation committed meanwhile is never missed (issue 12).
import { afterAll, beforeAll, expect, test } from 'vitest';
import pg from 'pg';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from './support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const me = (key: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { 'x-api-key': key }, remoteAddress: randomIp() });

async function until(ok: () => boolean): Promise<void> {
  const started = Date.now();
  while (!ok()) {
    if (Date.now() - started > 5000) throw new Error('not seen within 5 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('both caches are emptied and bypassed until it listens again, so a revocation meanwhile is not missed', async () => {
  const s = await signUp(t.app);
  const key = await createKey(t.app, s.cookie);
  expect((await me(key)).statusCode).toBe(200);
  expect((await me(key)).statusCode).toBe(200); // now answered from memory
  expect(t.app.credentialCache.size).toBeGreaterThan(0);
  const keyId = (await t.app.inject({ method: 'GET', url: '/api/keys', headers: { cookie: s.cookie }, remoteAddress: randomIp() })).json().keys[0].id;
  const admin = new pg.Client({ connectionString: t.database.connectionString });
  await admin.connect();
  try {
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen prosa_credentials%'`);
    await until(() => !t.app.credentialCache.enabled);
    expect(t.app.credentialCache.size).toBe(0);
    // A revocation while nobody listens: the bypassed cache cannot serve the key.
    await admin.query('update api_keys set revoked_at = now() where id = $1', [keyId]);
    const refused = await me(key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error_code: 'invalid_api_key' });
    // The listener reconnects (after about a second) and the cache serves again.
    await until(() => t.app.credentialCache.enabled);
  } finally {
    await admin.end();
  }
});
