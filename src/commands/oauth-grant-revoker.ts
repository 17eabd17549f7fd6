import type { Db } from '../db/connect.ts';
import { notFound } from '../errors.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';

export interface OAuthGrantRevokerProps {
  /** The firm, whose audit log records the disconnection. */
  accountId: string;
  /** The member whose grant it is (the OAuth subject): another person's grant is "not found". */
  memberId: string;
  grantId: string;
}

/**
 * Disconnects a connected app: deletes the grant and every code and refresh token issued under it
 * (RFC 7009 §2.1), in one transaction with the audit row. Access tokens are JWTs and cannot be
 * deleted, but every one carries the grant id: the MCP server's next token exchange and the
 * backend's bearer check both refuse a grant that no longer exists.
 */
export async function oauthGrantRevoker(db: Db, actor: Actor, props: OAuthGrantRevokerProps): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const grant = await trx
      .deleteFrom('oauth_artifacts')
      .where('model', '=', 'Grant')
      .where('id', '=', props.grantId)
      .where('account_id', '=', props.memberId)
      .returning(['id', 'client_id'])
      .executeTakeFirst();
    if (!grant) throw notFound('Connected app', 'oauth_grant_not_found', 'List your connected apps with GET /api/oauth/grants to find valid ids.');
    await trx.deleteFrom('oauth_artifacts').where('grant_id', '=', grant.id).execute();
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: 'oauth.grant_revoked',
      targetType: 'oauth_grant',
      targetId: grant.id,
      details: { grant_id: grant.id, client_id: grant.client_id, reason: 'revoked_by_user' },
    });
  });
}
