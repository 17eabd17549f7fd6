import type { Db } from '../../db/connect.ts';
import type { Actor } from '../actor.ts';
import { writeAudit } from '../audit.ts';
import { sha256Hex } from '../../auth/secrets.ts';
import { AppError } from '../../errors.ts';
import type { MailList } from '../../domain/notifications.ts';

export function unsubscribeLinkNotFound(): AppError {
  return new AppError(
    404,
    'unsubscribe_link_not_found',
    'This unsubscribe link is not known: it was mistyped or cut short, or its account was closed.',
    'Open the link from the e-mail again in full, or sign in and change what mail you get under Settings > Notifications.',
  );
}

/** The person and list an unsubscribe token names, or null for an unknown token. */
export async function findUnsubscribeToken(db: Db, token: string): Promise<{ personId: string; firmId: string; list: MailList; email: string } | null> {
  if (token.length < 20 || token.length > 200) return null;
  // The person is a firm member (migration 034); the founding owner's member id is the account id.
  const row = await db
    .selectFrom('notification_unsubscribe_tokens as t')
    .innerJoin('members as m', 'm.id', 't.person_id')
    .select(['t.person_id', 't.list', 'm.email', 'm.account_id'])
    .where('t.token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
  return row ? { personId: row.person_id, firmId: row.account_id, list: row.list, email: row.email } : null;
}

/**
 * One-click unsubscribe (RFC 8058): turns off the list the token's mail belongs to (reminders,
 * the digest, or new-paper alerts) for its person, without a sign-in: the random token is the
 * credential. Doing it again changes nothing but is not an error. Audited.
 */
export async function notificationUnsubscriber(
  db: Db,
  actor: Actor,
  props: { token: string },
): Promise<{ personId: string; firmId: string; list: MailList; email: string }> {
  const found = await findUnsubscribeToken(db, props.token);
  if (!found) throw unsubscribeLinkNotFound();
  const change =
    found.list === 'reminders' ? { reminders_enabled: false } : found.list === 'digest' ? { digest: 'none' as const } : { new_paper_alerts: false };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('notification_preferences')
      .values({ person_id: found.personId, ...change })
      .onConflict((oc) => oc.column('person_id').doUpdateSet({ ...change, updated_at: new Date() }))
      .execute();
    await writeAudit(
      trx,
      { ...actor, accountId: found.firmId },
      {
        accountId: found.firmId,
        action: 'notifications.unsubscribed',
        targetType: 'notification_preferences',
        targetId: found.personId,
        details: { list: found.list },
      },
    );
  });
  return found;
}
