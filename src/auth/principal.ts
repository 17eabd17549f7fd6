import type { Db } from '../db/connect.ts';
import { API_KEY_PATTERN, sha256Hex } from './secrets.ts';

/** The authenticated caller of a request. */
export interface Principal {
  accountId: string;
  via: 'api_key' | 'session' | 'bearer';
  /** Set for API-key requests: rate limits are counted per key (spec "Rate limits"). */
  apiKeyId?: string;
  /** Bearer (OAuth) requests: the client the user consented to (the token's client_id). */
  oauthClientId?: string;
  /** Bearer requests: that client's registered name, for the audit log. */
  oauthClientName?: string;
  /** Bearer requests: the grant (connected app) the token was issued under. */
  grantId?: string;
  /** Bearer requests from a client that must not be offered credit purchases (ChatGPT's connector). */
  noPurchaseOffers?: boolean;
  /**
   * The account's balance, read in the same statement as the credential (issue 12: one read
   * before the handler). Current for requests that charge nothing (reads); a request that may
   * charge reads it again as its response leaves (usage-headers.ts).
   */
  balanceMicro?: bigint;
}

/** last_used_at is refreshed at most once a minute per key, to keep writes off the hot path. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** The key's account, or null for a malformed, unknown or revoked key. */
export async function principalFromApiKey(db: Db, key: string): Promise<Principal | null> {
  if (!API_KEY_PATTERN.test(key)) return null;
  const row = await db
    .selectFrom('api_keys')
    .leftJoin('credit_balances as b', 'b.account_id', 'api_keys.account_id')
    .select(['api_keys.id', 'api_keys.account_id', 'api_keys.last_used_at', 'b.balance_micro'])
    .where('key_hash', '=', sha256Hex(key))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const now = new Date();
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', row.id).execute();
  }
  return { accountId: row.account_id, via: 'api_key', apiKeyId: row.id, balanceMicro: row.balance_micro ?? 0n };
}

export async function principalFromSession(db: Db, token: string): Promise<Principal | null> {
  if (token.length < 20 || token.length > 100) return null;
  const row = await db
    .selectFrom('sessions')
    .leftJoin('credit_balances as b', 'b.account_id', 'sessions.account_id')
    .select(['sessions.account_id', 'b.balance_micro'])
    .where('token_hash', '=', sha256Hex(token))
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row ? { accountId: row.account_id, via: 'session', balanceMicro: row.balance_micro ?? 0n } : null;
}
