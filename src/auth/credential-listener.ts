import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../db/connect.ts';
import type { CredentialCache } from './credential-cache.ts';
import type { AccountCache } from './account-cache.ts';

/** The channel migration 019's triggers notify on; payload `key:<api key id>` or `account:<account id>`. */
export const CREDENTIAL_CHANNEL = 'prosa_credentials';

const RECONNECT_MS = 1000;
/** How long a process waits for its own probe notification before it concludes none arrive. */
const PROBE_TIMEOUT_MS = 2000;

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
export async function listenForCredentialChanges(database: Database, keys: CredentialCache, accounts: AccountCache, log: (err: unknown) => void): Promise<CredentialListener> {
  const onPayload = (payload: string | undefined) => {
    if (payload?.startsWith('probe:')) return; // a process checking its own channel (below)
    if (payload?.startsWith('key:')) keys.forgetKey(payload.slice(4));
    else if (payload?.startsWith('account:')) accounts.forgetAccount(payload.slice(8));
    else {
      keys.clear();
      accounts.clear();
    }
  };
  const setEnabled = (on: boolean) => {
    keys.setEnabled(on);
    accounts.setEnabled(on);
  };

  if (database.pglite) {
    const unlisten = await database.pglite.listen(CREDENTIAL_CHANNEL, onPayload);
    setEnabled(true);
    return {
      async close() {
        setEnabled(false);
        if (!database.pglite!.closed) await unlisten();
      },
    };
  }

  if (!database.connectionString) return { close: async () => {} }; // no channel: never cache
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: database.connectionString, application_name: 'prosa-credential-listener' });
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = undefined;
      setEnabled(false);
      if (err) log(err);
      void c.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS).unref();
    };
    let probe: { payload: string; arrived: () => void } | undefined;
    c.on('notification', (m) => {
      if (m.channel !== CREDENTIAL_CHANNEL) return;
      if (probe && m.payload === probe.payload) probe.arrived();
      onPayload(m.payload);
    });
    c.on('error', lost);
    c.on('end', () => lost());
    client = c;
    try {
      await c.connect();
      await c.query(`listen ${CREDENTIAL_CHANNEL}`);
      // Serve from the caches only once a notification is seen to arrive on this connection.
      // Behind a pooler in transaction mode (PgBouncer) LISTEN succeeds but its server connection
      // goes back to the pool, so no notification would ever arrive and revoked keys would keep
      // working until their TTL: the probe then never arrives and the caches stay off.
      const payload = `probe:${randomUUID()}`;
      const arrived = new Promise<boolean>((resolve) => {
        probe = { payload, arrived: () => resolve(true) };
        setTimeout(() => resolve(false), PROBE_TIMEOUT_MS).unref();
      });
      await c.query('select pg_notify($1, $2)', [CREDENTIAL_CHANNEL, payload]);
      const delivered = await arrived;
      probe = undefined;
      if (!delivered) {
        if (client === c) log(new Error('credential change notifications do not arrive on the LISTEN connection (a pooler in transaction mode?): key and balance caches stay off'));
        return; // stays connected and off; nothing is cached
      }
      if (client === c && !closed) setEnabled(true);
    } catch (err) {
      lost(err as Error);
    }
  };
  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      setEnabled(false);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
