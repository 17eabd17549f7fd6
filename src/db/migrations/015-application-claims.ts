import { sql, type Kysely } from 'kysely';

/**
 * The claims of an application as the account knows them (issue 11, "carry claims forward"): the
 * listing as amended by the last response Prosa drafted for it, or claims the practitioner pasted.
 * One row per (account, application); the next response's claim listing starts from it and marks
 * its amendments against it (37 CFR 1.121(c)). Claims are private to the account that holds them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('application_claims')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    // [{ number, status: pending | withdrawn | cancelled, text, previously_presented }], ascending.
    .addColumn('claims', 'jsonb', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('pasted', 'response')`))
    // The draft job whose paper produced them (source = response).
    .addColumn('source_job_id', 'text', (c) => c.references('draft_jobs.id').onDelete('set null'))
    // A response's claims before it, and the mailing date of the action it answered: drafting the
    // same action again starts from these, not from the first draft's amendments.
    .addColumn('claims_before', 'jsonb')
    .addColumn('answered_action_date', 'date')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('application_claims_pkey', ['account_id', 'application_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
