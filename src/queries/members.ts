import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { MemberRow, Schema } from '../db/schema.ts';

/** A live (not removed) member by id, in any firm. */
export function findLiveMember(db: Kysely<Schema>, memberId: string): Promise<MemberRow | undefined> {
  return db.selectFrom('members').selectAll().where('id', '=', memberId).where('removed_at', 'is', null).executeTakeFirst();
}

/** The live member signing in with this (normalized) address, if any. */
export function findLiveMemberByEmail(db: Kysely<Schema>, emailNormalized: string): Promise<MemberRow | undefined> {
  return db.selectFrom('members').selectAll().where('email_normalized', '=', emailNormalized).where('removed_at', 'is', null).executeTakeFirst();
}

/** The firm's member with this (normalized) address, a live one before removed ones (the audit log outlives them). */
export function findFirmMemberByEmail(db: Db, accountId: string, emailNormalized: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('email_normalized', '=', emailNormalized)
    .orderBy(sql`removed_at is not null`)
    .orderBy('removed_at', 'desc')
    .executeTakeFirst();
}

/** The firm's live members, oldest first (the founder first). */
export function listFirmMembers(db: Db, accountId: string): Promise<MemberRow[]> {
  return db.selectFrom('members').selectAll().where('account_id', '=', accountId).where('removed_at', 'is', null).orderBy('created_at').orderBy('id').execute();
}

/**
 * The firm an OAuth subject (a member id) belongs to now; a subject no member has is taken as the
 * firm itself (rows written before migration 032 named the account).
 */
export async function firmOfSubject(db: Kysely<Schema>, subject: string): Promise<string> {
  const row = await db.selectFrom('members').select('account_id').where('id', '=', subject).executeTakeFirst();
  return row?.account_id ?? subject;
}

/** The members (removed ones included: the log outlives them) these ids name, for the audit log. */
export async function auditMembers(db: Db, ids: Iterable<string>): Promise<Map<string, { id: string; email: string; display_name: string | null }>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows = await db.selectFrom('members').select(['id', 'email', 'display_name']).where('id', 'in', list).execute();
  return new Map(rows.map((r) => [r.id, r]));
}
