import { sql, type Kysely } from 'kysely';

/**
 * An analysis' record is stored as `json`, not `jsonb` (issue 24, the cost of storing an
 * analysis). The record is written once and always read whole (no SQL looks inside it), so
 * jsonb's parse into its binary form on every insert (about a third of the insert's CPU on the
 * embedded database for a 50 kB record) and its conversion back to text on every read bought
 * nothing. `json` keeps the text as written, so a stored record also reads back with the key
 * order it was answered with.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table analyses alter column record type json using record::json`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
