import type { Account } from '../db/schema.ts';

/**
 * An account's row and balance kept in memory for read requests (issue 12: GET /api/auth/me
 * answered without a database statement). Only displays read it: every charge still locks and
 * reads the balance row in its own transaction (credit-ledger.ts), so nothing here can move money.
 *
 * Any change to an account row or a balance row makes the database notify every process
 * (migration 019's triggers, credential-listener.ts), which forgets the account. On the embedded
 * database the notification is handled before the committing statement returns, so a read never
 * sees an older balance than the database's. On PostgreSQL it arrives after the commit, over each
 * process's LISTEN connection: a change made elsewhere shows here after that delay (a few
 * milliseconds; measured in test/auth-cache.test.ts). While the LISTEN connection is down nothing
 * is served from here.
 */
export interface AccountSnapshot {
  balanceMicro: bigint;
  /** Present once a handler has read the whole row (GET /api/auth/me). */
  account?: Account;
}

export interface AccountCacheOptions {
  /** Upper bound on an entry's life even while notifications flow. */
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export class AccountCache {
  readonly #entries = new Map<string, { value: AccountSnapshot; expiresAt: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  /** Bumped by every invalidation: a read that began before one must not fill the cache. */
  #generation = 0;
  #enabled = false;

  constructor(opts: AccountCacheOptions = {}) {
    this.#ttlMs = opts.ttlMs ?? 30_000;
    this.#maxEntries = opts.maxEntries ?? 10_000;
    this.#now = opts.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.#enabled;
  }

  setEnabled(on: boolean): void {
    this.clear();
    this.#enabled = on;
  }

  get(accountId: string): AccountSnapshot | undefined {
    if (!this.#enabled) return undefined;
    const e = this.#entries.get(accountId);
    if (!e) return undefined;
    if (e.expiresAt <= this.#now()) {
      this.#entries.delete(accountId);
      return undefined;
    }
    return e.value;
  }

  /** Take before reading from the database; hand to `put` with what was read. */
  generation(): number {
    return this.#generation;
  }

  /**
   * Stores what a read saw, unless an invalidation arrived since it began. A balance-only read
   * keeps an account row already held: any change since it was stored would have removed it.
   * The entry's expiry stays that of its first fill (the TTL bounds the row's age too).
   */
  put(accountId: string, value: AccountSnapshot, generation: number): void {
    if (!this.#enabled || generation !== this.#generation) return;
    const held = this.#entries.get(accountId);
    const account = value.account ?? held?.value.account;
    this.#entries.delete(accountId);
    this.#entries.set(accountId, { value: { balanceMicro: value.balanceMicro, account }, expiresAt: held?.expiresAt ?? this.#now() + this.#ttlMs });
    if (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
  }

  forgetAccount(accountId: string): void {
    this.#generation += 1;
    this.#entries.delete(accountId);
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }
}
