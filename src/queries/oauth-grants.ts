import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { CredentialPerson, MemberRole } from '../db/schema.ts';

/**
 * A connected app: one grant (a member's consent to one OAuth client). Grants' `account_id` column
 * holds the OAuth subject, which is the member id (migration 032; the account id for a firm of one).
 */
export interface OAuthGrantView {
  id: string;
  clientId: string;
  clientName: string | null;
  redirectUris: string[];
  noPurchaseOffers: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** Grants are live until revoked or (after ten years) expired. */
const live = sql<boolean>`(g.expires_at is null or g.expires_at > now())`;

/** The account's connected apps, most recently used first. */
export async function listOAuthGrants(db: Db, accountId: string): Promise<OAuthGrantView[]> {
  const rows = await db
    .selectFrom('oauth_artifacts as g')
    .leftJoin('oauth_artifacts as c', (j) => j.onRef('c.id', '=', 'g.client_id').on('c.model', 'in', ['Client', 'ClientMetadataDocument']))
    .select(['g.id', 'g.client_id', 'g.created_at', 'g.last_used_at', 'c.payload as client'])
    .where('g.model', '=', 'Grant')
    .where('g.account_id', '=', accountId)
    .where(live)
    .orderBy(sql`coalesce(g.last_used_at, g.created_at)`, 'desc')
    .orderBy('g.id')
    .execute();
  return rows.map((r) => {
    const client = (r.client ?? {}) as { client_name?: unknown; redirect_uris?: unknown; prosa_no_purchases?: unknown };
    return {
      id: r.id,
      clientId: r.client_id ?? '',
      clientName: typeof client.client_name === 'string' ? client.client_name : null,
      redirectUris: Array.isArray(client.redirect_uris) ? client.redirect_uris.filter((u): u is string => typeof u === 'string') : [],
      noPurchaseOffers: client.prosa_no_purchases === true,
      createdAt: r.created_at,
      lastUsedAt: r.last_used_at,
    };
  });
}

/** The account's live grant for a client (remembered consent), if any. */
export async function findLiveGrantId(db: Db, accountId: string, clientId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('oauth_artifacts as g')
    .select('g.id')
    .where('g.model', '=', 'Grant')
    .where('g.account_id', '=', accountId)
    .where('g.client_id', '=', clientId)
    .where(live)
    .orderBy('g.created_at', 'desc')
    .executeTakeFirst();
  return row?.id;
}

export interface LiveGrant {
  clientName: string | null;
  /** The firm the grant's member (the token's subject) belongs to now, and their role. */
  accountId: string;
  role: MemberRole;
  member: CredentialPerson;
  /** The account's balance, read in the same statement (the request's usage headers). */
  balanceMicro: bigint;
  /** When the grant expires (null: never); a cached grant is checked against it on every use (src/auth/grant-cache.ts). */
  expiresAt: Date | null;
}

/**
 * Whether a token's grant is still alive (the backend's bearer check, the MCP server's gate and
 * the token exchange): one primary-key lookup, plus the client's name for the audit log and the
 * member the token acts as. The roles read it through the grant cache (src/auth/grant-cache.ts).
 */
export async function findLiveGrant(db: Db, grantId: string, accountId: string, clientId: string): Promise<LiveGrant | null> {
  const row = await db
    .selectFrom('oauth_artifacts as g')
    .leftJoin('oauth_artifacts as c', (j) => j.onRef('c.id', '=', 'g.client_id').on('c.model', 'in', ['Client', 'ClientMetadataDocument']))
    // The subject is a member (migration 032): a removed member's grant is dead.
    .innerJoin('members as m', (j) => j.onRef('m.id', '=', 'g.account_id').on('m.removed_at', 'is', null))
    .leftJoin('credit_balances as b', 'b.account_id', 'm.account_id')
    .select([
      sql<string | null>`c.payload->>'client_name'`.as('client_name'),
      'b.balance_micro',
      'm.account_id as firm_id',
      'm.role',
      'm.email',
      'm.display_name',
      'm.practitioner',
      'g.expires_at',
    ])
    .where('g.model', '=', 'Grant')
    .where('g.id', '=', grantId)
    .where('g.account_id', '=', accountId)
    .where('g.client_id', '=', clientId)
    .where(live)
    .executeTakeFirst();
  return row
    ? {
        clientName: row.client_name,
        accountId: row.firm_id,
        role: row.role,
        member: { email: row.email, display_name: row.display_name, practitioner: row.practitioner },
        balanceMicro: row.balance_micro ?? 0n,
        expiresAt: row.expires_at,
      }
    : null;
}
