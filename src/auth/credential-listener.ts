import type { Database } from '../db/connect.ts';
import { listenOnDatabase } from '../db/pg-listener.ts';
import type { CredentialCache } from './credential-cache.ts';
import type { AccountCache } from './account-cache.ts';

/** A cache of things per account that a change to the account's rows must empty (the ledger pages: ledger-page-cache.ts). */
export interface AccountKeyedCache {
  forgetAccount(accountId: string): void;
  clear(): void;
  setEnabled(on: boolean): void;
}

/** The channel migration 019's triggers notify on; payload `key:<api key id>`, `account:<account id>` or `member:<member id>` (migration 032). */
const CREDENTIAL_CHANNEL = 'prosa_credentials';

/** The LISTEN connection's application_name: one per API process on PostgreSQL (rate-limits-for.ts counts them). */
export const CREDENTIAL_LISTENER_NAME = 'prosa-credential-listener';

export interface CredentialListener {
  close(): Promise<void>;
}

/**
 * Keeps the caches in step with the database: every change notification forgets that key or
 * account. They serve entries only while the LISTEN is in place; when its connection drops, they
 * are emptied and bypassed (every request reads the database) until a new connection listens
 * again, so a notification missed meanwhile cannot leave a revoked key working or a balance stale.
 *
 * PostgreSQL: one dedicated connection per process (a pooled one cannot hold a LISTEN).
 * PGlite: the instance's own listen; it calls back before the committing query returns.
 */
export async function listenForCredentialChanges(
  database: Database,
  keys: CredentialCache,
  accounts: AccountCache,
  log: (err: unknown) => void,
  perAccount: AccountKeyedCache[] = [],
): Promise<CredentialListener> {
  const onPayload = (payload: string) => {
    if (payload.startsWith('key:')) keys.forgetKey(payload.slice(4));
    else if (payload.startsWith('member:')) keys.forgetMember(payload.slice(7));
    else if (payload.startsWith('account:')) {
      const accountId = payload.slice(8);
      accounts.forgetAccount(accountId);
      for (const c of perAccount) c.forgetAccount(accountId);
    } else {
      keys.clear();
      accounts.clear();
      for (const c of perAccount) c.clear();
    }
  };
  const setEnabled = (on: boolean) => {
    keys.setEnabled(on);
    accounts.setEnabled(on);
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
