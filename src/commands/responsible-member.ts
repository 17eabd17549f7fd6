import type { Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { RESPONSIBLE_ROLES } from '../domain/responsible-practitioner.ts';

/** One refusal for every id that cannot be responsible: an unknown id and another firm's member read alike. */
function notResponsible(): AppError {
  return new AppError(
    422,
    'validation_error',
    `responsible_member_id: must be a current member of your firm who is an ${RESPONSIBLE_ROLES.join(' or ')} (paralegals and viewers cannot be responsible for a matter)`,
    "List the firm's members with GET /api/firm/members, pick an owner or practitioner, or send null to leave the entry unassigned.",
  );
}

/**
 * Checks, in the caller's transaction, that a member may be made responsible for the firm's
 * docket entries: live, of this firm, an owner or practitioner. The member's row is locked FOR SHARE
 * so a removal or demotion running at once (which locks the firm's members FOR UPDATE and then
 * unassigns their entries: firm/member-changes.ts) waits for this assignment to commit, or this
 * waits for it and then refuses. Call it BEFORE locking the docket entry: the removal takes the
 * members' locks first and the entries' second, and the same order here avoids a deadlock.
 */
export async function lockResponsibleMember(trx: Transaction<Schema>, accountId: string, memberId: string): Promise<void> {
  const member = await trx
    .selectFrom('members')
    .select(['id', 'role'])
    .where('id', '=', memberId)
    .where('account_id', '=', accountId)
    .where('removed_at', 'is', null)
    .forShare()
    .executeTakeFirst();
  if (!member || !RESPONSIBLE_ROLES.includes(member.role)) throw notResponsible();
}
