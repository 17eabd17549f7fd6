import type { Db } from '../../db/connect.ts';
import type { MemberRow } from '../../db/schema.ts';
import { AppError, conflict } from '../../errors.ts';
import type { Actor } from '../actor.ts';
import { writeAudit } from '../audit.ts';
import { takePendingInvitation } from './invitation-token.ts';
import { endMemberCredentials } from './member-credentials.ts';

/**
 * A signed-in person accepts an invitation to another firm (docs/firms.md "Joining with an
 * existing sign-in"). The invitation's address must be theirs. They may leave their current firm
 * only when nobody else is in it: their member row moves to the inviting firm with the invited
 * role; the sessions they are signed in with act in the new firm at once; their API keys and
 * connected apps (issued for the old firm) are ended. The old firm keeps its data, untouched, and
 * is theirs again if they are later removed from the new one (member-remover.ts).
 */
export async function invitationAcceptor(db: Db, actor: Actor, props: { token: string; memberId: string }): Promise<MemberRow> {
  return db.transaction().execute(async (trx) => {
    const invitation = await takePendingInvitation(trx, props.token);
    const member = await trx
      .selectFrom('members')
      .selectAll()
      .where('id', '=', props.memberId)
      .where('removed_at', 'is', null)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (member.email_normalized !== invitation.email_normalized) {
      throw new AppError(
        403,
        'invitation_email_mismatch',
        `This invitation is for ${invitation.email}; you are signed in as ${member.email}.`,
        `Sign in as ${invitation.email} to accept it, or ask the firm's owner to invite ${member.email}.`,
      );
    }
    if (member.account_id === invitation.account_id)
      throw conflict('already_member', 'You are already a member of this firm.', 'Nothing to do: open the docket.');
    const others = await trx
      .selectFrom('members')
      .select('id')
      .where('account_id', '=', member.account_id)
      .where('id', '!=', member.id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (others) {
      throw conflict(
        'firm_has_members',
        'You cannot join another firm while other people are members of your current firm.',
        'Remove the other members of your current firm first (Settings > Members), or ask its owner to remove you, then accept the invitation again.',
      );
    }
    const oldFirm = member.account_id;
    const ended = await endMemberCredentials(trx, member.id);
    const moved = await trx
      .updateTable('members')
      .set({ account_id: invitation.account_id, role: invitation.role })
      .where('id', '=', member.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // Sessions are re-created by the route for this browser; identities follow the person.
    await trx.updateTable('oidc_identities').set({ account_id: invitation.account_id }).where('member_id', '=', member.id).execute();
    await trx.updateTable('firm_invitations').set({ accepted_at: new Date(), accepted_by: member.id }).where('id', '=', invitation.id).execute();
    await writeAudit(
      trx,
      { ...actor, accountId: oldFirm },
      {
        accountId: oldFirm,
        action: 'firm.member_left',
        targetType: 'member',
        targetId: member.id,
        details: { email: member.email, joined_firm: invitation.account_id, ...ended },
      },
    );
    await writeAudit(
      trx,
      { ...actor, accountId: invitation.account_id, memberId: member.id },
      {
        accountId: invitation.account_id,
        action: 'firm.member_joined',
        targetType: 'member',
        targetId: member.id,
        details: { email: member.email, role: invitation.role, invitation_id: invitation.id },
      },
    );
    return moved;
  });
}
