import type { Db } from '../db/connect.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';
import { validatePassword } from './account-creator.ts';

export interface PasswordResetterProps {
  accountId: string;
  password: string;
}

/**
 * Sets an account's password (the operator's `prosa accounts reset-password`) and ends its web
 * sessions, so whoever held the old password is signed out. API keys and connected apps stay:
 * they are revoked on their own pages. One transaction with its audit row.
 */
export async function passwordResetter(db: Db, actor: Actor, props: PasswordResetterProps): Promise<{ sessionsEnded: number }> {
  validatePassword(props.password);
  const hash = await hashPassword(props.password);
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('accounts').set({ password_hash: hash }).where('id', '=', props.accountId).executeTakeFirstOrThrow();
    const ended = await trx.deleteFrom('sessions').where('account_id', '=', props.accountId).executeTakeFirst();
    const sessionsEnded = Number(ended.numDeletedRows);
    await writeAudit(trx, actor, { accountId: props.accountId, action: 'account.password_reset', targetType: 'account', targetId: props.accountId, details: { sessions_ended: sessionsEnded } });
    return { sessionsEnded };
  });
}
