import type { Database } from '../db/connect.ts';
import { listenOnDatabase } from '../db/pg-listener.ts';

/** One announced audit row (migration 020's trigger), as the account's own audit log shows it. */
export interface ActivityEvent {
  account_id: string;
  id: string;
  action: string;
  source: string;
  target_type: string | null;
  target_id: string | null;
}

type Listener = (event: ActivityEvent) => void;

const ACTIVITY_CHANNEL = 'prosa_activity';

/**
 * Fans the database's `prosa_activity` notifications out to this process's subscribers, by
 * account. Every replica listens on the shared database, so work done through any replica (an
 * assistant's tool call on the MCP process, a script's API key on another API process) reaches a
 * browser connected to this one. One LISTEN per process, opened on the first subscriber:
 * PGlite delivers NOTIFY in-process; on PostgreSQL a dedicated connection listens and reconnects by
 * itself (src/db/pg-listener.ts).
 */
export class ActivityFeed {
  private readonly listeners = new Map<string, Set<Listener>>();
  private started: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | null = null;

  private readonly database: Database;
  private readonly log: { warn(obj: object, msg: string): void };

  constructor(database: Database, log: { warn(obj: object, msg: string): void } = console) {
    this.database = database;
    this.log = log;
  }

  /** Calls `fn` for each activity of `accountId` committed from now on; returns the unsubscribe. */
  async subscribe(accountId: string, fn: Listener): Promise<() => void> {
    let set = this.listeners.get(accountId);
    if (!set) this.listeners.set(accountId, (set = new Set()));
    set.add(fn);
    await this.start();
    return () => {
      set.delete(fn);
      if (set.size === 0 && this.listeners.get(accountId) === set) this.listeners.delete(accountId);
    };
  }

  /** Open subscriptions (tests, metrics). */
  get subscriberCount(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.started?.catch(() => {});
    await this.stopListening?.();
  }

  private start(): Promise<void> {
    this.started ??= this.listen().catch((err: unknown) => {
      this.started = null; // the next subscriber tries again
      throw err;
    });
    return this.started;
  }

  private deliver(payload: string): void {
    let event: ActivityEvent;
    try {
      event = JSON.parse(payload) as ActivityEvent;
    } catch {
      return; // not ours: something else notified on the channel
    }
    for (const fn of this.listeners.get(event.account_id) ?? []) {
      try {
        fn(event);
      } catch (err) {
        this.log.warn({ err }, 'activity listener failed');
      }
    }
  }

  private async listen(): Promise<void> {
    // On PostgreSQL the listener reconnects by itself (pg-listener.ts); notifications sent while it
    // is down are lost, which only means a page refreshes at its next poll instead of at once.
    const listener = await listenOnDatabase(this.database, {
      channel: ACTIVITY_CHANNEL,
      applicationName: 'prosa-activity-listener',
      onNotification: (payload) => this.deliver(payload),
      log: (err) => this.log.warn({ err }, 'activity listener'),
    });
    if (!listener.up) {
      await listener.close();
      throw new Error('activity notifications are not arriving'); // the first subscriber hears that live updates are unavailable
    }
    this.stopListening = () => listener.close();
  }
}
