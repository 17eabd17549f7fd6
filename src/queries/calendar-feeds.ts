import type { Db } from '../db/connect.ts';
import type { CalendarFeedRow } from '../db/schema.ts';
import { sha256Hex } from '../auth/secrets.ts';

/** Feed tokens are 32 random bytes in base64url: exactly 43 characters of that alphabet. */
const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The account's feed (never its token: only the hash is stored), if it has one. */
export function findCalendarFeed(db: Db, accountId: string): Promise<CalendarFeedRow | undefined> {
  return db.selectFrom('calendar_feeds').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** The account a feed token belongs to; undefined for a malformed, unknown or rotated-away token. */
export async function accountIdForFeedToken(db: Db, token: string): Promise<string | undefined> {
  if (!FEED_TOKEN_PATTERN.test(token)) return undefined;
  const row = await db.selectFrom('calendar_feeds').select('account_id').where('token_hash', '=', sha256Hex(token)).executeTakeFirst();
  return row?.account_id;
}
