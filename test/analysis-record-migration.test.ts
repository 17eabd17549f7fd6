// Migration 042 on a database with analyses: each stored record is packed from its stored text,
// so it reads back byte for byte (key order and all), and the column is not compressed again.
// Migration 044: the action's text is stored uncompressed from then on, and older rows read as before.
import { sql } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { migrateToLatest, migrateUpTo } from '../src/db/migrate.ts';
import { accountCreator } from '../src/commands/account-creator.ts';
import { SYSTEM_ACTOR } from '../src/commands/actor.ts';
import { unpackJsonText } from '../src/db/packed-json.ts';
import { createEmptyDatabase } from './support/db.ts';

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

test('records from before migration 042 are packed by it and read back as they were stored', async () => {
  const database = await createEmptyDatabase();
  closers.push(() => database.close());
  const { db } = database;
  await migrateUpTo(db, '039-docket-counts');
  const account = (await accountCreator(db, SYSTEM_ACTOR, { email: 'records@firm.example', password: 'a long passphrase' })).id;
  // More rows than one batch of the conversion; keys out of alphabetical order, a non-ASCII quote.
  const texts = Array.from({ length: 130 }, (_, i) =>
    JSON.stringify({ analysis_id: `an_${String(i).padStart(3, '0')}`, zeta: i, alpha: 'élan “quoted”', claim_analyses: [{ claim_number: i }] }),
  );
  for (const [i, text] of texts.entries()) {
    await sql`insert into analyses (id, account_id, application_number, office_action_type, text, text_sha256, record, input_tokens, output_tokens,
                                    token_source, cost_micro, request_fingerprint)
              values (${`an_${String(i).padStart(3, '0')}`}, ${account}, '17200011', 'CTNF', 'text', 'sha', ${text}::json, 1, 1, 'tokenizer', 1, 'print')`.execute(
      db,
    );
  }

  await migrateToLatest(db);
  const rows = await db.selectFrom('analyses').select(['id', 'record']).orderBy('id').execute();
  expect(rows.map((r) => unpackJsonText(r.record))).toEqual(texts);
  const column = await sql<{ type: string; storage: string; notnull: boolean }>`
    select format_type(atttypid, atttypmod) as type, attstorage as storage, attnotnull as notnull
    from pg_attribute where attrelid = 'analyses'::regclass and attname = 'record'`.execute(db);
  expect(column.rows).toEqual([{ type: 'bytea', storage: 'e', notnull: true }]);
  const text = await sql<{
    storage: string;
  }>`select attstorage as storage from pg_attribute where attrelid = 'analyses'::regclass and attname = 'text'`.execute(db);
  expect(text.rows).toEqual([{ storage: 'e' }]);
  expect(new Set((await db.selectFrom('analyses').select('text').execute()).map((r) => r.text))).toEqual(new Set(['text']));
});
