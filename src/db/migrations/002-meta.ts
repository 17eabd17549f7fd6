import { sql, type Kysely } from 'kysely';

/** Installation facts: when the demo data was seeded, and the like. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('prosa_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
