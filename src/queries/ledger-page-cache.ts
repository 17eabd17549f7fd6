/**
 * Ledger pages of GET /api/credits kept in memory (issue 24: a repeated read costs no ledger
 * statement). Keyed per account, then per page (limit and cursor); an account's pages are never
 * handed to another account's key. Whatever a page shows bumps the account's
 * `credit_balances.page_version` when it changes (migration 036), and an entry is served only
 * when that change cannot have happened since it was read:
 *
 * - versioned (PostgreSQL, several processes): the entry holds the version read, in the same
 *   statement as the balance, before the page was; it is served only to a read that saw the same
 *   version. A page newer than its version is merely refreshed once too often; nothing is missed,
 *   and nothing depends on notifications arriving.
 * - notified (the embedded database, one process: the CLI reaches a running server through its
 *   admin socket, data-dir-lock.ts): the bump notifies `account:<id>` before the committing
 *   statement returns (credential-listener.ts), which forgets the account's pages; a read that
 *   began before a forget cannot fill the cache afterwards (the generation guard), and nothing is
 *   served while notifications cannot reach this process.
 *
 * Bounded: at most `maxPagesPerAccount` pages an account, `maxBytes` in all (each page's size as
 * its caller measured it), least recently used accounts go first.
 */
export interface LedgerPageCacheOptions {
  maxBytes?: number;
  maxPagesPerAccount?: number;
}

interface Entry<P> {
  page: P;
  bytes: number;
  /** The page_version the page was read at (versioned), or undefined (notified). */
  version: bigint | undefined;
}

export class LedgerPageCache<P> {
  /** Accounts in least-recently-used order (a hit moves its account to the end). */
  readonly #accounts = new Map<string, Map<string, Entry<P>>>();
  readonly #maxBytes: number;
  readonly #maxPages: number;
  #bytes = 0;
  #generation = 0;
  #notified = false;

  constructor(opts: LedgerPageCacheOptions = {}) {
    this.#maxBytes = opts.maxBytes ?? 8 * 1024 * 1024;
    this.#maxPages = opts.maxPagesPerAccount ?? 8;
  }

  /** Whether change notifications reach this process (unversioned entries are served only then). */
  get enabled(): boolean {
    return this.#notified;
  }

  /** Notifications started (true) or stopped (false); both forget everything. */
  setEnabled(on: boolean): void {
    this.clear();
    this.#notified = on;
  }

  /** Take before reading a page for a notified entry; hand to `put`. */
  generation(): number {
    return this.#generation;
  }

  /** The page held for this account and key: with `version`, only when read at that version; without, only while notified. */
  get(accountId: string, key: string, version?: bigint): P | undefined {
    const pages = this.#accounts.get(accountId);
    const e = pages?.get(key);
    if (!e) return undefined;
    if (version === undefined ? !this.#notified || e.version !== undefined : e.version !== version) return undefined;
    this.#accounts.delete(accountId);
    this.#accounts.set(accountId, pages!);
    return e.page;
  }

  /**
   * Keeps a page read at `at`: `{ version }` read (in an earlier statement) before the page, or
   * `{ generation }` taken before the page was read (dropped if a forget came since, or while not notified).
   */
  put(accountId: string, key: string, page: P, bytes: number, at: { version: bigint } | { generation: number }): void {
    if ('generation' in at && (!this.#notified || at.generation !== this.#generation)) return;
    if (bytes > this.#maxBytes) return;
    let pages = this.#accounts.get(accountId);
    if (pages) this.#accounts.delete(accountId);
    else pages = new Map();
    this.#accounts.set(accountId, pages);
    const held = pages.get(key);
    if (held) {
      this.#bytes -= held.bytes;
      pages.delete(key);
    }
    pages.set(key, { page, bytes, version: 'version' in at ? at.version : undefined });
    this.#bytes += bytes;
    if (pages.size > this.#maxPages) {
      const [oldest, e] = pages.entries().next().value!;
      pages.delete(oldest);
      this.#bytes -= e.bytes;
    }
    while (this.#bytes > this.#maxBytes) {
      const [lru] = this.#accounts.keys();
      this.#drop(lru);
    }
  }

  /** The account's pages changed (a notification): forget them, and refuse fills by reads already under way. */
  forgetAccount(accountId: string): void {
    this.#generation += 1;
    this.#drop(accountId);
  }

  clear(): void {
    this.#generation += 1;
    this.#accounts.clear();
    this.#bytes = 0;
  }

  /** Pages held, in all accounts. */
  get size(): number {
    let n = 0;
    for (const pages of this.#accounts.values()) n += pages.size;
    return n;
  }

  get bytes(): number {
    return this.#bytes;
  }

  #drop(accountId: string): void {
    const pages = this.#accounts.get(accountId);
    if (!pages) return;
    for (const e of pages.values()) this.#bytes -= e.bytes;
    this.#accounts.delete(accountId);
  }
}
