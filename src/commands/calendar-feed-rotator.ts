import type { Db } from '../db/connect.ts';
import type { CalendarFeedRow } from '../db/schema.ts';
import { randomToken, sha256Hex } from '../auth/secrets.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';

export interface CalendarFeedRotatorProps {
  /** The account whose docket the feed shows; it has at most one feed. */
  accountId: string;
}

export interface RotatedCalendarFeed {
  row: CalendarFeedRow;
  /** The feed URL's secret: returned this once, never stored (only its SHA-256 is). */
  token: string;
  /** An earlier feed existed and its URL no longer works. */
  rotated: boolean;
}

/** Bytes of randomness in a feed token: 256 bits, 43 base64url characters. */
const FEED_TOKEN_BYTES = 32;

/**
 * Creates the account's calendar feed, or rotates it: the new token's hash replaces the old
 * one in the same row, so the previous URL stops working the moment this commits.
 */
export async function calendarFeedRotator(db: Db, actor: Actor, props: CalendarFeedRotatorProps): Promise<RotatedCalendarFeed> {
  const token = randomToken(FEED_TOKEN_BYTES);
  const tokenHash = sha256Hex(token);
  return db.transaction().execute(async (trx) => {
    const previous = await trx.selectFrom('calendar_feeds').select('account_id').where('account_id', '=', props.accountId).forUpdate().executeTakeFirst();
    // Upsert rather than insert-or-update: two first-time requests racing must not fail on the key.
    const row = await trx
      .insertInto('calendar_feeds')
      .values({ account_id: props.accountId, token_hash: tokenHash, created_at: new Date() })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ token_hash: tokenHash, created_at: new Date() }))
      .returningAll()
      .executeTakeFirstOrThrow();
    const rotated = previous !== undefined;
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: rotated ? 'calendar_feed.rotated' : 'calendar_feed.created',
      targetType: 'calendar_feed',
      targetId: props.accountId,
    });
    return { row, token, rotated };
  });
}
