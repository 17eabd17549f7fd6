import { sql, type Kysely } from 'kysely';
import { packJson } from '../packed-json.ts';

/** Rows converted per statement: 2-9 MB of JSON per round for records of 20-90 kB. */
const BATCH = 100;

/**
 * An analysis' record is stored packed (db/packed-json.ts): its JSON text compressed in Node, in a
 * `bytea` column PostgreSQL does not compress again (STORAGE EXTERNAL). Storing a record through
 * the embedded database's WASM cost more in the record's bytes (copied through the protocol,
 * then pglz-compressed) than in all the other writes of the analysis together
 * (docs/decisions/scale-out-and-speed.md, "Storing an analysis").
 *
 * Existing records are packed from their stored text (`record::text` is the json column's text
 * as written), so each reads back byte for byte as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table analyses add column record_packed bytea`.execute(db);
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; record: string }>`
      select id, record::text as record from analyses where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    // Base64 text through both drivers alike, decoded by the database.
    await sql`update analyses set record_packed = decode(p.packed, 'base64')
      from unnest(${rows.map((r) => r.id)}::text[], ${rows.map((r) => packJson(r.record).toString('base64'))}::text[]) as p(id, packed)
      where analyses.id = p.id`.execute(db);
    after = rows[rows.length - 1].id;
  }
  await sql`alter table analyses drop column record`.execute(db);
  await sql`alter table analyses rename column record_packed to record`.execute(db);
  await sql`alter table analyses alter column record set not null`.execute(db);
  await sql`alter table analyses alter column record set storage external`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
