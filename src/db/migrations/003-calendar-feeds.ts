import { sql, type Kysely } from 'kysely';

/**
 * Private iCalendar feeds: at most one per account, reached by a secret URL. Only the SHA-256 of
 * the URL's token is stored (like sessions and API keys), so a database leak reveals no feed.
 * Rotating replaces the hash; revoking deletes the row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
