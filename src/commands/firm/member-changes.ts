import type { Transaction } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { MemberRole, MemberRow, Schema } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Actor } from '../actor.ts';
import { writeAudit } from '../audit.ts';
import { endMemberCredentials } from './member-credentials.ts';
import { mayBeResponsible } from '../../domain/responsible-practitioner.ts';

/**
 * Sets the firm's docket entries this member was responsible for back to "not assigned" (their
 * mail then goes to the firm's owners), in the caller's transaction; how many it changed, for the log.
 */
async function unassignEntries(trx: Transaction<Schema>, accountId: string, memberId: string): Promise<number> {
  const rows = await trx
    .updateTable('docket_entries')
    .set({ responsible_member_id: null, updated_at: new Date() })
    .where('account_id', '=', accountId)
    .where('responsible_member_id', '=', memberId)
    .returning('id')
    .execute();
  return rows.length;
}

function memberNotFound() {
  return notFound('Member', 'member_not_found', "List the firm's members with GET /api/firm/members to find valid ids.");
}

function lastOwner() {
  return conflict(
    'last_owner',
    "This is the firm's last owner: a firm always keeps at least one owner.",
    'Make another member an owner first (PATCH /api/firm/members/{id} with role "owner"), then change or remove this one.',
  );
}

/** The firm's member, locked, and whether they are its only live owner. Another firm's member is 404. */
async function lockMember(trx: Transaction<Schema>, accountId: string, memberId: string): Promise<{ member: MemberRow; onlyOwner: boolean }> {
  // All the firm's live members are locked so two changes at once cannot both pass the owner count.
  const members = await trx
    .selectFrom('members')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('removed_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  const member = members.find((m) => m.id === memberId);
  if (!member) throw memberNotFound();
  const owners = members.filter((m) => m.role === 'owner');
  return { member, onlyOwner: member.role === 'owner' && owners.length === 1 };
}

/**
 * Changes a member's role (owner only, by route); the last owner cannot be demoted (409). A role
 * without `sign` (paralegal, viewer) cannot be responsible for a matter: the entries they were
 * responsible for become unassigned in the same transaction.
 */
export async function memberRoleChanger(db: Db, actor: Actor, props: { accountId: string; memberId: string; role: MemberRole }): Promise<MemberRow> {
  return db.transaction().execute(async (trx) => {
    const { member, onlyOwner } = await lockMember(trx, props.accountId, props.memberId);
    if (member.role === props.role) return member;
    if (onlyOwner) throw lastOwner();
    const updated = await trx.updateTable('members').set({ role: props.role }).where('id', '=', member.id).returningAll().executeTakeFirstOrThrow();
    const unassigned = mayBeResponsible(props.role) ? 0 : await unassignEntries(trx, props.accountId, member.id);
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: 'firm.member_role_changed',
      targetType: 'member',
      targetId: member.id,
      details: { email: member.email, from: member.role, to: props.role, ...(unassigned > 0 ? { unassigned_entries: unassigned } : {}) },
    });
    return updated;
  });
}

/**
 * Removes a member (owner only, by route): their sessions, API keys and OAuth grants end at once
 * (member-credentials.ts). A person who founded a firm of their own and joined this one goes back
 * to their own firm as its owner (their data there was kept); anyone else's member row is marked
 * removed and can no longer sign in. The docket entries they were responsible for become
 * unassigned in the same transaction. The last owner cannot be removed (409).
 */
export async function memberRemover(
  db: Db,
  actor: Actor,
  props: { accountId: string; memberId: string },
): Promise<{ member: MemberRow; returnedToOwnFirm: boolean }> {
  return db.transaction().execute(async (trx) => {
    const { member, onlyOwner } = await lockMember(trx, props.accountId, props.memberId);
    if (onlyOwner) throw lastOwner();
    const ended = await endMemberCredentials(trx, member.id);
    const unassigned = await unassignEntries(trx, props.accountId, member.id);
    const ownFirm = member.id !== props.accountId ? await trx.selectFrom('accounts').select('id').where('id', '=', member.id).executeTakeFirst() : undefined;
    let updated: MemberRow;
    if (ownFirm) {
      updated = await trx
        .updateTable('members')
        .set({ account_id: ownFirm.id, role: 'owner' })
        .where('id', '=', member.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.updateTable('oidc_identities').set({ account_id: ownFirm.id }).where('member_id', '=', member.id).execute();
    } else {
      updated = await trx.updateTable('members').set({ removed_at: new Date() }).where('id', '=', member.id).returningAll().executeTakeFirstOrThrow();
      await trx.deleteFrom('oidc_identities').where('member_id', '=', member.id).execute();
    }
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: 'firm.member_removed',
      targetType: 'member',
      targetId: member.id,
      details: { email: member.email, role: member.role, returned_to_own_firm: !!ownFirm, ...ended, unassigned_entries: unassigned },
    });
    return { member: updated, returnedToOwnFirm: !!ownFirm };
  });
}

/** Withdraws a pending invitation (owner only, by route); another firm's, or a used one, is 404. */
export async function invitationRevoker(db: Db, actor: Actor, props: { accountId: string; invitationId: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('firm_invitations')
      .set({ revoked_at: new Date() })
      .where('id', '=', props.invitationId)
      .where('account_id', '=', props.accountId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returning(['id', 'email', 'role'])
      .executeTakeFirst();
    if (!row) throw notFound('Invitation', 'invitation_not_found', 'List the pending invitations with GET /api/firm/invitations to find valid ids.');
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: 'firm.invitation_revoked',
      targetType: 'invitation',
      targetId: row.id,
      details: { email: row.email, role: row.role },
    });
  });
}
