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
  /** Unix ms of the last stored last_used_at (refreshed at most once a minute, principal.ts). */
  lastUsedAt: number | null;
}

export interface CredentialCacheOptions {
  /** Upper bound on an entry's life even while notifications flow (belt and braces). */
  ttlMs?: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries?: number;
  now?: () => number;
}

export const CREDENTIAL_CACHE_TTL_MS = 30_000;

export class CredentialCache {
  readonly #entries = new Map<string, { value: CachedApiKey; expiresAt: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  /** Bumped by every invalidation: a read that began before one must not fill the cache. */
  #generation = 0;
  #enabled = false;

  constructor(opts: CredentialCacheOptions = {}) {
    this.#ttlMs = opts.ttlMs ?? CREDENTIAL_CACHE_TTL_MS;
    this.#maxEntries = opts.maxEntries ?? 10_000;
    this.#now = opts.now ?? Date.now;
  }

  /** Whether entries are served: only while invalidations can reach this process. */
  get enabled(): boolean {
    return this.#enabled;
  }

  /** Turns serving on (the notification channel is listening) or off (it is down); both empty the cache. */
  setEnabled(on: boolean): void {
    this.clear();
    this.#enabled = on;
  }

  get(keyHash: string): CachedApiKey | undefined {
    if (!this.#enabled) return undefined;
    const e = this.#entries.get(keyHash);
    if (!e) return undefined;
    if (e.expiresAt <= this.#now()) {
      this.#entries.delete(keyHash);
      return undefined;
    }
    return e.value;
  }

  /** Take before reading the key from the database; hand to `put` with the row read. */
  generation(): number {
    return this.#generation;
  }

  /**
   * Stores a key read from the database, unless an invalidation arrived since the read began
   * (`generation` changed): that read may have seen the key before its revocation committed.
   */
  put(keyHash: string, value: CachedApiKey, generation: number): void {
    if (!this.#enabled || generation !== this.#generation) return;
    this.#entries.delete(keyHash);
    this.#entries.set(keyHash, { value, expiresAt: this.#now() + this.#ttlMs });
    if (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
  }

  /** Forgets the key with this id (revoked, rotated, moved or deleted). */
  forgetKey(apiKeyId: string): void {
    this.#generation += 1;
    for (const [hash, e] of this.#entries) if (e.value.apiKeyId === apiKeyId) this.#entries.delete(hash);
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
