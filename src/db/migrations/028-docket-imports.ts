import { sql, type Kysely } from 'kysely';

/**
 * Docket imports (issue 21 part 4): a preview of a CSV file or of a USPTO customer number's
 * applications, kept so that committing it writes exactly what was shown. `rows` holds the lines
 * the preview would add (number, matter, entity status, notes, line); `counts` every status's
 * count. `committed_at` is set by the commit, in the transaction that adds the docket entries, so a
 * second commit of the same preview adds nothing. Previews are per account and expire (see
 * src/commands/docket-import-committer.ts); deleting the account deletes them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('docket_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('csv', 'customer_number')`))
    // The uploaded file's name, or the customer number searched.
    .addColumn('label', 'text')
    .addColumn('content_sha256', 'text', (c) => c.notNull())
    .addColumn('rows', 'jsonb', (c) => c.notNull())
    .addColumn('counts', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('committed_at', 'timestamptz')
    .addColumn('added_count', 'integer')
    .execute();
  await db.schema.createIndex('docket_imports_account').on('docket_imports').columns(['account_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('docket_imports').execute();
}
