/**
 * A bounded in-memory map whose entries the database invalidates (issue 12): the credential and
 * account caches (credential-cache.ts, account-cache.ts) serve entries only while change
 * notifications can reach this process (`setEnabled`, driven by credential-listener.ts), and a
 * read that began before an invalidation cannot fill it afterwards (the generation guard: that
 * read may have seen the row before the change committed). Entries also expire after `ttlMs`,
 * and the oldest go first beyond `maxEntries`.
 */
export interface InvalidatedCacheOptions {
  /** Upper bound on an entry's life even while notifications flow. */
  ttlMs?: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries?: number;
  now?: () => number;
}

const INVALIDATED_CACHE_TTL_MS = 30_000;

export class InvalidatedCache<V> {
  readonly #entries = new Map<string, { value: V; expiresAt: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  /** Bumped by every invalidation: a read that began before one must not fill the cache. */
  #generation = 0;
  #enabled = false;

  constructor(opts: InvalidatedCacheOptions = {}) {
    this.#ttlMs = opts.ttlMs ?? INVALIDATED_CACHE_TTL_MS;
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

  get(key: string): V | undefined {
    if (!this.#enabled) return undefined;
    const e = this.#entries.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  /** Take before reading from the database; hand to `put` with what was read. */
  generation(): number {
    return this.#generation;
  }

  /**
   * Stores what a read saw, unless an invalidation arrived since it began. `merge` combines it with
   * the entry already held (if any); a merged entry keeps the held entry's expiry, so the TTL bounds
   * the age of everything in it.
   */
  put(key: string, value: V, generation: number, merge?: (held: V) => V): void {
    if (!this.#enabled || generation !== this.#generation) return;
    const held = this.#entries.get(key);
    this.#entries.delete(key);
    const merged = held && merge ? merge(held.value) : value;
    const expiresAt = held && merge ? held.expiresAt : this.#now() + this.#ttlMs;
    this.#entries.set(key, { value: merged, expiresAt });
    if (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
  }

  forget(key: string): void {
    this.#generation += 1;
    this.#entries.delete(key);
  }

  /** Forgets every entry whose value matches (the key is not what the change names). */
  forgetWhere(match: (value: V) => boolean): void {
    this.#generation += 1;
    for (const [key, e] of this.#entries) if (match(e.value)) this.#entries.delete(key);
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
