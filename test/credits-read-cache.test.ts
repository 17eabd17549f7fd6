/**
 * GET /api/credits keeps ledger pages in memory (issue 24; src/queries/ledger-page-cache.ts):
 * a repeated read runs no statement on the embedded database and one (the balance with the
 * page's version) on PostgreSQL, and every write that changes what a page shows is seen by the
 * next read: grants through the CLI's operation, charges, the docket's client matter, a member's
 * name, the model multiplier, a ledger line written in SQL by an operator. Work is counted, not timed.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createKey, createTestApp, injectAsClient, randomIp, signUp, type TestApp } from './support/app.ts';
import { analyzeOa } from './support/drafts.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';
import { runAdminOp } from '../src/cli/admin-ops.ts';
import { creditCharger } from '../src/commands/credit-charger.ts';
import { postLedgerEntry } from '../src/commands/credit-ledger.ts';
import { LedgerPageCache } from '../src/queries/ledger-page-cache.ts';

let t: TestApp;
let owner: { cookie: string; email: string; accountId: string };
let key: string;
let analysisId: string;

interface Line {
  id: string;
  kind: string;
  amount: string;
  reference: string | null;
  client_matter: string | null;
  member: { name: string | null } | null;
}
interface Page {
  balance: string;
  model_multiplier: number;
  entries: Line[];
  next_cursor: string | null;
}

async function credits(query = '', apiKey = key): Promise<Page> {
  const res = await injectAsClient(t.app, { method: 'GET', url: `/api/credits${query}`, headers: { 'x-api-key': apiKey }, remoteAddress: randomIp() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Statements the app's database runs during `fn`: through Kysely, and straight to PGlite. */
async function statements(fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const executor = t.database.db.getExecutor() as unknown as { executeQuery: (q: { sql: string }, ...rest: unknown[]) => Promise<unknown> };
  const original = executor.executeQuery;
  executor.executeQuery = function (q, ...rest) {
    seen.push(q.sql);
    return original.call(this, q, ...rest);
  };
  const pglite = t.database.pglite as unknown as Record<'query' | 'exec', (text: string, ...rest: unknown[]) => Promise<unknown>> | undefined;
  const direct = pglite ? { query: pglite.query, exec: pglite.exec } : undefined;
  if (pglite && direct) {
    for (const m of ['query', 'exec'] as const) {
      pglite[m] = function (this: unknown, text: string, ...rest: unknown[]) {
        seen.push(text);
        return direct[m].call(this, text, ...rest);
      };
    }
  }
  try {
    await fn();
  } finally {
    executor.executeQuery = original;
    if (pglite && direct) Object.assign(pglite, direct);
  }
  return seen;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, '2026-11-21');
  owner = await signUp(t.app);
  key = await createKey(t.app, owner.cookie);
  const docket = await t.app.inject({
    method: 'POST',
    url: '/api/docket',
    headers: { cookie: owner.cookie },
    payload: { application_number: '17/200,011', client_matter: 'ACME-1' },
    remoteAddress: randomIp(),
  });
  expect(docket.statusCode, docket.body).toBe(201);
  analysisId = (await analyzeOa(t.app, key)).analysis_id;
});
afterAll(async () => {
  await t?.close();
});

test('a repeated read runs no statement on the embedded database and one on PostgreSQL', async () => {
  const first = await credits();
  const again = await statements(async () => expect(await credits()).toEqual(first));
  if (t.database.kind === 'pglite') expect(again).toEqual([]);
  else {
    expect(again).toHaveLength(1);
    expect(again[0]).toMatch(/page_version/);
  }
  // A cold page (another cursor) reads the ledger; read again, it does not.
  const cold = await statements(() => credits('?limit=1'));
  expect(cold.some((s) => /credit_ledger/.test(s))).toBe(true);
  expect((await statements(() => credits('?limit=1'))).some((s) => /credit_ledger/.test(s))).toBe(false);
});

test('every write that changes the page is seen by the next read', async () => {
  const usage = (p: Page) => p.entries.find((e) => e.reference === analysisId)!;
  const before = await credits();
  await credits('?limit=1');
  expect(usage(before)).toMatchObject({ kind: 'usage_tokens', client_matter: 'ACME-1' });

  // An operator's grant (`prosa credits grant`, the admin socket's operation).
  await runAdminOp(t.database.db, 'credits.grant', { email: owner.email, amount: '7', reason: 'goodwill' });
  const granted = await credits();
  expect(granted.entries[0]).toMatchObject({ kind: 'grant', amount: '7.00' });
  expect(granted.balance).not.toBe(before.balance);
  expect((await credits('?limit=1')).entries[0].id).toBe(granted.entries[0].id);

  // A charge (what analyses, drafts and exports post).
  await creditCharger(
    t.database.db,
    { accountId: owner.accountId, via: 'system' },
    { accountId: owner.accountId, amountMicro: 1_500_000n, kind: 'export', description: 'IDS' },
  );
  const charged = await credits();
  expect(charged.entries[0]).toMatchObject({ kind: 'export', amount: '-1.50' });
  expect(charged.balance).not.toBe(granted.balance);

  // The docket entry's client matter, through the API.
  const entry = (await injectAsClient(t.app, { method: 'GET', url: '/api/docket', headers: { cookie: owner.cookie }, remoteAddress: randomIp() })).json()
    .entries[0];
  const patched = await injectAsClient(t.app, {
    method: 'PATCH',
    url: `/api/docket/${entry.id}`,
    headers: { cookie: owner.cookie },
    payload: { client_matter: 'ACME-2' },
    remoteAddress: randomIp(),
  });
  expect(patched.statusCode, patched.body).toBe(200);
  expect(usage(await credits()).client_matter).toBe('ACME-2');

  // The member who acted, renamed by an operator in SQL.
  await sql`update members set display_name = 'Renamed Person' where account_id = ${owner.accountId}`.execute(t.database.db);
  expect(usage(await credits()).member?.name).toBe('Renamed Person');

  // The account's model multiplier.
  await sql`update accounts set model_multiplier_milli = 1500 where id = ${owner.accountId}`.execute(t.database.db);
  expect((await credits()).model_multiplier).toBe(1.5);

  // A ledger line and balance written in SQL (an operator's correction), bypassing the app.
  await t.database.db.transaction().execute(async (trx) => {
    await sql`update credit_balances set balance_micro = balance_micro + 1000000 where account_id = ${owner.accountId}`.execute(trx);
    await sql`insert into credit_ledger (account_id, amount_micro, balance_after_micro, kind, description)
      select account_id, 1000000, balance_micro, 'adjustment', 'by hand' from credit_balances where account_id = ${owner.accountId}`.execute(trx);
  });
  const adjusted = await credits();
  expect(adjusted.entries[0]).toMatchObject({ kind: 'adjustment', amount: '1.00' });

  // Unchanged since: answered as read, and the page is the database's.
  expect(await credits()).toEqual(adjusted);
});

test('a transaction moves the page version once, however many changes it makes; the next one moves it again', async () => {
  const version = async () =>
    (await sql<{ v: string }>`select page_version::text as v from credit_balances where account_id = ${owner.accountId}`.execute(t.database.db)).rows[0].v;
  const line = (trx: typeof t.database.db) =>
    sql`insert into credit_ledger (account_id, amount_micro, balance_after_micro, kind, description)
      select account_id, 0, balance_micro, 'adjustment', 'bump probe' from credit_balances where account_id = ${owner.accountId}`.execute(trx);
  const v0 = BigInt(await version());
  await t.database.db.transaction().execute(async (trx) => {
    await line(trx);
    await line(trx);
    await sql`update members set display_name = 'Bump Probe' where account_id = ${owner.accountId}`.execute(trx);
  });
  expect(BigInt(await version())).toBe(v0 + 1n);
  await line(t.database.db);
  expect(BigInt(await version())).toBe(v0 + 2n);
  // A bump in a savepoint that is rolled back goes with it: the next change bumps again.
  await t.database.db.transaction().execute(async (trx) => {
    await sql`savepoint probe`.execute(trx);
    await line(trx);
    await sql`rollback to savepoint probe`.execute(trx);
    await line(trx);
  });
  expect(BigInt(await version())).toBe(v0 + 3n);
});

test('a charge moves the page version in its own update of the balance row: one row version, the triggers add none', async () => {
  const version = async () =>
    BigInt(
      (await sql<{ v: string }>`select page_version::text as v from credit_balances where account_id = ${owner.accountId}`.execute(t.database.db)).rows[0].v,
    );
  const v0 = await version();
  // Updates of credit_balances rows this backend has counted and not yet reported (PostgreSQL's statistics).
  const counted = async (trx: typeof t.database.db) =>
    Number((await sql<{ n: string }>`select pg_stat_get_xact_tuples_updated('credit_balances'::regclass)::text as n`.execute(trx)).rows[0].n);
  const updated = await t.database.db.transaction().execute(async (trx) => {
    const before = await counted(trx);
    await postLedgerEntry(trx, { accountId: owner.accountId, amountMicro: 1_000_000n, kind: 'adjustment', description: 'one update' });
    return (await counted(trx)) - before;
  });
  expect(updated).toBe(1);
  expect(await version()).toBe(v0 + 1n);
  // The page shows the line at once.
  expect((await credits()).entries[0]).toMatchObject({ kind: 'adjustment', amount: '1.00' });
});

test('a ledger line, analysis or draft job whose account this transaction already bumped runs no bump trigger at all', async () => {
  // Calls of the bump functions in this transaction (PostgreSQL's function statistics, counted for PL/pgSQL).
  const calls = async (trx: typeof t.database.db) =>
    (
      await sql<{ row: number; statement: number }>`select
        coalesce(pg_stat_get_xact_function_calls('prosa_bump_credit_page'::regproc), 0)::int as row,
        coalesce(pg_stat_get_xact_function_calls('prosa_bump_credit_pages'::regproc), 0)::int as statement`.execute(trx)
    ).rows[0];
  const line = (trx: typeof t.database.db) =>
    sql`insert into credit_ledger (account_id, amount_micro, balance_after_micro, kind, description)
      select account_id, 0, balance_micro, 'adjustment', 'trigger probe' from credit_balances where account_id = ${owner.accountId}`.execute(trx);
  const counted = await t.database.db.transaction().execute(async (trx) => {
    await sql`set local track_functions = 'pl'`.execute(trx);
    // A charge: its balance update bumps; its ledger line then queues no trigger.
    await postLedgerEntry(trx, { accountId: owner.accountId, amountMicro: 1_000_000n, kind: 'adjustment', description: 'charged' });
    const afterCharge = await calls(trx);
    // A line written by hand: the first bumps through the trigger, the second finds it done.
    await line(trx);
    await line(trx);
    return { afterCharge, afterLines: await calls(trx) };
  });
  expect(counted.afterCharge).toEqual({ row: 0, statement: 0 });
  expect(counted.afterLines).toEqual({ row: 0, statement: 0 });
  // In a transaction of its own, a line written by hand bumps once through the row trigger.
  const alone = await t.database.db.transaction().execute(async (trx) => {
    await sql`set local track_functions = 'pl'`.execute(trx);
    await line(trx);
    await line(trx);
    return calls(trx);
  });
  expect(alone).toEqual({ row: 1, statement: 0 });
});

test("another account's key never sees this account's pages", async () => {
  const other = await signUp(t.app);
  const otherKey = await createKey(t.app, other.cookie);
  const mine = await credits();
  const theirs = await credits('', otherKey);
  expect(theirs.entries.map((e) => e.id)).not.toContain(mine.entries[0].id);
  expect(theirs.entries.some((e) => e.reference === analysisId)).toBe(false);
});

test('the page cache is bounded in bytes and in pages per account, least recently used first', () => {
  const cache = new LedgerPageCache<string>({ maxBytes: 100, maxPagesPerAccount: 2 });
  cache.setEnabled(true);
  const at = () => ({ generation: cache.generation() });
  cache.put('a', '1', 'a1', 40, at());
  cache.put('a', '2', 'a2', 40, at());
  cache.put('a', '3', 'a3', 10, at());
  expect(cache.get('a', '1')).toBeUndefined(); // two pages an account
  expect(cache.size).toBe(2);
  cache.put('b', '1', 'b1', 30, at());
  expect(cache.get('a', '2')).toBe('a2'); // a is now the most recently used
  cache.put('c', '1', 'c1', 30, at()); // over 100 bytes: b goes
  expect(cache.get('b', '1')).toBeUndefined();
  expect(cache.bytes).toBeLessThanOrEqual(100);
  // A read that began before a forget cannot fill; a versioned entry serves only its version.
  const stale = cache.generation();
  cache.forgetAccount('c');
  cache.put('c', '1', 'old', 5, { generation: stale });
  expect(cache.get('c', '1')).toBeUndefined();
  const versioned = new LedgerPageCache<string>();
  versioned.put('a', '1', 'v3', 5, { version: 3n });
  expect(versioned.get('a', '1', 3n)).toBe('v3');
  expect(versioned.get('a', '1', 4n)).toBeUndefined();
  expect(versioned.get('a', '1')).toBeUndefined(); // not notified: an unversioned read gets nothing
});
