import type { Db } from '../../db/connect.ts';
import type { FirmInvitationRow, MemberRole } from '../../db/schema.ts';
import { newId, randomToken, sha256Hex } from '../../auth/secrets.ts';
import { conflict } from '../../errors.ts';
import type { Actor } from '../actor.ts';
import { writeAudit } from '../audit.ts';
import { normalizeEmail, validateEmail } from '../account-creator.ts';

/** How long an invitation link works (docs/firms.md). */
const INVITATION_LIFETIME_MS = 7 * 24 * 3600 * 1000;

/**
 * Invites a person to the firm with a role: a single-use token (only its SHA-256 is stored) that
 * expires after seven days. A new invitation to the same address replaces the pending one. The
 * raw token is returned for the e-mail and never kept.
 */
export async function invitationCreator(
  db: Db,
  actor: Actor,
  props: { accountId: string; invitedBy: string; email: string; role: MemberRole },
): Promise<{ invitation: FirmInvitationRow; token: string }> {
  const email = validateEmail(props.email);
  const emailNormalized = normalizeEmail(email);
  const token = randomToken();
  const invitation = await db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('members')
      .select('id')
      .where('account_id', '=', props.accountId)
      .where('email_normalized', '=', emailNormalized)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (member)
      throw conflict(
        'already_member',
        `${email} is already a member of this firm.`,
        'Change their role on the Members page (PATCH /api/firm/members/{id}) instead of inviting them again.',
      );
    const now = new Date();
    await trx
      .updateTable('firm_invitations')
      .set({ revoked_at: now })
      .where('account_id', '=', props.accountId)
      .where('email_normalized', '=', emailNormalized)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    const row = await trx
      .insertInto('firm_invitations')
      .values({
        id: newId(),
        account_id: props.accountId,
        email,
        email_normalized: emailNormalized,
        role: props.role,
        token_hash: sha256Hex(token),
        invited_by: props.invitedBy,
        expires_at: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: 'firm.member_invited',
      targetType: 'invitation',
      targetId: row.id,
      details: { email, role: props.role },
    });
    return row;
  });
  return { invitation, token };
}
