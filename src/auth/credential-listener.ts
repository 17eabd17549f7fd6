import type { Database } from '../db/connect.ts';
import { listenOnDatabase } from '../db/pg-listener.ts';
import type { CredentialCache } from './credential-cache.ts';
import type { AccountCache } from './account-cache.ts';
import type { GrantCache } from './grant-cache.ts';

/** A cache of things per account that a change to the account's rows must empty (the ledger pages: ledger-page-cache.ts). */
export interface AccountKeyedCache {
  forgetAccount(accountId: string): void;
  clear(): void;
  setEnabled(on: boolean): void;
}

/**
 * The channel migration 019's triggers notify on; payload `key:<api key id>`, `account:<account id>`,
 * `member:<member id>` (migration 032) or `grant:<oauth grant id>` (migration 038).
 */
const CREDENTIAL_CHANNEL = 'prosa_credentials';

/** The LISTEN connection's application_name: one per API process on PostgreSQL (rate-limits-for.ts counts them). */
export const CREDENTIAL_LISTENER_NAME = 'prosa-credential-listener';

/** The caches a process keeps in step with the database. */
export interface CredentialCaches {
  keys: CredentialCache;
  accounts: AccountCache;
  /** Live OAuth grants (the bearer check, the MCP server's gate). */
  grants?: GrantCache;
  /** Caches per account (the ledger pages). */
  perAccount?: AccountKeyedCache[];
}

export interface CredentialListener {
  close(): Promise<void>;
}

/**
 * Keeps the caches in step with the database: every change notification forgets that key,
 * account, member or grant. They serve entries only while the LISTEN is in place; when its
 * connection drops, they are emptied and bypassed (every request reads the database) until a new
 * connection listens again, so a notification missed meanwhile cannot leave a revoked key or
 * grant working or a balance stale.
 *
 * PostgreSQL: one dedicated connection per process (a pooled one cannot hold a LISTEN).
 * PGlite: the instance's own listen; it calls back before the committing query returns.
 */
export async function listenForCredentialChanges(database: Database, caches: CredentialCaches, log: (err: unknown) => void): Promise<CredentialListener> {
  const { keys, accounts, grants, perAccount = [] } = caches;
  const onPayload = (payload: string) => {
    if (payload.startsWith('key:')) keys.forgetKey(payload.slice(4));
    else if (payload.startsWith('grant:')) grants?.heard(payload.slice(6));
    else if (payload.startsWith('member:')) {
      keys.forgetMember(payload.slice(7));
      grants?.forgetMember(payload.slice(7));
    } else if (payload.startsWith('account:')) {
      const accountId = payload.slice(8);
      accounts.forgetAccount(accountId);
      for (const c of perAccount) c.forgetAccount(accountId);
    } else {
      keys.clear();
      accounts.clear();
      grants?.clear();
      for (const c of perAccount) c.clear();
    }
  };
  const setEnabled = (on: boolean) => {
    keys.setEnabled(on);
    accounts.setEnabled(on);
    grants?.setEnabled(on);
    for (const c of perAccount) c.setEnabled(on);
  };

  // Serve from the caches only while notifications are seen to arrive (pg-listener.ts): a missed
  // one could leave a revoked key working or a balance stale.
  const listener = await listenOnDatabase(database, {
    channel: CREDENTIAL_CHANNEL,
    applicationName: CREDENTIAL_LISTENER_NAME,
    onNotification: onPayload,
    onUp: () => setEnabled(true),
    onDown: () => setEnabled(false),
    log,
  });
  return {
    async close() {
      setEnabled(false);
      await listener.close();
    },
  };
}
