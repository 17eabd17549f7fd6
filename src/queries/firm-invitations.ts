import type { Db } from '../db/connect.ts';
import type { FirmInvitationRow } from '../db/schema.ts';
import { sha256Hex } from '../auth/secrets.ts';

/** The firm's invitations still waiting (not accepted, withdrawn or expired), newest first. */
export function listPendingInvitations(db: Db, accountId: string): Promise<FirmInvitationRow[]> {
  return db
    .selectFrom('firm_invitations')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/**
 * A usable invitation by its token, with the firm's name (its firm_name, else "<founder's name>'s
 * firm", else the founder's e-mail) for the /join page; undefined when the token is unknown, used, withdrawn or expired.
 */
export async function previewInvitation(db: Db, token: string): Promise<{ invitation: FirmInvitationRow; firmName: string } | undefined> {
  const row = await db
    .selectFrom('firm_invitations as i')
    .innerJoin('accounts as a', 'a.id', 'i.account_id')
    .selectAll('i')
    .select(['a.firm_name', 'a.email as firm_email', 'a.display_name as founder_name'])
    .where('i.token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
  if (!row || row.accepted_at || row.revoked_at || row.expires_at.getTime() <= Date.now()) return undefined;
  const { firm_name, firm_email, founder_name, ...invitation } = row;
  return { invitation, firmName: firm_name?.trim() || (founder_name?.trim() ? `${founder_name.trim()}'s firm` : firm_email) };
}
