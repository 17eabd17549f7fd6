// PostgreSQL only (the embedded database has no connection to lose): when the process's LISTEN
// connection for credential changes drops, the key and account caches are emptied and bypassed
// until it listens again, so a revocation committed meanwhile is never missed (issue 12).
import { afterAll, beforeAll, expect, test } from 'vitest';
import net from 'node:net';
import pg from 'pg';
import { CredentialCache } from '../src/auth/credential-cache.ts';
import { AccountCache } from '../src/auth/account-cache.ts';
import { GrantCache } from '../src/auth/grant-cache.ts';
import { listenForCredentialChanges } from '../src/auth/credential-listener.ts';
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
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'prosa-credential-listener'`,
    );
    await until(() => !t.app.credentialCache.enabled);
    expect(t.app.credentialCache.size).toBe(0);
    expect(t.app.grantCache.enabled).toBe(false);
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

/**
 * A TCP proxy to PostgreSQL that drops every NotificationResponse ('A') the server sends: what a
 * client sees behind a pooler in transaction mode, where LISTEN succeeds but nothing arrives.
 */
async function proxyDroppingNotifications(target: URL): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    let pending = Buffer.alloc(0);
    upstream.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      const keep: Buffer[] = [];
      while (pending.length >= 5) {
        const length = pending.readInt32BE(1);
        if (pending.length < 1 + length) break;
        const message = pending.subarray(0, 1 + length);
        if (message[0] !== 0x41) keep.push(message); // 'A': NotificationResponse
        pending = pending.subarray(1 + length);
      }
      if (keep.length) client.write(Buffer.concat(keep));
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((r) => server.close(() => r()));
    },
  };
}

test('behind a connection that never delivers notifications (a pooler in transaction mode) the caches stay off', async () => {
  const proxy = await proxyDroppingNotifications(new URL(t.database.connectionString!));
  const keys = new CredentialCache();
  const accounts = new AccountCache();
  const grants = new GrantCache();
  const errors: unknown[] = [];
  const listener = await listenForCredentialChanges({ ...t.database, connectionString: proxy.url }, { keys, accounts, grants }, (err) => errors.push(err));
  try {
    expect(keys.enabled).toBe(false);
    expect(accounts.enabled).toBe(false);
    expect(grants.enabled).toBe(false);
    expect(String(errors[0])).toMatch(/do not arrive/);
  } finally {
    await listener.close();
    await proxy.close();
  }
  // The same code on a direct connection turns them on.
  const direct = await listenForCredentialChanges(t.database, { keys, accounts, grants }, () => {});
  try {
    expect(keys.enabled).toBe(true);
    expect(grants.enabled).toBe(true);
  } finally {
    await direct.close();
  }
});
