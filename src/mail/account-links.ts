import type { Db } from '../db/connect.ts';
import type { Actor } from '../commands/actor.ts';
import { writeAudit } from '../commands/audit.ts';
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, verifyPassword } from '../auth/passwords.ts';
import { randomToken, sha256Hex } from '../auth/secrets.ts';
import { normalizeEmail } from '../commands/account-creator.ts';
import { setMemberPassword } from '../commands/member-password.ts';
import { AppError, validationError } from '../errors.ts';

export type LinkPurpose = 'password_reset' | 'email_verification';

const LINK_LIFETIME_MS: Record<LinkPurpose, number> = { password_reset: 60 * 60 * 1000, email_verification: 24 * 60 * 60 * 1000 };

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw validationError('password', `must be at least ${MIN_PASSWORD_LENGTH} characters`);
  if (password.length > MAX_PASSWORD_LENGTH) throw validationError('password', `must be at most ${MAX_PASSWORD_LENGTH} characters`);
}

function invalidLink(): AppError {
  return new AppError(
    400,
    'invalid_or_expired_link',
    'This link is invalid, was already used, or has expired.',
    'Ask for a new link and use it within its lifetime (one hour for a password reset, a day for e-mail verification).',
  );
}

/** Issues a single-use link token for an account's current address; returns the raw token (mailed, never stored). */
export async function accountLinkIssuer(db: Db, actor: Actor, props: { accountId: string; email: string; purpose: LinkPurpose }): Promise<string> {
  const token = randomToken();
  await db.transaction().execute(async (trx) => {
    // A new link replaces older unused ones of the same purpose.
    await trx
      .updateTable('account_tokens')
      .set({ used_at: new Date() })
      .where('account_id', '=', props.accountId)
      .where('purpose', '=', props.purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('account_tokens')
      .values({
        token_hash: sha256Hex(token),
        account_id: props.accountId,
        purpose: props.purpose,
        email_normalized: normalizeEmail(props.email),
        expires_at: new Date(Date.now() + LINK_LIFETIME_MS[props.purpose]),
      })
      .execute();
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: props.purpose === 'password_reset' ? 'account.password_reset_requested' : 'account.email_verification_sent',
      targetType: 'account',
      targetId: props.accountId,
    });
  });
  return token;
}

/**
 * Consumes a link token in one transaction (locked, single use, unexpired, for the account's
 * current address). A password reset sets the new password, ends every session of the account
 * and proves the address; a verification link proves the address.
 */
export async function accountLinkConsumer(
  db: Db,
  actor: Actor,
  props: { token: string; purpose: LinkPurpose; newPassword?: string },
): Promise<{ accountId: string; memberId: string; email: string }> {
  if (props.purpose === 'password_reset') checkPassword(props.newPassword ?? '');
  const passwordHash = props.newPassword ? await hashPassword(props.newPassword) : null;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('account_tokens')
      .selectAll()
      .where('token_hash', '=', sha256Hex(props.token))
      .where('purpose', '=', props.purpose)
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.used_at || row.expires_at.getTime() < Date.now()) throw invalidLink();
    // The link is for the person (a firm member, migration 032) with that address in that firm.
    const member = await trx
      .selectFrom('members')
      .select(['id', 'account_id', 'email', 'email_normalized'])
      .where('account_id', '=', row.account_id)
      .where('email_normalized', '=', row.email_normalized)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (!member) throw invalidLink();
    await trx.updateTable('account_tokens').set({ used_at: new Date() }).where('token_hash', '=', row.token_hash).execute();
    if (passwordHash) {
      await setMemberPassword(trx, member.id, passwordHash);
      await trx.deleteFrom('sessions').where('member_id', '=', member.id).execute();
    }
    await trx
      .insertInto('email_verifications')
      .values({ account_id: member.account_id, email_normalized: member.email_normalized })
      .onConflict((oc) => oc.columns(['account_id', 'email_normalized']).doNothing())
      .execute();
    await writeAudit(
      trx,
      { ...actor, accountId: member.account_id, memberId: member.id },
      {
        accountId: member.account_id,
        action: props.purpose === 'password_reset' ? 'account.password_reset' : 'account.email_verified',
        targetType: 'account',
        targetId: member.account_id,
      },
    );
    return { accountId: member.account_id, memberId: member.id, email: member.email };
  });
}

/** Changes the password of a signed-in account (the current one is required); other sessions end. */
export async function passwordChanger(
  db: Db,
  actor: Actor,
  props: { accountId: string; memberId: string; currentPassword: string; newPassword: string; keepSessionTokenHash?: string },
): Promise<void> {
  checkPassword(props.newPassword);
  const account = await db.selectFrom('members').select(['password_hash']).where('id', '=', props.memberId).executeTakeFirst();
  if (!account?.password_hash || !(await verifyPassword(account.password_hash, props.currentPassword))) {
    throw new AppError(400, 'wrong_password', 'The current password is not correct.', 'Type the current password again, or reset it by e-mail.');
  }
  const hash = await hashPassword(props.newPassword);
  await db.transaction().execute(async (trx) => {
    await setMemberPassword(trx, props.memberId, hash);
    let q = trx.deleteFrom('sessions').where('member_id', '=', props.memberId);
    if (props.keepSessionTokenHash) q = q.where('token_hash', '!=', props.keepSessionTokenHash);
    await q.execute();
    await writeAudit(trx, actor, { accountId: props.accountId, action: 'account.password_changed', targetType: 'account', targetId: props.accountId });
  });
}

/** Whether the person's (the member's, migration 032) current address is proven. */
export async function isEmailVerified(db: Db, accountId: string, memberId: string): Promise<{ email: string; verified: boolean }> {
  const account = await db.selectFrom('members').select(['email', 'email_normalized']).where('id', '=', memberId).executeTakeFirstOrThrow();
  const v = await db
    .selectFrom('email_verifications')
    .select('verified_at')
    .where('account_id', '=', accountId)
    .where('email_normalized', '=', account.email_normalized)
    .executeTakeFirst();
  return { email: account.email, verified: !!v };
}
