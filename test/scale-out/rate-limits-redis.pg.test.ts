import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase, type Database } from '../../src/db/connect.ts';
import { createTestDatabaseUrl } from '../support/db.ts';
import { accountWithKey, perKeyRun, REDIS_URL, startStack, type Stack } from './support.ts';

/**
 * With REDIS_URL set, two `--role api` replicas behind HAProxy keep their rate-limit counters in
 * Redis (the standard store at scale): one API key still gets exactly the spec's 120 requests a
 * minute across both, and nothing is counted in PostgreSQL's `prosa_rate_limits`.
 */
let db: { url: string; drop: () => Promise<void> };
let direct: Database;
let stack: Stack;
const redis = new Redis(REDIS_URL);

beforeAll(async () => {
  db = await createTestDatabaseUrl();
  stack = await startStack({ databaseUrl: db.url, apis: 2, redis: true });
  direct = await openDatabase({ databaseUrl: db.url });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await direct?.close();
  await db?.drop();
  await redis.quit();
});

test('rate limits hold across replicas through Redis: one key gets exactly 120 a minute from both together', async () => {
  const { key } = await accountWithKey(stack.balancer.apiUrl);
  const keyId = (await direct.db.selectFrom('api_keys').select('id').where('name', '=', 'scale-out').executeTakeFirstOrThrow()).id;
  const run = await perKeyRun(stack.balancer.apiUrl, key);
  expect(run.admitted).toBe(120);
  expect(run.refused).toBe(10);
  expect(new Set(run.refusedCodes)).toEqual(new Set(['429 rate_limited']));
  expect(run.remaining).toEqual(Array.from({ length: 120 }, (_, i) => i));
  expect(Object.keys(run.servedBy).sort()).toEqual(['api1', 'api2']);

  // The counter is in Redis, with its window's TTL; PostgreSQL's table was not used at all.
  // All or nothing: the ten refused requests counted nowhere.
  const minuteKey = `prosa:rl:authenticated:m:key:${keyId}`;
  expect(await redis.get(minuteKey)).toBe('120');
  const ttl = await redis.pttl(minuteKey);
  expect(ttl).toBeGreaterThan(0);
  expect(ttl).toBeLessThanOrEqual(60_000);
  const table = await sql<{ exists: boolean }>`select to_regclass('prosa_rate_limits') is not null as exists`.execute(direct.db);
  if (table.rows[0].exists) {
    const rows = await sql<{ n: string }>`select count(*) as n from prosa_rate_limits`.execute(direct.db);
    expect(Number(rows.rows[0].n)).toBe(0);
  }
}, 60_000);
