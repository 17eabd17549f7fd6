// Verified API keys and balances kept in memory (credential-cache.ts, account-cache.ts) and usage
// counted in memory (usage-counter.ts), issue 12: a revoked key stops working at once, in this
// app and in another app on the same database; a balance or account change shows; usage counts
// stay exact and reach the database on close. On both databases.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from './support/app.ts';
import { onPostgres } from './support/db.ts';
import { buildApp } from '../src/http/app.ts';
import { openDatabase, type Database } from '../src/db/connect.ts';
import { createRateLimits, type RateLimits } from '../src/serving/rate-limits/rate-limit-store.ts';
import { creditCharger } from '../src/commands/credit-charger.ts';
import { credits } from '../src/domain/money.ts';
import type { FastifyInstance } from 'fastify';

let t: TestApp;
/** A second app (a replica) on the same database: on PostgreSQL with its own pool and LISTEN connection. */
let replica: { app: FastifyInstance; close(): Promise<void> };

beforeAll(async () => {
  t = await createTestApp();
  let database: Database = t.database;
  let rateLimits: RateLimits | undefined;
  if (t.database.connectionString) {
    database = await openDatabase({ databaseUrl: t.database.connectionString, poolSize: 4 });
  }
  rateLimits = await createRateLimits({ connectionString: database.connectionString });
  const app = await buildApp({ ...t.ctx, database, rateLimits }, { logger: false });
  await app.ready();
  replica = {
    app,
    async close() {
      await app.close();
      await rateLimits?.close();
      if (database !== t.database) await database.close();
    },
  };
});
afterAll(async () => {
  if (delays.length) console.log(`PostgreSQL change-notification delays seen (ms): ${delays.map((d) => d.toFixed(1)).join(', ')}`);
  await replica?.close();
  await t?.close();
});

/** The SQL of every statement the app's database runs during `fn` (wraps Kysely's executor). */
async function countStatements(database: Database, fn: () => Promise<unknown>): Promise<string[]> {
  const executor = database.db.getExecutor() as unknown as { executeQuery: (q: { sql: string }, ...rest: unknown[]) => Promise<unknown> };
  const original = executor.executeQuery;
  const seen: string[] = [];
  executor.executeQuery = function (q, ...rest) {
    seen.push(q.sql);
    return original.call(this, q, ...rest);
  };
  try {
    await fn();
  } finally {
    executor.executeQuery = original;
  }
  return seen;
}

const me = (app: FastifyInstance, key: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { 'x-api-key': key }, remoteAddress: randomIp() });

/** How long a change took to show in an app: requests made (1 = the first saw it) and milliseconds. */
interface Seen {
  attempts: number;
  ms: number;
}
/** PostgreSQL: the delays observed, printed at the end (the bound docs/decisions/scale-out-and-speed.md states). */
const delays: number[] = [];

/**
 * On the embedded database a change notification is handled before the committing statement
 * returns, so the first request after a change sees it. On PostgreSQL it arrives over the LISTEN
 * connection after the commit: poll (every 5 ms, at most 2 s) and record the delay.
 */
function expectPrompt(seen: Seen): void {
  if (!onPostgres()) expect(seen.attempts).toBe(1);
  else {
    delays.push(seen.ms);
    expect(seen.ms).toBeLessThan(1000);
  }
}

/** Requests until `app` refuses `key`. */
async function untilRefused(app: FastifyInstance, key: string): Promise<Seen> {
  const started = performance.now();
  for (let attempts = 1; ; attempts++) {
    const res = await me(app, key);
    if (res.statusCode === 401) {
      expect(res.json()).toMatchObject({ error_code: 'invalid_api_key' });
      return { attempts, ms: performance.now() - started };
    }
    expect(res.statusCode).toBe(200);
    if (performance.now() - started > 2000) throw new Error('the revoked key still works after 2 s');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Reads until `ok` holds. */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<Seen> {
  const started = performance.now();
  for (let attempts = 1; ; attempts++) {
    if (ok(await read())) return { attempts, ms: performance.now() - started };
    if (performance.now() - started > 2000) throw new Error('not seen within 2 s');
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function warmKey(): Promise<{ cookie: string; accountId: string; key: string; keyId: string }> {
  const s = await signUp(t.app);
  const key = await createKey(t.app, s.cookie);
  for (const app of [t.app, replica.app]) {
    expect((await me(app, key)).statusCode).toBe(200);
    expect((await me(app, key)).statusCode).toBe(200); // now answered from memory
  }
  const keys = (await t.app.inject({ method: 'GET', url: '/api/keys', headers: { cookie: s.cookie }, remoteAddress: randomIp() })).json().keys;
  return { ...s, key, keyId: keys[0].id };
}

describe('verified keys kept in memory', () => {
  test('the caches serve only while change notifications are listened to', () => {
    for (const app of [t.app, replica.app]) {
      expect(app.credentialCache.enabled).toBe(true);
      expect(app.accountCache.enabled).toBe(true);
    }
  });

  test('a warm GET /api/auth/me makes no database statement (usage is written later, in a batch)', async () => {
    const { key } = await warmKey();
    await t.app.usageCounter.flush();
    const statements = await countStatements(t.database, () => me(t.app, key));
    expect(statements).toEqual([]);
    // The request's count is written by the next flush: one statement.
    const flushed = await countStatements(t.database, () => t.app.usageCounter.flush());
    expect(flushed).toHaveLength(1);
    expect(flushed[0]).toMatch(/insert into usage_hourly/);
  });

  test('a key revoked through the API is refused by the next request, in this app and in the other', async () => {
    const { cookie, key, keyId } = await warmKey();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/keys/${keyId}`, headers: { cookie }, remoteAddress: randomIp() });
    expect(del.statusCode).toBe(200);
    // This app forgets its own revocation before answering it.
    const next = await me(t.app, key);
    expect(next.statusCode).toBe(401);
    expect(next.json()).toMatchObject({ error_code: 'invalid_api_key' });
    expectPrompt(await untilRefused(replica.app, key));
  });

  test('a key revoked behind the app (an operator in psql, prosa admin) is refused by both apps', async () => {
    const { key, keyId } = await warmKey();
    await t.database.db.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', keyId).execute();
    for (const app of [t.app, replica.app]) expectPrompt(await untilRefused(app, key));
  });

  test('a key deleted with its row is refused', async () => {
    const { key, keyId } = await warmKey();
    await t.database.db.deleteFrom('api_keys').where('id', '=', keyId).execute();
    for (const app of [t.app, replica.app]) expectPrompt(await untilRefused(app, key));
  });
});

describe('balances and accounts kept in memory', () => {
  test('a charge shows in /api/auth/me and the usage headers of both apps', async () => {
    const { accountId, key } = await warmKey();
    for (const app of [t.app, replica.app]) expect((await me(app, key)).json().credits.balance).toBe('25.00');
    await creditCharger(
      t.database.db,
      { accountId: null, via: 'system' },
      { accountId, amountMicro: credits(20), kind: 'usage_tokens', description: 'test charge' },
    );
    for (const app of [t.app, replica.app]) {
      expectPrompt(
        await until(
          () => me(app, key),
          (r) => r.json().credits.balance === '5.00',
        ),
      );
      const res = await me(app, key);
      expect(res.json().credits).toEqual({ balance: '5.00', status: 'very_low' });
      expect(res.headers['x-credit-balance']).toBe('5.00');
      expect(res.headers['x-balance-status']).toBe('very_low');
    }
  });

  test('an account change (PATCH /api/account) shows in /api/auth/me of both apps', async () => {
    const { cookie, key } = await warmKey();
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: { cookie },
      payload: { display_name: 'Renamed Practitioner' },
      remoteAddress: randomIp(),
    });
    expect(patch.statusCode).toBe(200);
    // The app that made the change forgot the account before answering: its next read sees it
    // on both databases; the other app hears of it through the notification.
    expect((await me(t.app, key)).json().account.display_name).toBe('Renamed Practitioner');
    expectPrompt(
      await until(
        () => me(replica.app, key),
        (r) => r.json().account.display_name === 'Renamed Practitioner',
      ),
    );
  });

  test("a member's own practitioner profile (read with the key, migration 033) shows in /api/auth/me of both apps", async () => {
    const { cookie, key } = await warmKey();
    for (const app of [t.app, replica.app]) expect((await me(app, key)).json().account.practitioner).toBeNull();
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: { cookie },
      payload: { practitioner: { name: 'Kim Keyholder', registration_number: '74444' } },
      remoteAddress: randomIp(),
    });
    expect(patch.statusCode, patch.body).toBe(200);
    // The app that made the change forgot the member's keys before answering; the other hears of it (the member trigger).
    expect((await me(t.app, key)).json().account.practitioner).toMatchObject({ name: 'Kim Keyholder' });
    expectPrompt(
      await until(
        () => me(replica.app, key),
        (r) => r.json().account.practitioner?.name === 'Kim Keyholder',
      ),
    );
  });
});

// When the LISTEN connection drops (PostgreSQL only): test/auth-cache-listen.pg.test.ts.

describe('usage counted in memory', () => {
  test('each admitted request adds exactly one to the hour and day figures, across flushes', async () => {
    // Only this app serves this account (another replica's counts join the figures once flushed).
    const s = await signUp(t.app);
    const key = await createKey(t.app, s.cookie);
    const hours: number[] = [];
    for (let i = 0; i < 6; i++) {
      if (i === 3) await t.app.usageCounter.flush();
      const res = await me(t.app, key);
      hours.push(Number(res.headers['x-usage-requests-hour']));
      expect(Number(res.headers['x-usage-requests-today'])).toBeGreaterThanOrEqual(hours[i]);
    }
    expect(hours).toEqual([2, 3, 4, 5, 6, 7]); // the key creation was the first
  });

  test('counts not yet written reach usage_hourly when the app closes', async () => {
    const other = await createTestApp();
    try {
      const s = await signUp(other.app);
      const key = await createKey(other.app, s.cookie);
      for (let i = 0; i < 7; i++) expect((await me(other.app, key)).statusCode).toBe(200);
      await other.app.close(); // the database stays open until other.close()
      const row = await other.database.db
        .selectFrom('usage_hourly')
        .select((eb) => eb.fn.sum<string>('requests').as('n'))
        .where('account_id', '=', s.accountId)
        .executeTakeFirst();
      expect(Number(row?.n)).toBe(7 + 1); // seven reads and the key creation (sign-up is not authenticated)
    } finally {
      await other.close();
    }
  });
});
