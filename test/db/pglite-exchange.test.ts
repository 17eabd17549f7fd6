/**
 * Statements on the embedded database go as one exchange each (src/db/pglite-exchange.ts,
 * src/db/pglite-queries.ts): rows come back as PGlite's own query() returns them, parameters
 * arrive as node-postgres sends them, a failed statement leaves the session usable, registered
 * statements are prepared once, and PGlite's locks still order Prosa's statements against other
 * users of the instance.
 * @database embedded
 */
import { type Generated, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase, type Database } from '../../src/db/connect.ts';
import { executeCompiledPrepared, executePrepared } from '../../src/db/prepared-statements.ts';

let database: Database;

interface ProbeTable {
  id: Generated<number>;
  label: string | null;
  big: bigint | null;
  day: string | null;
  at: Date | null;
  doc: unknown;
  bytes: Uint8Array | null;
  tags: (string | null)[] | null;
  flag: boolean | null;
  amount: string | null;
}
/** The test's own table, typed. */
const probe = () => database.db as unknown as Kysely<{ exchange_probe: ProbeTable }>;
beforeAll(async () => {
  // An empty embedded database of the file's own: the exchange is PGlite's, whatever DATABASE_URL says.
  database = await openDatabase({ dataDir: 'memory://' });
  await sql`create table exchange_probe (id serial primary key, label text unique, big int8, day date, at timestamptz, doc jsonb, bytes bytea, tags text[], flag boolean, amount numeric)`.execute(
    database.db,
  );
});
afterAll(() => database?.close());

/** How many times a call reached into the WebAssembly backend while `run` ran. */
async function tripsDuring(run: () => Promise<unknown>): Promise<number> {
  const pglite = database.pglite as unknown as { execProtocolRawSync: (m: Uint8Array) => Uint8Array };
  const original = pglite.execProtocolRawSync;
  let trips = 0;
  pglite.execProtocolRawSync = (m) => {
    trips += 1;
    return original.call(pglite, m);
  };
  try {
    await run();
  } finally {
    pglite.execProtocolRawSync = original;
  }
  return trips;
}

test('a statement is one exchange with the backend (PGlite query() takes six)', async () => {
  const viaKysely = await tripsDuring(() => probe().selectFrom('exchange_probe').select('id').where('label', '=', 'none').execute());
  const viaPglite = await tripsDuring(() => database.pglite!.query('select id from exchange_probe where label = $1', ['none']));
  expect(viaKysely).toBe(1);
  expect(viaPglite).toBe(6);
});

test('parameters of every kind arrive, and rows come back as PGlite query() returns them', async () => {
  const at = new Date('2026-11-28T10:11:12.345Z');
  const bytes = Buffer.from([0, 1, 2, 254, 255]);
  const inserted = await probe()
    .insertInto('exchange_probe')
    .values({
      label: 'kinds',
      big: 9007199254740993n,
      day: '2026-02-28',
      at,
      doc: JSON.stringify({ claim: 1, text: 'a "quoted" word' }),
      bytes,
      tags: ['one', 'two words', 'quote"d', null],
      flag: true,
      amount: '12.50',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const direct = (await database.pglite!.query('select * from exchange_probe where label = $1', ['kinds'])).rows[0];
  expect(inserted).toEqual(direct);
  expect(inserted).toMatchObject({
    big: 9007199254740993n,
    day: '2026-02-28',
    at,
    doc: { claim: 1, text: 'a "quoted" word' },
    tags: ['one', 'two words', 'quote"d', null],
    flag: true,
    amount: '12.50',
  });
  expect(Buffer.from(inserted.bytes!)).toEqual(bytes);
  // An object parameter is JSON (as node-postgres sends it) and a null is NULL.
  const row = await sql<{ doc: unknown; nothing: null }>`select ${{ a: [1, 2] }}::jsonb as doc, ${null}::text as nothing`.execute(database.db);
  expect(row.rows[0]).toEqual({ doc: { a: [1, 2] }, nothing: null });
  // The affected-row count of a write.
  const updated = await probe().updateTable('exchange_probe').set({ flag: false }).where('label', '=', 'kinds').executeTakeFirst();
  expect(updated.numUpdatedRows).toBe(1n);
});

test('a failed statement throws PostgreSQL error and leaves the session ready; in a transaction it rolls back', async () => {
  const duplicate = sql`insert into exchange_probe (label) values ('same')`;
  await duplicate.execute(database.db);
  const error = await duplicate.execute(database.db).catch((e) => e);
  expect(error).toMatchObject({ code: '23505', query: expect.stringContaining('insert into exchange_probe') });
  expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);

  const failed = await database.db
    .transaction()
    .execute(async (trx) => {
      await sql`insert into exchange_probe (label) values ('in-transaction')`.execute(trx);
      await duplicate.execute(trx);
    })
    .catch((e) => e);
  expect(failed).toMatchObject({ code: '23505' });
  const kept = await sql<{ n: number }>`select count(*)::int as n from exchange_probe where label = 'in-transaction'`.execute(database.db);
  expect(kept.rows[0].n).toBe(0);
  expect(database.pglite!.isInTransaction()).toBe(false);
});

test('a registered statement is prepared once and bound after; one that failed is parsed again', async () => {
  const byLabel = (label: string) => probe().selectFrom('exchange_probe').select('id').where('label', '=', label);
  const first = await tripsDuring(() => executePrepared(probe(), byLabel('kinds')));
  const prepared = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(database.db);
  expect(prepared.rows.filter((r) => r.statement.includes('"exchange_probe"'))).toHaveLength(1);
  expect(first).toBe(1);
  expect((await executePrepared(probe(), byLabel('kinds'))).rows).toHaveLength(1);

  // A registered statement whose first run fails after it was parsed (here: a duplicate key) is
  // parsed again on its next run, not refused as already prepared.
  const insert = (label: string) => sql`insert into exchange_probe (label) values (${label}) returning label`.compile(database.db);
  await expect(executeCompiledPrepared(database.db, insert('same'))).rejects.toMatchObject({ code: '23505' });
  expect((await executeCompiledPrepared(database.db, insert('fresh'))).rows).toEqual([{ label: 'fresh' }]);
  expect((await executeCompiledPrepared(database.db, insert('fresher'))).rows).toEqual([{ label: 'fresher' }]);
  expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
});

test("PGlite's own users wait for a transaction Prosa holds, and see only what it committed", async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let inserted!: () => void;
  const insertedOnce = new Promise<void>((r) => {
    inserted = r;
  });
  const transaction = database.db.transaction().execute(async (trx) => {
    await sql`insert into exchange_probe (label) values ('held')`.execute(trx);
    inserted();
    await gate;
  });
  await insertedOnce;
  let answered = false;
  const outside = database.pglite!.query<{ n: number }>(`select count(*)::int as n from exchange_probe where label = 'held'`).then((r) => {
    answered = true;
    return r.rows[0].n;
  });
  await new Promise((r) => setImmediate(r));
  expect(answered).toBe(false);
  release();
  await transaction;
  expect(await outside).toBe(1);
});

test('a query run often enough is prepared, and after a schema change it sees the new columns', async () => {
  const everything = () => sql<Record<string, unknown>>`select * from exchange_probe where label = ${'kinds'}`.execute(database.db);
  for (let i = 0; i < 3; i++) await everything();
  const prepared = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement like 'select * from exchange_probe%'`.execute(
    database.db,
  );
  expect(prepared.rows[0].n).toBe(1);
  expect(await tripsDuring(everything)).toBe(1);
  await sql`alter table exchange_probe add column added_later text default 'new'`.execute(database.db);
  expect((await everything()).rows[0]).toMatchObject({ label: 'kinds', added_later: 'new' });
  // Inside a transaction too, where a failed statement could not simply be retried.
  await sql`alter table exchange_probe add column added_in_transaction int default 7`.execute(database.db);
  const inTransaction = await database.db
    .transaction()
    .execute((trx) => sql<Record<string, unknown>>`select * from exchange_probe where label = ${'kinds'}`.execute(trx));
  expect(inTransaction.rows[0]).toMatchObject({ added_later: 'new', added_in_transaction: 7 });
});

test("a statement on a closed database is refused with PGlite's own error, not sent", async () => {
  const { PGlite } = await import('@electric-sql/pglite');
  const { exchangingQueries } = await import('../../src/db/pglite-queries.ts');
  const pglite = await PGlite.create();
  await pglite.close();
  await expect(exchangingQueries(pglite).query('select 1')).rejects.toThrow('PGlite is closed');
});
