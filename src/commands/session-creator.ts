import type { Db } from '../db/connect.ts';
import { AppError } from '../errors.ts';
import { decoyHash, verifyPassword } from '../auth/passwords.ts';
import { randomToken, sha256Hex } from '../auth/secrets.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';
import { normalizeEmail } from './account-creator.ts';

export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export interface SessionCreatorProps {
  /** Member to sign in; when given, no password check is made (sign-up, third-party sign-in, reset). */
  memberId?: string;
  /** E-mail and password for a password sign-in. */
  email?: string;
  password?: string;
  userAgent?: string | null;
}

export interface CreatedSession {
  /** The cookie value: shown to the browser only, stored as a SHA-256 hash. */
  token: string;
  /** The firm and the member signed in (migration 032). */
  accountId: string;
  memberId: string;
  expiresAt: Date;
}

function invalidCredentials(): AppError {
  return new AppError(
    401,
    'invalid_credentials',
    'The e-mail address or password is incorrect.',
    'Check the e-mail address and password and try again, or sign up for an account.',
  );
}

/** Starts a session. A wrong e-mail and a wrong password are indistinguishable, in answer and in time. */
export async function sessionCreator(db: Db, actor: Actor, props: SessionCreatorProps): Promise<CreatedSession> {
  // People sign in as firm members (migration 032): the member's own password, the member's firm.
  let member: { id: string; account_id: string } | undefined;
  if (props.memberId) {
    member = await db.selectFrom('members').select(['id', 'account_id']).where('id', '=', props.memberId).where('removed_at', 'is', null).executeTakeFirst();
    if (!member) throw invalidCredentials();
  } else {
    const found = await db
      .selectFrom('members')
      .select(['id', 'account_id', 'password_hash'])
      .where('email_normalized', '=', normalizeEmail(props.email ?? ''))
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    const ok = await verifyPassword(found?.password_hash ?? (await decoyHash()), props.password ?? '');
    if (!found?.password_hash || !ok) throw invalidCredentials();
    member = found;
  }
  const { id: memberId, account_id: accountId } = member;
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sessions')
      .values({
        token_hash: sha256Hex(token),
        account_id: accountId,
        member_id: memberId,
        expires_at: expiresAt,
        user_agent: props.userAgent?.slice(0, 300) ?? null,
      })
      .execute();
    await writeAudit(trx, { ...actor, accountId, memberId }, { accountId, action: 'session.created', targetType: 'session' });
  });
  return { token, accountId, memberId, expiresAt };
}

export async function sessionDestroyer(db: Db, actor: Actor, token: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('sessions').where('token_hash', '=', sha256Hex(token)).returning(['account_id', 'member_id']).executeTakeFirst();
    if (removed)
      await writeAudit(
        trx,
        { ...actor, accountId: removed.account_id, memberId: removed.member_id },
        { accountId: removed.account_id, action: 'session.ended', targetType: 'session' },
      );
  });
}
