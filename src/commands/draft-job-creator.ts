import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { DraftJobRow, Schema } from '../db/schema.ts';
import { conflict } from '../errors.ts';
import { randomBase62 } from '../auth/secrets.ts';
import { EXPORT_PRICES } from '../domain/pricing.ts';
import type { PreparedDraft } from './draft-requests/request-types.ts';
import type { Actor } from './actor.ts';
import { insertChargedDraftJob } from './charged-draft-job.ts';
import { lockIdempotencyKey } from './idempotency-lock.ts';

export interface DraftJobCreatorProps {
  accountId: string;
  /** A retry with the same key and the same request returns the same job, not charged again. */
  idempotencyKey: string | null;
  /** What the caller asked for (route + body); a reused key must come with the same request. */
  requestForFingerprint: unknown;
  /** Validates and resolves the request; throws 400/404 before anything is charged. */
  prepare: () => Promise<PreparedDraft>;
  /** Sends the queue message inside the creating transaction (src/jobs/queue.ts). */
  enqueue: (trx: Transaction<Schema>, jobId: string) => Promise<void>;
  /** Further writes that commit with the job (a response plan marked submitted); may throw to roll back. */
  onCreated?: (trx: Transaction<Schema>, job: DraftJobRow) => Promise<void>;
}

export interface CreatedDraftJob {
  job: DraftJobRow;
  /** True when an earlier job was returned for a repeated Idempotency-Key. */
  replayed: boolean;
  /** A new job: the balance its charge wrote. */
  balanceAfterMicro?: bigint;
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function requestFingerprint(request: unknown): string {
  return createHash('sha256').update(canonical(request)).digest('hex');
}

async function replay(db: Db | Transaction<Schema>, accountId: string, key: string, print: string): Promise<CreatedDraftJob | null> {
  const job = await db.selectFrom('draft_jobs').selectAll().where('account_id', '=', accountId).where('idempotency_key', '=', key).executeTakeFirst();
  if (!job) return null;
  if (job.request_fingerprint !== print) {
    throw conflict(
      'idempotency_key_reused',
      'This Idempotency-Key was already used for a different export request.',
      'Use a new Idempotency-Key for a new request; reuse a key only to retry the very same request.',
    );
  }
  return { job, replayed: true };
}

/**
 * Submits a billed document export: validates it, then charges the export price (402
 * insufficient_credits when the balance cannot cover it), stores the job (queued) and sends its
 * queue message in ONE transaction. Either all three happen or none does.
 */
export async function draftJobCreator(db: Db, actor: Actor, props: DraftJobCreatorProps): Promise<CreatedDraftJob> {
  const print = requestFingerprint(props.requestForFingerprint);
  const key = props.idempotencyKey;
  if (key) {
    const earlier = await replay(db, props.accountId, key, print);
    if (earlier) return earlier;
  }
  let prepared: PreparedDraft;
  try {
    prepared = await props.prepare();
  } catch (err) {
    // A concurrent copy committed meanwhile (a response plan it submitted now reads "submitted").
    if (key) {
      const earlier = await replay(db, props.accountId, key, print);
      if (earlier) return earlier;
    }
    throw err;
  }
  const price = EXPORT_PRICES[prepared.exportType];
  const id = `job_${randomBase62(24)}`;
  try {
    const outcome = await db.transaction().execute(async (trx): Promise<CreatedDraftJob> => {
      if (key) {
        // Copies of one request wait for each other here; the later ones answer the first's job
        // (never a 402 because the first copy spent the balance, issue 12 item 2).
        await lockIdempotencyKey(trx, 'draft_job', props.accountId, key);
        const earlier = await replay(trx, props.accountId, key, print);
        if (earlier) return earlier;
      }
      // The queue message first: the charge locks the account's balance row until the commit, and
      // the account's other submissions wait for that lock, so it comes last.
      await props.enqueue(trx, id);
      // The charge, the job and their audit rows in one statement (402 when the balance cannot cover it).
      const { job: row, balanceAfterMicro } = await insertChargedDraftJob(trx, actor, {
        id,
        accountId: props.accountId,
        prepared,
        requestFingerprint: print,
        idempotencyKey: key,
        price,
      });
      await props.onCreated?.(trx, row);
      return { job: row, replayed: false, balanceAfterMicro };
    });
    return outcome;
  } catch (err) {
    // A concurrent retry with the same key won the race (or its commit made this copy's plan
    // change, or spent the balance): answer with its job.
    if (key) {
      const earlier = await replay(db, props.accountId, key, print);
      if (earlier) return earlier;
    }
    throw err;
  }
}
