import type { CredentialPerson, MemberRole } from '../db/schema.ts';
import { InvalidatedCache } from './invalidated-cache.ts';

/**
 * API-key verification results kept in memory (issue 12: every authenticated request read its key
 * from the database). A key's hash maps to its key id and account; a revoked, rotated or deleted
 * key is forgotten as soon as the database says so (credential-listener.ts: a trigger on api_keys
 * notifies every process, migration 019), and this process forgets its own revocations before the
 * revoking request answers. While that notification channel is down, nothing is served from here.
 *
 * Only positive results are kept (an unknown key costs a database read each time, and is limited
 * per client address by the `unauthenticated` tier). The balance is never kept: every response
 * shows the current balance (spec "Usage headers").
 */
export interface CachedApiKey {
  apiKeyId: string;
  accountId: string;
  /** The member the key acts as, and that member's role when the key was read. */
  memberId: string;
  role: MemberRole;
  member: CredentialPerson;
  /** Unix ms of the last stored last_used_at (refreshed at most once a minute, principal.ts). */
  lastUsedAt: number | null;
}

/** Verified keys by key hash (invalidated-cache.ts: served only while notifications flow, 30 s at most). */
export class CredentialCache extends InvalidatedCache<CachedApiKey> {
  /** Forgets the key with this id (revoked, rotated, moved or deleted). */
  forgetKey(apiKeyId: string): void {
    this.forgetWhere((v) => v.apiKeyId === apiKeyId);
  }

  /** Forgets a member's keys (role or signing profile changed, removed or moved to another firm; migrations 032, 033). */
  forgetMember(memberId: string): void {
    this.forgetWhere((v) => v.memberId === memberId);
  }
}
