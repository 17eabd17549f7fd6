/**
 * The job queue: pg-boss 12.35.0 over the same database as everything else (shared/reference/
 * stack.md §3). Embedded, it runs on the PGlite instance through pg-boss's `fromPglite` adapter;
 * in scale-out it opens its own pool on DATABASE_URL.
 *
 * Atomicity: a draft job's row, its export charge and its queue message commit in ONE
 * transaction. `enqueue` sends through the caller's Kysely transaction (pg-boss `fromKysely`),
 * which works on both databases: on PGlite the Kysely transaction holds the single connection and
 * the send runs inside it. So there is never a charged job without a message, nor a message
 * without its job, and no sweeper is needed. (pg-boss resolves the queue's table from a cache
 * that must not miss inside the transaction: on PGlite a miss would wait on the very connection
 * the transaction holds. `start` fills the cache before any transaction can send.)
 *
 * Crash safety: a worker heartbeats while it works (heartbeatSeconds); the supervisor, every
 * superviseIntervalSeconds (2 s, not pg-boss' default 60 s; its monitor pass, which does the
 * expiry and heartbeat checks, likewise), hands a job whose worker died back
 * for a retry, up to retryLimit retries with exponential backoff. A job that runs out of retries
 * (its handler kept failing, or its workers kept dying) lands in the dead-letter queue, whose
 * handler marks it failed and refunds it. Handlers are idempotent (src/jobs/draft-worker.ts).
 */
import { PgBoss, fromKysely, fromPglite, type PGliteLike, type SendOptions } from 'pg-boss';
import type { PGlite } from '@electric-sql/pglite';
import { exchangingQueries } from '../db/pglite-queries.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/connect.ts';
import type { Schema } from '../db/schema.ts';
import { orderedSubmissionLane, type SubmissionLane } from './submission-lane.ts';

export const DRAFT_QUEUE = 'prosa-draft-jobs';
export const DRAFT_DEAD_LETTER_QUEUE = 'prosa-draft-jobs-dead';

export interface QueueSettings {
  /** How often expired and heartbeat-less jobs are swept for retry (pg-boss default: 60). */
  superviseIntervalSeconds: number;
  /** Hard cap on one attempt. */
  expireInSeconds: number;
  /** A job whose worker stops heartbeating for this long is retried (>= 10); null: expiry only. */
  heartbeatSeconds: number | null;
  retryLimit: number;
  /** First retry delay; doubled each retry (with jitter) up to retryDelayMax. */
  retryDelay: number;
  retryDelayMax: number;
  /** Poll fallback; new jobs wake workers at once through LISTEN/NOTIFY. */
  pollingIntervalSeconds: number;
  /** Jobs one worker process runs at a time. */
  concurrency: number;
  /**
   * Retries of the dead-letter handler (which fails and refunds a job that ran out of retries).
   * It must outlast a fault of the database itself (a full disk): while it cannot write, the job
   * would otherwise stay in_progress forever. Backoff from `deadLetterRetryDelay` doubling up
   * to `deadLetterRetryDelayMax` seconds.
   */
  deadLetterRetryLimit: number;
  deadLetterRetryDelay: number;
  deadLetterRetryDelayMax: number;
}

const DEFAULT_QUEUE_SETTINGS: QueueSettings = {
  superviseIntervalSeconds: 2,
  expireInSeconds: 300,
  heartbeatSeconds: 10,
  retryLimit: 2,
  retryDelay: 2,
  retryDelayMax: 30,
  pollingIntervalSeconds: 2,
  concurrency: 2,
  // 5 s doubling to 10 minutes, 100 times: the handler keeps trying for about 16 hours.
  deadLetterRetryLimit: 100,
  deadLetterRetryDelay: 5,
  deadLetterRetryDelayMax: 600,
};

/** What a draft job's queue message carries: only the id; the row holds everything else. */
export interface DraftMessage {
  job_id: string;
}

export interface DraftQueue {
  readonly boss: PgBoss;
  readonly settings: QueueSettings;
  /** Sends the job's message inside the caller's transaction (commits or rolls back with it). */
  enqueue(trx: Transaction<Schema>, jobId: string): Promise<void>;
  /** Submissions one at a time ahead of this process's worker (submission-lane.ts). */
  readonly submissions: SubmissionLane;
  stop(): Promise<void>;
}

export interface StartQueueOptions {
  settings?: Partial<QueueSettings>;
  /** Run pg-boss' supervisor here (worker processes); API-only processes only send. */
  supervise: boolean;
  /** Time cron schedules here (the worker role of `prosa serve`: the daily notification pass). */
  schedule?: boolean;
  onError?: (err: unknown) => void;
}

/**
 * How long one of pg-boss's statements waits for submissions at most: a burst of 20 takes a few
 * hundred milliseconds, and a job's heartbeat (every heartbeatSeconds / 2) must still land well
 * within heartbeatSeconds however long a stream of submissions lasts.
 */
const QUEUE_YIELD_MS = 1_000;

/**
 * The embedded instance as pg-boss's PGlite adapter uses it: its parameterised statements go as
 * one exchange each, with node-postgres's parameter conversion (pg-boss's own default driver), as
 * Prosa's do (db/pglite-queries.ts); its multi-statement blocks and LISTEN go to PGlite itself.
 *
 * Every statement pg-boss runs here is its own background work (fetching the next job, completing
 * one, heartbeats, supervision): it waits until no draft submission is pending, as the worker's
 * own steps do (submission-lane.ts). A burst's jobs would otherwise wake idle workers one by one
 * through NOTIFY, and each fetch (about 3 ms on the embedded database: an update and its commit)
 * would run between two submissions. A submission's own message is sent inside its transaction
 * (`enqueue`), never through this view, so nothing a submission waits for waits on it.
 */
function queueView(pglite: PGlite, submissions: SubmissionLane): PGliteLike {
  const exchanging = exchangingQueries(pglite);
  return {
    query: async (text, params) => {
      await submissions.yieldToSubmissions(QUEUE_YIELD_MS);
      return exchanging.query(text, params);
    },
    exec: async (text) => {
      await submissions.yieldToSubmissions(QUEUE_YIELD_MS);
      return pglite.exec(text);
    },
    listen: (channel, callback) => pglite.listen(channel, callback),
  };
}

/** Starts pg-boss on the database (creating its schema and the queues on first start). */
export async function startDraftQueue(database: Database, opts: StartQueueOptions): Promise<DraftQueue> {
  const settings: QueueSettings = { ...DEFAULT_QUEUE_SETTINGS, ...opts.settings };
  const common = {
    supervise: opts.supervise,
    superviseIntervalSeconds: settings.superviseIntervalSeconds,
    // Expiry and heartbeat failures are checked in the monitor pass, which pg-boss runs at most every
    // monitorIntervalSeconds (default 60) whatever the supervise interval: keep the two together.
    monitorIntervalSeconds: settings.superviseIntervalSeconds,
    // Cron schedules (the USPTO watch, watch-job.ts; the daily notification pass, notify-job.ts) are timed by the server's workers.
    schedule: opts.schedule ?? false,
    useListenNotify: true,
  };
  const submissions = orderedSubmissionLane();
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(queueView(database.pglite!, submissions)), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: database.connectionString!, max: 4, application_name: 'prosa-queue' });
  // An unhandled 'error' event would crash the process; pg-boss recovers from these by itself.
  boss.on('error', (err) => opts.onError?.(err));
  await boss.start();
  const jobOptions = (): SendOptions => ({
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelay,
    retryBackoff: true,
    retryDelayMax: settings.retryDelayMax,
    expireInSeconds: settings.expireInSeconds,
    ...(settings.heartbeatSeconds ? { heartbeatSeconds: settings.heartbeatSeconds } : {}),
  });
  const deadLetterOptions = (): SendOptions => ({
    ...jobOptions(),
    retryLimit: settings.deadLetterRetryLimit,
    retryDelay: settings.deadLetterRetryDelay,
    retryDelayMax: settings.deadLetterRetryDelayMax,
  });
  try {
    await boss.createQueue(DRAFT_DEAD_LETTER_QUEUE, { ...deadLetterOptions(), notify: true });
    // A queue created by an earlier version keeps its old options: bring them up to date.
    await boss.updateQueue(DRAFT_DEAD_LETTER_QUEUE, { ...deadLetterOptions(), notify: true });
    await boss.createQueue(DRAFT_QUEUE, { ...jobOptions(), deadLetter: DRAFT_DEAD_LETTER_QUEUE, notify: true });
    // Fill pg-boss' queue cache now, outside any transaction (see the header comment).
    await boss.findJobs(DRAFT_QUEUE, { id: '00000000-0000-0000-0000-000000000000' });
  } catch (err) {
    await boss.stop({ graceful: false, close: true }).catch(() => {});
    throw err;
  }
  let stopped = false;
  return {
    boss,
    settings,
    submissions,
    async enqueue(trx, jobId) {
      const message: DraftMessage = { job_id: jobId };
      const id = await boss.send(DRAFT_QUEUE, message, { ...jobOptions(), deadLetter: DRAFT_DEAD_LETTER_QUEUE, db: fromKysely(trx) });
      if (!id) throw new Error(`the queue refused draft job ${jobId}`);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // Graceful: in-flight jobs get up to 10 s to finish; any still running are failed for a retry.
      await boss.stop({ graceful: true, timeout: 10_000, close: true });
    },
  };
}
