import type { Db } from '../db/connect.ts';
import { findLiveGrant, type LiveGrant } from '../queries/oauth-grants.ts';
import { InvalidatedCache } from './invalidated-cache.ts';

/**
 * Live OAuth grants kept in memory (issue 24: every MCP message read its token's grant, and every
 * in-process `/api` call and audit report read it again). A grant is a member's consent to one
 * client; every access token names it (`gid`), and a token is honoured only while its grant
 * lives. An entry holds what the grant row and its member said when read, and is forgotten as
 * soon as the database says a grant changed or went (migration 038's trigger: `grant:<id>`) or
 * its member changed (migration 032's `member:<id>`), through credential-listener.ts. While that
 * channel is down, nothing is served from here (invalidated-cache.ts).
 *
 * Only live grants are kept; a grant's expiry is checked against the clock on every use, so an
 * expired grant is never served even before the row is purged. The balance read with the grant
 * is not kept: a request reads it once when it needs it (account-cache.ts), as for API keys.
 */
export interface CachedGrant {
  /** The grant's subject (the member), as the row's `account_id` holds it. */
  memberId: string;
  clientId: string;
  /** Unix ms; null: does not expire. */
  expiresAt: number | null;
  grant: GrantSeen;
}

/** A live grant as the roles use it: the balance only when it was read with the grant just now. */
export type GrantSeen = Omit<LiveGrant, 'balanceMicro' | 'expiresAt'> & { balanceMicro?: bigint };

/** How long a revoking request waits for its own process to hear the revocation (PostgreSQL delivers it after the commit). */
const HEAR_OWN_REVOCATION_MS = 1000;

/** Live grants by grant id (invalidated-cache.ts: served only while notifications flow, 30 s at most). */
export class GrantCache extends InvalidatedCache<CachedGrant> {
  readonly #waiting = new Map<string, Set<() => void>>();

  /** The database announced a change to this grant (credential-listener.ts). */
  heard(grantId: string): void {
    this.forget(grantId);
    for (const done of this.#waiting.get(grantId) ?? []) done();
  }

  /** Forgets the member's grants (role, profile or firm changed, or removed). */
  forgetMember(memberId: string): void {
    this.forgetWhere((v) => v.memberId === memberId);
  }

  /**
   * Runs `commit` (which ends the grant), then forgets the grant here before the caller answers.
   * While the cache is served it also waits (up to a second) until this process has heard the
   * database's notification: PostgreSQL signals every listening process at the same commit, so
   * when the revoking request answers, the other processes have been told as well (a few
   * milliseconds on a quiet machine). On the embedded database the notification arrives before
   * the committing statement returns.
   */
  async revoking<T>(grantId: string, commit: () => Promise<T>): Promise<T> {
    let heard!: () => void;
    const arrived = new Promise<void>((resolve) => (heard = resolve));
    const waiters = this.#waiting.get(grantId) ?? new Set();
    waiters.add(heard);
    this.#waiting.set(grantId, waiters);
    try {
      const result = await commit();
      this.forget(grantId);
      if (this.enabled) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([arrived, new Promise<void>((resolve) => (timer = setTimeout(resolve, HEAR_OWN_REVOCATION_MS).unref()))]);
        clearTimeout(timer);
      }
      return result;
    } finally {
      waiters.delete(heard);
      if (waiters.size === 0) this.#waiting.delete(grantId);
    }
  }
}

/**
 * The grant behind a token, if it is alive and names this subject and client: from memory when
 * held, else one statement (findLiveGrant, which also reads the balance) whose answer is kept.
 */
export async function liveGrant(db: Db, cache: GrantCache, grantId: string, memberId: string, clientId: string): Promise<GrantSeen | null> {
  const held = cache.get(grantId);
  if (held) {
    if (held.expiresAt !== null && held.expiresAt <= Date.now()) {
      cache.forget(grantId);
      return null;
    }
    // Another subject or client than the row's: not this token's grant (what the statement would answer).
    return held.memberId === memberId && held.clientId === clientId ? held.grant : null;
  }
  const generation = cache.generation();
  const found = await findLiveGrant(db, grantId, memberId, clientId);
  if (!found) return null;
  const { balanceMicro, expiresAt, ...grant } = found;
  cache.put(grantId, { memberId, clientId, expiresAt: expiresAt?.getTime() ?? null, grant }, generation);
  return { ...grant, balanceMicro };
}
