import { sql, type Kysely } from 'kysely';

/**
 * The practitioner profile becomes each person's (issue 22: "papers are signed with their
 * practitioner profile"; every paper names the member who acted). Until now one profile per firm,
 * `accounts.practitioner` (migration 023), signed every paper. It is copied to the founding owner
 * (the member whose id is the account's, migration 032) where that member has none, so a firm of
 * one signs exactly as before. The account column stays (migrations are forward-only) but nothing
 * reads it for signing any more: papers take the acting member's `members.practitioner`
 * (src/queries/paper-identity.ts).
 *
 * The profile is read with the credential (src/auth/principal.ts: GET /api/auth/me answers from
 * memory), so a changed profile must also empty every process's cached keys of that member: the
 * member trigger of migration 032 now fires on it too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update members set practitioner = a.practitioner
    from accounts a
    where members.id = a.id and members.account_id = a.id
      and members.practitioner is null and a.practitioner is not null`.execute(db);

  await sql`drop trigger if exists members_notify_update on members`.execute(db);
  await sql`create trigger members_notify_update after update on members for each row
    when (old.role is distinct from new.role or old.removed_at is distinct from new.removed_at or old.account_id is distinct from new.account_id
      or old.practitioner is distinct from new.practitioner)
    execute function prosa_notify_member_change()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
