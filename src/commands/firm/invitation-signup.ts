import type { Db } from '../../db/connect.ts';
import type { MemberRow } from '../../db/schema.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { newId } from '../../auth/secrets.ts';
import { AppError, conflict } from '../../errors.ts';
import type { Actor } from '../actor.ts';
import { writeAudit } from '../audit.ts';
import { isUniqueViolation, normalizeEmail, validateEmail, validatePassword } from '../account-creator.ts';
import { takePendingInvitation } from './invitation-token.ts';

/**
 * Sign-up through an invitation: the new person becomes a member of the inviting firm with the
 * invited role. No firm of their own, no welcome credits (the firm's balance is shared). The
 * token is used up in the same transaction.
 */
export async function invitationSignup(
  db: Db,
  actor: Actor,
  props: { token: string; email: string; password: string; displayName?: string | null },
): Promise<MemberRow> {
  const email = validateEmail(props.email);
  validatePassword(props.password);
  const passwordHash = await hashPassword(props.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const invitation = await takePendingInvitation(trx, props.token);
      if (invitation.email_normalized !== normalizeEmail(email)) {
        throw new AppError(
          400,
          'invitation_email_mismatch',
          `This invitation is for ${invitation.email}, not ${email}.`,
          `Sign up with ${invitation.email}, or ask the firm's owner to invite the address you want to use.`,
        );
      }
      const member = await trx
        .insertInto('members')
        .values({
          id: newId(),
          account_id: invitation.account_id,
          email,
          email_normalized: normalizeEmail(email),
          password_hash: passwordHash,
          display_name: props.displayName ?? null,
          role: invitation.role,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.updateTable('firm_invitations').set({ accepted_at: new Date(), accepted_by: member.id }).where('id', '=', invitation.id).execute();
      await writeAudit(
        trx,
        { ...actor, accountId: invitation.account_id, memberId: member.id },
        {
          accountId: invitation.account_id,
          action: 'firm.member_joined',
          targetType: 'member',
          targetId: member.id,
          details: { email, role: invitation.role, invitation_id: invitation.id },
        },
      );
      return member;
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict(
        'email_taken',
        'An account with this e-mail address already exists.',
        'Sign in with this address and accept the invitation from the link (POST /api/firm/invitations/{token}/accept).',
      );
    throw err;
  }
}
