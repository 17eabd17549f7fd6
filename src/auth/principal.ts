import type { Db } from '../db/connect.ts';
import type { CredentialPerson, MemberRole } from '../db/schema.ts';
import { API_KEY_PATTERN, sha256Hex } from './secrets.ts';
import type { CredentialCache } from './credential-cache.ts';
import { asyncCommit } from '../db/async-commit.ts';

/** The authenticated caller of a request. */
export interface Principal {
  /** The firm (an account id): every tenant table is keyed by it. */
  accountId: string;
  /** The firm member acting (migration 032): a session's, key's or OAuth grant's person. */
  memberId: string;
  /** That member's role (src/domain/firm-roles.ts), checked by the role guard. */
  role: MemberRole;
  /** Who the member is and their own signing profile, read with the credential (GET /api/auth/me answers without another statement). */
  member: CredentialPerson;
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
   * The account's balance when it was read with the credential or since (issue 12: read at most
   * once per read request; request-balance.ts). Current for requests that charge nothing (reads);
   * a request that may charge reads it again as its response leaves (usage-headers.ts). Absent
   * when the credential came from memory and nothing has needed the balance yet.
   */
  balanceMicro?: bigint;
  /**
   * The balance this request's own charge wrote, as its statement returned it (a draft job's
   * submission): the usage headers show it rather than reading the balance again.
   */
  balanceWrittenMicro?: bigint;
}

/** last_used_at is refreshed at most once a minute per key, to keep writes off the hot path. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The key's firm and member, or null for a malformed, unknown or revoked key, or a key of a
 * removed member. With a cache (the app's, credential-cache.ts), a key verified before is answered
 * from memory and its balance is left unread (the caller reads it once when it needs it);
 * otherwise one statement reads the key, its member and the balance together. A member's role
 * change or removal empties their cached keys (migration 032's trigger).
 */
export async function principalFromApiKey(db: Db, key: string, cache?: CredentialCache): Promise<Principal | null> {
  if (!API_KEY_PATTERN.test(key)) return null;
  const keyHash = sha256Hex(key);
  const now = Date.now();
  const cached = cache?.get(keyHash);
  if (cached) {
    if (cached.lastUsedAt === null || now - cached.lastUsedAt > LAST_USED_RESOLUTION_MS) {
      cached.lastUsedAt = now; // before the write, so concurrent requests do not repeat it
      await db
        .updateTable('api_keys')
        .set({ last_used_at: new Date(now) })
        .where('id', '=', cached.apiKeyId)
        .where(asyncCommit)
        .execute();
    }
    return { accountId: cached.accountId, memberId: cached.memberId, role: cached.role, member: cached.member, via: 'api_key', apiKeyId: cached.apiKeyId };
  }
  const generation = cache?.generation() ?? 0;
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('members as m', (j) =>
      j.onRef('m.id', '=', 'api_keys.member_id').onRef('m.account_id', '=', 'api_keys.account_id').on('m.removed_at', 'is', null),
    )
    .leftJoin('credit_balances as b', 'b.account_id', 'api_keys.account_id')
    .select([
      'api_keys.id',
      'api_keys.account_id',
      'api_keys.member_id',
      'm.role',
      'm.email',
      'm.display_name',
      'm.practitioner',
      'api_keys.last_used_at',
      'b.balance_micro',
    ])
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  let lastUsedAt = row.last_used_at?.getTime() ?? null;
  if (lastUsedAt === null || now - lastUsedAt > LAST_USED_RESOLUTION_MS) {
    await db
      .updateTable('api_keys')
      .set({ last_used_at: new Date(now) })
      .where('id', '=', row.id)
      .where(asyncCommit)
      .execute();
    lastUsedAt = now;
  }
  const member = { email: row.email, display_name: row.display_name, practitioner: row.practitioner };
  cache?.put(keyHash, { apiKeyId: row.id, accountId: row.account_id, memberId: row.member_id, role: row.role, member, lastUsedAt }, generation);
  return {
    accountId: row.account_id,
    memberId: row.member_id,
    role: row.role,
    member,
    via: 'api_key',
    apiKeyId: row.id,
    balanceMicro: row.balance_micro ?? 0n,
  };
}

/** A session's member and firm (the member's current firm: a person who joined another firm acts there). */
export async function principalFromSession(db: Db, token: string): Promise<Principal | null> {
  if (token.length < 20 || token.length > 100) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('members as m', (j) => j.onRef('m.id', '=', 'sessions.member_id').on('m.removed_at', 'is', null))
    .leftJoin('credit_balances as b', 'b.account_id', 'm.account_id')
    .select(['m.account_id', 'm.id as member_id', 'm.role', 'm.email', 'm.display_name', 'm.practitioner', 'b.balance_micro'])
    .where('token_hash', '=', sha256Hex(token))
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row
    ? {
        accountId: row.account_id,
        memberId: row.member_id,
        role: row.role,
        member: { email: row.email, display_name: row.display_name, practitioner: row.practitioner },
        via: 'session',
        balanceMicro: row.balance_micro ?? 0n,
      }
    : null;
}
