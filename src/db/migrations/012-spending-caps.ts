import { sql, type Kysely } from 'kysely';

/**
 * Spending caps (issue 12): the daily ceiling an account owner sets on AI usage (the token charges
 * of analyses). One row per account that has set one; no row, no cap.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('spending_caps')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('daily_ai_cap_micro', 'bigint', (c) => c.notNull().check(sql`daily_ai_cap_micro >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Today's AI spend is summed from the ledger by account, kind and time.
  await sql`create index credit_ledger_usage_tokens on credit_ledger (account_id, created_at) where kind = 'usage_tokens'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists credit_ledger_usage_tokens`.execute(db);
  await db.schema.dropTable('spending_caps').execute();
}
