import { sql, type Kysely } from 'kysely';

/** Office-action analyses: the stored record, its input, its token bill and its idempotency key. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analyses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('application_id', 'text', (c) => c.references('applications.id').onDelete('set null'))
    .addColumn('application_number', 'text', (c) => c.notNull())
    .addColumn('office_action_type', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('text_sha256', 'text', (c) => c.notNull())
    .addColumn('record', 'jsonb', (c) => c.notNull())
    .addColumn('input_tokens', 'integer', (c) => c.notNull())
    .addColumn('output_tokens', 'integer', (c) => c.notNull())
    .addColumn('token_source', 'text', (c) => c.notNull())
    .addColumn('cost_micro', 'bigint', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('request_fingerprint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('analyses_account').on('analyses').columns(['account_id', 'created_at']).execute();
  await sql`create unique index analyses_idempotency on analyses (account_id, idempotency_key)
    where idempotency_key is not null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
