import { sql, type Kysely } from 'kysely';

/**
 * The text of an analysed action is stored out of line without compression (STORAGE EXTERNAL),
 * as the packed record beside it is (migration 042): on the embedded database PostgreSQL's pglz
 * compression runs in WebAssembly on the server's thread, and cost about a third of the
 * insert of a 4 kB action (0.73 and 0.54 ms against 0.47 and 0.38 ms, 300 inserts each,
 * 2026-11-28), for text that is a few kilobytes per analysis. Rows stored before keep their
 * compressed text; both read the same.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table analyses alter column text set storage external`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
