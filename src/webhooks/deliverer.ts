/**
 * The webhook delivery pass (issue 21). Each pass:
 * 1. fans new docket events (migration 024's outbox) out to the endpoints subscribed to their
 *    kind: one webhook_deliveries row per event and endpoint (the unique index makes a second
 *    fan-out, by this pass or another replica's, a no-op): events after the endpoint was created,
 *    and at most three days old;
 * 2. claims due pending deliveries (`for update skip locked`, so replicas share the work without
 *    waiting on each other) by pushing their next attempt five minutes out (a lease: a process
 *    that dies mid-send leaves them to be retried then), and commits;
 * 3. sends each (sender.ts: signed, 10 s, no redirects, public addresses only) and records the
 *    outcome: 2xx is delivered; anything else is retried after 1 min, 5 min, 30 min, 2 h and 12 h,
 *    then given up (status failed).
 *
 * The scheduling clock is passed in (`now`), so tests drive retries by running passes at chosen
 * instants; the signature's timestamp is always the wall clock's.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { nextAttemptAfter, PING_KIND } from '../domain/webhooks.ts';
import { openSecret } from './secret-box.ts';
import { signatureHeaders } from './signature.ts';
import { sendWebhook, type SendResult } from './sender.ts';

export interface DeliveryDeps {
  /** keyring.webhookSecretKey: opens the endpoints' sealed secrets. */
  secretKey: Uint8Array;
  /** BASE_URL: relative `..._url` fields of payloads become absolute on it. */
  baseUrl: string;
  /** A development or test server (BASE_URL on loopback) may deliver to localhost over http. */
  allowLoopback: boolean;
  now?: () => Date;
  /** Replaces the HTTP POST (never used in production). */
  send?: typeof sendWebhook;
  timeoutMs?: number;
}

export interface DeliveryPassResult {
  /** Delivery rows created for new events. */
  queued: number;
  attempted: number;
  delivered: number;
  /** Attempts that failed and will be retried. */
  retrying: number;
  /** Deliveries given up after their last attempt. */
  failed: number;
}

/** How long a claimed delivery is left to its claimant before another pass may take it. */
const LEASE_MS = 5 * 60 * 1000;
/** Deliveries claimed per pass. */
const PASS_LIMIT = 50;
/** Concurrent sends within a pass. */
const CONCURRENCY = 8;

/** BASE_URL rule for local endpoints: the server itself runs on loopback (development, tests). */
export function allowsLoopbackEndpoints(baseUrl: string): boolean {
  const host = URL.parse(baseUrl)?.hostname ?? '';
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.test') || host.endsWith('.localhost');
}

/** Step 1: delivery rows for events not yet fanned out. */
async function fanOutEvents(db: Db, now: Date): Promise<number> {
  const res = await sql`
    insert into webhook_deliveries (endpoint_id, account_id, docket_event_id, event_kind, next_attempt_at)
    select e.id, e.account_id, ev.id, ev.kind, ${now}
    from webhook_endpoints e
    join docket_events ev on ev.account_id = e.account_id and ev.id > e.after_event_id
    where e.enabled and e.event_kinds @> jsonb_build_array(ev.kind) and ev.occurred_at > now() - interval '3 days'
    on conflict (endpoint_id, docket_event_id) do nothing`.execute(db);
  return Number(res.numAffectedRows ?? 0n);
}

interface Claimed {
  id: string;
  endpoint_id: string;
  attempts: number;
  event_kind: string;
  url: string;
  secret_ciphertext: string;
  payload: Record<string, unknown> | null;
  event_payload: Record<string, unknown> | null;
  occurred_at: Date | null;
  created_at: Date;
}

/** Step 2: claims due deliveries (or just `onlyId`, when it is pending), leasing them. */
async function claim(db: Db, now: Date, limit: number, onlyId?: string): Promise<Claimed[]> {
  return db.transaction().execute(async (trx) => {
    const due = await sql<{ id: string }>`
      select d.id::text as id from webhook_deliveries d
      join webhook_endpoints e on e.id = d.endpoint_id
      where d.status = 'pending' and e.enabled
        and ${onlyId !== undefined ? sql`d.id = ${onlyId}` : sql`d.next_attempt_at <= ${now}`}
      order by d.next_attempt_at, d.id
      limit ${limit}
      for update of d skip locked`.execute(trx);
    if (due.rows.length === 0) return [];
    const ids = due.rows.map((r) => r.id);
    await trx
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: new Date(now.getTime() + LEASE_MS) })
      .where('id', 'in', ids.map(BigInt))
      .execute();
    const rows = await sql<Claimed>`
      select d.id::text as id, d.endpoint_id, d.attempts, d.event_kind, e.url, e.secret_ciphertext, d.payload,
             ev.payload as event_payload, ev.occurred_at, d.created_at
      from webhook_deliveries d
      join webhook_endpoints e on e.id = d.endpoint_id
      left join docket_events ev on ev.id = d.docket_event_id
      where d.id in (${sql.join(ids)})
      order by d.id`.execute(trx);
    return rows.rows;
  });
}

/** `..._url` fields that are paths become absolute on BASE_URL (payloads are stored without it). */
function absolutize(value: unknown, baseUrl: string): unknown {
  if (Array.isArray(value)) return value.map((v) => absolutize(v, baseUrl));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        k.endsWith('_url') && typeof v === 'string' && v.startsWith('/') ? `${baseUrl}${v}` : absolutize(v, baseUrl),
      ]),
    );
  }
  return value;
}

/** The wire body (Standard Webhooks' recommended envelope): {type, timestamp, data}. */
function webhookBody(row: Pick<Claimed, 'event_kind' | 'payload' | 'event_payload' | 'occurred_at' | 'created_at'>, baseUrl: string): string {
  const data = row.event_kind === PING_KIND ? (row.payload ?? {}) : (row.event_payload ?? {});
  return JSON.stringify({ type: row.event_kind, timestamp: (row.occurred_at ?? row.created_at).toISOString(), data: absolutize(data, baseUrl) });
}

/** The `webhook-id`: one per event and endpoint, the same on every retry (receivers deduplicate on it). */
function messageId(deliveryId: string): string {
  return `msg_${deliveryId}`;
}

async function attempt(db: Db, deps: DeliveryDeps, row: Claimed, now: Date): Promise<'delivered' | 'retrying' | 'failed'> {
  let result: SendResult;
  try {
    const secret = openSecret(deps.secretKey, row.secret_ciphertext);
    const body = webhookBody(row, deps.baseUrl);
    // The signature's timestamp is the real time of sending, whatever clock schedules the pass:
    // receivers compare it with their own clocks (replay tolerance).
    const headers = signatureHeaders(secret, messageId(row.id), Math.floor(Date.now() / 1000), body);
    result = await (deps.send ?? sendWebhook)(row.url, headers, body, { allowLoopback: deps.allowLoopback, timeoutMs: deps.timeoutMs });
  } catch (err) {
    result = { status: null, error: err instanceof Error ? err.message : String(err), ms: 0 };
  }
  const attempts = row.attempts + 1;
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const next = ok ? null : nextAttemptAfter(attempts, now);
  const status = ok ? 'delivered' : next ? 'pending' : 'failed';
  await db
    .updateTable('webhook_deliveries')
    .set({
      status,
      attempts,
      next_attempt_at: next,
      last_attempt_at: now,
      last_status_code: result.status,
      last_error: result.error?.slice(0, 500) ?? null,
      last_response_ms: result.ms,
      delivered_at: ok ? now : null,
    })
    .where('id', '=', BigInt(row.id))
    .execute();
  return ok ? 'delivered' : next ? 'retrying' : 'failed';
}

async function sendAll(db: Db, deps: DeliveryDeps, rows: Claimed[], now: Date, out: DeliveryPassResult): Promise<void> {
  let i = 0;
  const lane = async () => {
    while (i < rows.length) {
      const row = rows[i++];
      out.attempted++;
      out[await attempt(db, deps, row, now)]++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, rows.length) }, lane));
}

/** One delivery pass (the worker's loop and `prosa webhooks deliver`). */
export async function deliverDueWebhooks(db: Db, deps: DeliveryDeps, limit = PASS_LIMIT): Promise<DeliveryPassResult> {
  const now = (deps.now ?? (() => new Date()))();
  const out: DeliveryPassResult = { queued: await fanOutEvents(db, now), attempted: 0, delivered: 0, retrying: 0, failed: 0 };
  await sendAll(db, deps, await claim(db, now, limit), now, out);
  return out;
}

/** Sends one pending delivery now (a test ping, a redelivery), whatever its schedule. */
export async function deliverNow(db: Db, deps: DeliveryDeps, deliveryId: string): Promise<void> {
  const now = (deps.now ?? (() => new Date()))();
  const out: DeliveryPassResult = { queued: 0, attempted: 0, delivered: 0, retrying: 0, failed: 0 };
  await sendAll(db, deps, await claim(db, now, 1, deliveryId), now, out);
}

export interface WebhookDeliveryLoop {
  stop(): Promise<void>;
}

/**
 * The worker role's loop: a pass every `intervalMs` (default 10 s). A pass that throws (the
 * database away) is logged and the next one tries again.
 */
export function startWebhookDeliveryLoop(
  db: Db,
  deps: DeliveryDeps,
  opts: { intervalMs?: number; onError?: (err: unknown) => void } = {},
): WebhookDeliveryLoop {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = (async () => {
      try {
        await deliverDueWebhooks(db, deps);
      } catch (err) {
        opts.onError?.(err);
      }
    })().finally(() => {
      if (!stopped) timer = setTimeout(tick, opts.intervalMs ?? 10_000).unref();
    });
  };
  timer = setTimeout(tick, opts.intervalMs ?? 10_000);
  timer.unref?.();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
