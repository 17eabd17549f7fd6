import type { Db } from '../db/connect.ts';
import { AppError } from '../errors.ts';
import { decoyHash, verifyPassword } from '../auth/passwords.ts';
import { randomToken, sha256Hex } from '../auth/secrets.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';
import { normalizeEmail } from './account-creator.ts';

export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export interface SessionCreatorProps {
  /** Account to sign in; when given, no password check is made (sign-up, third-party sign-in). */
  accountId?: string;
  /** E-mail and password for a password sign-in. */
  email?: string;
  password?: string;
  userAgent?: string | null;
}

export interface CreatedSession {
  /** The cookie value: shown to the browser only, stored as a SHA-256 hash. */
  token: string;
  accountId: string;
  expiresAt: Date;
}

export function invalidCredentials(): AppError {
  return new AppError(401, 'invalid_credentials', 'The e-mail address or password is incorrect.', 'Check the e-mail address and password and try again, or sign up for an account.');
}

/** Starts a session. A wrong e-mail and a wrong password are indistinguishable, in answer and in time. */
export async function sessionCreator(db: Db, actor: Actor, props: SessionCreatorProps): Promise<CreatedSession> {
  let accountId = props.accountId;
  if (!accountId) {
    const account = await db
      .selectFrom('accounts')
      .select(['id', 'password_hash'])
      .where('email_normalized', '=', normalizeEmail(props.email ?? ''))
      .executeTakeFirst();
    const ok = await verifyPassword(account?.password_hash ?? (await decoyHash()), props.password ?? '');
    if (!account || !account.password_hash || !ok) throw invalidCredentials();
    accountId = account.id;
  }
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('sessions').values({ token_hash: sha256Hex(token), account_id: accountId, expires_at: expiresAt, user_agent: props.userAgent?.slice(0, 300) ?? null }).execute();
    await writeAudit(trx, { ...actor, accountId }, { accountId, action: 'session.created', targetType: 'session' });
  });
  return { token, accountId, expiresAt };
}

export async function sessionDestroyer(db: Db, actor: Actor, token: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('sessions').where('token_hash', '=', sha256Hex(token)).returning('account_id').executeTakeFirst();
    if (removed) await writeAudit(trx, { ...actor, accountId: removed.account_id }, { accountId: removed.account_id, action: 'session.ended', targetType: 'session' });
  });
}
