import { sql, type Kysely } from 'kysely';

/**
 * A responsible practitioner per docket entry (issue 22: "reminders from the docket issue go to
 * them by default"), and mail by firm member rather than by account.
 *
 * - docket_entries.responsible_member_id: the firm's member (owner or practitioner: the roles that
 *   hold `sign`) answerable for the matter; null = not assigned, whose mail goes to the firm's owners.
 *   Removing a member or demoting them to a role without `sign` sets it back to null in the same
 *   transaction (src/commands/firm/member-changes.ts).
 * - notification_preferences.scope: 'mine' (the default) = the entries the member is responsible
 *   for, and for owners the unassigned ones too; 'firm' = every entry of the firm's docket.
 * - The notification tables' person_id now names a member (migration 026 pointed it at accounts,
 *   which only founding owners are): the founding owner's member id is the account id (migration
 *   032), so every existing row keeps its person.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('docket_entries')
    .addColumn('responsible_member_id', 'text', (c) => c.references('members.id'))
    .execute();
  await sql`create index docket_entries_responsible on docket_entries (responsible_member_id) where responsible_member_id is not null`.execute(db);

  await db.schema
    .alterTable('notification_preferences')
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo('mine').check(sql`scope in ('mine', 'firm')`))
    .execute();

  for (const table of ['notification_preferences', 'notification_deliveries', 'notification_unsubscribe_tokens']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(`${table}_person_id_fkey`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.raw(`${table}_person_id_fkey`)} foreign key (person_id) references members (id) on delete cascade`.execute(
      db,
    );
  }
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
