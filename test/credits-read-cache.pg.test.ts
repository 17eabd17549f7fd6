/**
 * PostgreSQL only (several API processes on one database, issue 24): a ledger page one process
 * keeps in memory is never served after another process changed it. Each read compares the page's
 * version (migration 036) in the statement that reads the balance, so nothing waits for the
 * change notification; checked here with the notification channel cut off altogether.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAppOn, createKey, createTestApp, injectAsClient, randomIp, signUp, type TestApp } from './support/app.ts';
import { runAdminOp } from '../src/cli/admin-ops.ts';

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createAppOn({ DATABASE_URL: a.database.connectionString! });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const credits = async (t: TestApp, key: string, query = '') => {
  const res = await injectAsClient(t.app, { method: 'GET', url: `/api/credits${query}`, headers: { 'x-api-key': key }, remoteAddress: randomIp() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { balance: string; entries: { id: string; kind: string; description: string }[] };
};

test('a write through one process is seen by the very next read through another, with no notification', async () => {
  const owner = await signUp(a.app);
  const key = await createKey(a.app, owner.cookie);
  // Process b would hear of changes only through notifications: without any, its pages must still be right.
  b.app.ledgerPageCache.setEnabled(false);
  for (let i = 1; i <= 3; i++) {
    const held = await credits(b, key);
    expect(await credits(b, key)).toEqual(held); // kept
    await runAdminOp(a.database.db, 'credits.grant', { email: owner.email, amount: String(i), reason: `grant ${i}` });
    const seen = await credits(b, key);
    expect(seen.entries[0]).toMatchObject({ kind: 'grant', description: `grant ${i}` });
    expect(seen.balance).not.toBe(held.balance);
  }
  expect(b.app.ledgerPageCache.size).toBeGreaterThan(0);
});
