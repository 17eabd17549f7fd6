import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Database } from './connect.ts';

/**
 * One dedicated PostgreSQL connection that LISTENs on a channel (a pooled connection would be
 * lent to other queries, and LISTEN belongs to its session). Used by the credential caches'
 * invalidation (src/auth/credential-listener.ts) and the web app's activity feed
 * (src/activity/activity-feed.ts), through `listenOnDatabase`, which also covers PGlite.
 *
 * "Up" means more than connected: after LISTEN the connection notifies itself once and waits for
 * that probe to come back. Behind a pooler in transaction mode (PgBouncer) LISTEN succeeds but its
 * server connection goes back to the pool, so nothing would ever arrive; then the listener logs it
 * and never reports up. A lost connection reports down and reconnects after a second.
 */
export interface PgListenerOptions {
  connectionString: string;
  channel: string;
  /** Shown in pg_stat_activity, so an operator can tell the listeners apart. */
  applicationName: string;
  /** Each notification on the channel except the listener's own probes. */
  onNotification(payload: string): void;
  /** Listening, and notifications are seen to arrive. */
  onUp?(): void;
  /** The connection was lost: notifications may be missed until the next onUp. */
  onDown?(): void;
  log(err: unknown): void;
}

export interface PgListener {
  /** Whether the last (re)connection is up (see onUp). */
  readonly up: boolean;
  close(): Promise<void>;
}

const RECONNECT_MS = 1000;
/** How long a connection waits for its own probe notification before it concludes none arrive. */
const PROBE_TIMEOUT_MS = 2000;
const PROBE_PREFIX = 'probe:';

/** Connects and listens; resolves after the first attempt (up or not), then keeps reconnecting until closed. */
async function listenOnPostgres(opts: PgListenerOptions): Promise<PgListener> {
  let closed = false;
  let up = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: opts.connectionString, application_name: opts.applicationName });
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = undefined;
      up = false;
      opts.onDown?.();
      if (err) opts.log(err);
      void c.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS).unref();
    };
    let probe: { payload: string; arrived: () => void } | undefined;
    c.on('notification', (m) => {
      if (m.channel !== opts.channel || m.payload === undefined) return;
      if (m.payload.startsWith(PROBE_PREFIX)) {
        if (probe && m.payload === probe.payload) probe.arrived();
        return; // a process checking its own connection (ours or another's)
      }
      opts.onNotification(m.payload);
    });
    c.on('error', lost);
    c.on('end', () => lost());
    client = c;
    try {
      await c.connect();
      await c.query(`listen ${opts.channel}`);
      const payload = `${PROBE_PREFIX}${randomUUID()}`;
      const arrived = new Promise<boolean>((resolve) => {
        probe = { payload, arrived: () => resolve(true) };
        setTimeout(() => resolve(false), PROBE_TIMEOUT_MS).unref();
      });
      await c.query('select pg_notify($1, $2)', [opts.channel, payload]);
      const delivered = await arrived;
      probe = undefined;
      if (!delivered) {
        if (client === c) opts.log(new Error(`notifications on ${opts.channel} do not arrive on the LISTEN connection (a pooler in transaction mode?)`));
        return; // stays connected and down
      }
      if (client === c && !closed) {
        up = true;
        opts.onUp?.();
      }
    } catch (err) {
      lost(err as Error);
    }
  };

  await connect();
  return {
    get up() {
      return up;
    },
    async close() {
      closed = true;
      up = false;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * LISTEN on either database. PGlite delivers notifications in-process (before the committing
 * statement returns) and cannot lose them, so it is up at once and stays up; PostgreSQL gets a
 * dedicated connection (listenOnPostgres). A database with neither (never the case for an opened
 * one) never reports up.
 */
export async function listenOnDatabase(
  database: Pick<Database, 'pglite' | 'connectionString'>,
  opts: Omit<PgListenerOptions, 'connectionString'>,
): Promise<PgListener> {
  const pglite = database.pglite;
  if (pglite) {
    const unlisten = await pglite.listen(opts.channel, (payload) => opts.onNotification(payload));
    let up = true;
    opts.onUp?.();
    return {
      get up() {
        return up;
      },
      async close() {
        up = false;
        if (!pglite.closed) await unlisten().catch(() => {});
      },
    };
  }
  if (!database.connectionString) return { up: false, close: async () => {} };
  return listenOnPostgres({ ...opts, connectionString: database.connectionString });
}
