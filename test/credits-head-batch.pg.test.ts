/**
 * PostgreSQL only: GET /api/credits reads the balance and the ledger page's version in one
 * statement, and reads that arrive while that statement is under way share the next one
 * (src/queries/credit-heads.ts), each still answered by a statement that began after it did.
 * Counted, not timed: the first read's statement is held in PostgreSQL by a table lock until the
 * two reads that follow are waiting for the next statement.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createKey, createTestApp, injectAsClient, randomIp, signUp, type TestApp } from './support/app.ts';
import { logStatements } from './support/statement-log.ts';
import { runAdminOp } from '../src/cli/admin-ops.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const credits = async (key: string) => {
  const res = await injectAsClient(t.app, { method: 'GET', url: '/api/credits', headers: { 'x-api-key': key }, remoteAddress: randomIp() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { balance: string; entries: { description: string }[] };
};

async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((r) => setTimeout(r, 5));
}

/** Until a balance statement waits for the test's lock in PostgreSQL. */
const untilLockWaits = () =>
  until(async () => {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%page_version%'`.execute(t.database.db);
    return rows[0].n > 0;
  });

test('reads that arrive while a balance statement is under way share the next one', async () => {
  const first = await signUp(t.app);
  const second = await signUp(t.app);
  const [key1, key2] = [await createKey(t.app, first.cookie), await createKey(t.app, second.cookie)];
  await runAdminOp(t.database.db, 'credits.grant', { email: second.email, amount: '5', reason: 'second account' });
  const held1 = await credits(key1); // credentials and pages kept: the reads below run the balance statement only
  const held2 = await credits(key2);

  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const locked = Promise.withResolvers<void>();
  const holder = t.database.db.transaction().execute(async (trx) => {
    await sql`lock table credit_balances in access exclusive mode`.execute(trx);
    locked.resolve();
    await released;
  });
  await locked.promise;

  const log = logStatements(t.database.db);
  try {
    const a = credits(key1); // its statement waits for the lock
    await untilLockWaits();
    const [b, c] = [credits(key1), credits(key2)];
    await until(() => t.app.creditHeads.waiting === 2);
    release();
    await holder;
    expect(await a).toEqual(held1);
    expect(await b).toEqual(held1);
    expect(await c).toEqual(held2);
  } finally {
    release();
    log.stop();
  }
  const heads = log.statements.filter((s) => /^select .*page_version from accounts/.test(s.sql));
  expect(heads).toHaveLength(2); // one for the first read, one for the two that waited
});

test('a read begun after a grant committed sees it, with other reads in flight beside it', async () => {
  const owner = await signUp(t.app);
  const key = await createKey(t.app, owner.cookie);
  await credits(key);
  const reads = [];
  for (let i = 1; i <= 3; i++) {
    reads.push(credits(key)); // in flight beside the grant and the read after it
    await runAdminOp(t.database.db, 'credits.grant', { email: owner.email, amount: String(i), reason: `grant ${i}` });
    expect((await credits(key)).entries[0].description).toBe(`grant ${i}`);
  }
  await Promise.all(reads);
});
