import type { Account } from '../db/schema.ts';
import { InvalidatedCache } from './invalidated-cache.ts';

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

/** Balances and account rows by account id (invalidated-cache.ts: served only while notifications flow, 30 s at most). */
export class AccountCache extends InvalidatedCache<AccountSnapshot> {
  /**
   * Stores what a read saw (see InvalidatedCache.put). A balance-only read keeps an account row
   * already held: any change since it was stored would have removed it.
   */
  override put(accountId: string, value: AccountSnapshot, generation: number): void {
    super.put(accountId, value, generation, (held) => ({ balanceMicro: value.balanceMicro, account: value.account ?? held.account }));
  }

  forgetAccount(accountId: string): void {
    this.forget(accountId);
  }
}
