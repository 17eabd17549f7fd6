import type { Db } from '../db/connect.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';

export interface CalendarFeedRevokerProps {
  /** The account whose feed is revoked; only its own feed can be. */
  accountId: string;
}

/**
 * Revokes the account's calendar feed: the row (and with it the token hash) is deleted, so the
 * URL answers 404 from then on. Idempotent: with no feed it changes nothing and audits nothing.
 * Returns whether a feed was revoked.
 */
export async function calendarFeedRevoker(db: Db, actor: Actor, props: CalendarFeedRevokerProps): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('calendar_feeds').where('account_id', '=', props.accountId).returning('account_id').executeTakeFirst();
    if (!deleted) return false;
    await writeAudit(trx, actor, { accountId: props.accountId, action: 'calendar_feed.revoked', targetType: 'calendar_feed', targetId: props.accountId });
    return true;
  });
}
