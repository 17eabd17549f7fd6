import type { Db } from '../db/connect.ts';
import { AppError, notFound } from '../errors.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';

/**
 * Removes a third-party identity from an account, but never the last way in: a password or
 * another identity must remain. The account row is locked so that two unlinks at once cannot
 * both pass the check. Another account's identity is 404 (not 403): ids are not disclosed.
 */
export async function identityUnlinker(db: Db, actor: Actor, props: { accountId: string; memberId: string; identityId: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The person's own ways in (migration 032): their member row is locked for the check.
    const account = await trx.selectFrom('members').select(['password_hash']).where('id', '=', props.memberId).forUpdate().executeTakeFirstOrThrow();
    const identities = await trx.selectFrom('oidc_identities').select(['id', 'provider', 'issuer']).where('member_id', '=', props.memberId).execute();
    const target = identities.find((i) => i.id === props.identityId);
    if (!target) throw notFound('Linked sign-in', 'identity_not_found', 'List the linked sign-ins of your account with GET /api/auth/identities.');
    if (!account.password_hash && identities.length < 2) {
      throw new AppError(
        409,
        'last_sign_in_method',
        'This is the only way to sign in to the account; it cannot be removed.',
        'Set a password first (Forgot your password? sends a link to your address) or link another provider, then remove this one.',
      );
    }
    await trx.deleteFrom('oidc_identities').where('id', '=', target.id).execute();
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: 'account.identity_unlinked',
      targetType: 'identity',
      targetId: target.id,
      details: { provider: target.provider, issuer: target.issuer },
    });
  });
}
