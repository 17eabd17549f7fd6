import type { Db } from '../db/connect.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';
import { validatePassword } from './account-creator.ts';
import { setMemberPassword } from './member-password.ts';

export interface PasswordResetterProps {
  /** The firm (its audit log records the reset). */
  accountId: string;
  /** The person whose password is set (migration 032). */
  memberId: string;
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
    await setMemberPassword(trx, props.memberId, hash);
    const ended = await trx.deleteFrom('sessions').where('member_id', '=', props.memberId).executeTakeFirst();
    const sessionsEnded = Number(ended.numDeletedRows);
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: 'account.password_reset',
      targetType: 'member',
      targetId: props.memberId,
      details: { sessions_ended: sessionsEnded },
    });
    return { sessionsEnded };
  });
}
