import { sql, type Kysely } from 'kysely';

/**
 * Issue 19, the firm's identity on every page and fees that follow the application:
 *
 * - `accounts.practitioner`: the practitioner profile that signs the account's papers (name,
 *   registration number, firm, address, telephone, e-mail, deposit account, customer number),
 *   validated on write (PATCH /api/account). A column of the account row rather than a table of
 *   its own: the row is what the account cache holds and what migration 019's trigger announces,
 *   so a changed profile is seen by every process as a changed entity size is.
 * - `docket_entries.entity_size`: the entity status the firm records for one application (37 CFR
 *   1.27, 1.29), which fees follow before the USPTO record's and the account's (src/queries/entity-size.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('practitioner', 'jsonb').execute();
  await db.schema
    .alterTable('docket_entries')
    .addColumn('entity_size', 'text', (c) => c.check(sql`entity_size in ('large', 'small', 'micro')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('docket_entries').dropColumn('entity_size').execute();
  await db.schema.alterTable('accounts').dropColumn('practitioner').execute();
}
