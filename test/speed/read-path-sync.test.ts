/**
 * Reads cost no disk sync (issue 24, "no write or fsync on a read path"): on an on-disk embedded
 * database, repeated GET /api/credits with an API key and session reads of the docket, the audit
 * log and the signed-in person make no fsync(2), counted by the embedded database's own file
 * system (src/db/durable-pglite.ts). The writes a read causes are hints and statistics committed
 * without waiting for the WAL (src/db/async-commit.ts): the key's last-used stamp and the batched
 * usage counts, whose flush the test waits for inside the counted window.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAppOn, createKey, injectAsClient, randomIp, signUp, type TestApp } from '../support/app.ts';

let t: TestApp;
const dir = mkdtempSync(join(tmpdir(), 'prosa-read-sync-'));
beforeAll(async () => {
  t = await createAppOn({ PROSA_DATA_DIR: dir });
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const storedRequests = async (accountId: string) =>
  Number(
    (await sql<{ n: string }>`select coalesce(sum(requests), 0)::text as n from usage_hourly where account_id = ${accountId}`.execute(t.database.db)).rows[0].n,
  );

test('reads with an API key and a session, their last-used stamp and usage counts included, make no fsync', async () => {
  const fs = t.database.durableFs;
  expect(fs).toBeDefined();
  const { cookie, accountId } = await signUp(t.app);
  const key = await createKey(t.app, cookie);
  const ip = randomIp();
  const reads = [
    { url: '/api/credits', headers: { 'x-api-key': key } },
    { url: '/api/docket', headers: { cookie } },
    { url: '/api/audit', headers: { cookie } },
    { url: '/api/auth/me', headers: { cookie } },
  ];
  const before = fs!.syncCount;
  for (let i = 0; i < 10; i++) {
    for (const r of reads) expect((await injectAsClient(t.app, { method: 'GET', ...r, remoteAddress: ip })).statusCode).toBe(200);
  }
  // The key's first use stamped last_used_at; the usage counts of these reads are flushed in batches.
  expect(
    (await t.database.db.selectFrom('api_keys').select('last_used_at').where('account_id', '=', accountId).executeTakeFirstOrThrow()).last_used_at,
  ).not.toBeNull();
  await expect.poll(() => storedRequests(accountId), { timeout: 30_000 }).toBeGreaterThanOrEqual(40);
  expect(fs!.syncCount - before).toBe(0);
});
