/**
 * The draft worker: takes draft jobs off the queue and turns each into a stored DOCX.
 *
 * A job runs as: start an attempt (queued → in_progress, or in_progress → in_progress after a
 * crash), the recipe's steps (each reports progress and current_step), the builder, then the
 * document and `complete` in one UPDATE. The handler is idempotent: a finished job is skipped,
 * and every write is fenced by the attempt number, so a worker presumed dead that wakes up
 * cannot overwrite its successor. The charge was taken at submission, so a retried job is never
 * charged again. Documents are built in worker threads (builder-pool.ts), so a draft does not
 * stall the API served by the same process.
 *
 * Failure: an input the builder rejects, or a missing analysis or application, cannot succeed on
 * a retry and fails the job at once; any other error is retried by pg-boss (with backoff) until
 * the last attempt, which fails the job. A job whose workers kept dying reaches the dead-letter
 * queue, whose handler fails it. Failing always refunds (commands/draft-job-failer.ts).
 */
import type { Job, JobWithMetadata } from 'pg-boss';
import type { Database } from '../db/connect.ts';
import { draftJobFailer } from '../commands/draft-job-failer.ts';
import { DEFAULT_BUILDERS, DOCX_MEDIA_TYPE, type Builders } from './builders.ts';
import { startBuilderPool, type BuilderPool, type BuilderStats } from './builder-pool.ts';
import type { BuilderIsolation } from './builder-endpoints.ts';
import { describeFailure, isPermanent } from '../commands/draft-requests/job-errors.ts';
import { DRAFT_DEAD_LETTER_QUEUE, DRAFT_QUEUE, type DraftMessage, type DraftQueue } from './queue.ts';
import type { SubmissionLane } from './submission-lane.ts';
import { recipeFor } from './recipes/index.ts';
import { storeDraftResponse } from '../commands/file/draft-response-storer.ts';
import { recordDraftCompleted } from '../commands/events/completion-events.ts';
import { isTerminal, noteAttemptError, reportProgress, startAttempt, transition } from '../commands/draft-job-transitions.ts';
import type { LlmProvider } from '../analysis/llm/index.ts';

/** The pino-compatible subset the worker logs through. */
export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DraftWorkerOptions {
  /** Replace builders (tests: a builder that throws). */
  builders?: Partial<Builders>;
  /**
   * Threads or processes that build documents; 0 builds on the main thread. Default: the
   * queue's concurrency.
   */
  builderThreads?: number;
  /** Where they run (default: defaultBuilderIsolation). */
  builderIsolation?: BuilderIsolation;
  /** Called after each step is recorded (tests: stop a job half-way). */
  afterStep?: (jobId: string, progress: number, currentStep: string) => Promise<void> | void;
  logger?: JobLogger;
  /**
   * The optional language model that drafts the explanations of charted limitations (issue 18
   * item 7). Passed in, built once from the process's configuration where the worker starts
   * (server.ts), as the analysis routes build theirs: recipes take no configuration, and a test
   * points it at a local stand-in the same way.
   */
  llm?: LlmProvider | null;
}

export interface DraftWorker {
  /** Stops taking new jobs (the queue's stop lets running ones finish). */
  stop(): Promise<void>;
  /** Documents built off the main thread so far, and the process ids that built them (tests, logs). */
  builderStats(): BuilderStats;
}

const SILENT: JobLogger = { info() {}, warn() {}, error() {} };

/** Thrown inside an attempt that has been superseded by a retry: stop quietly, write nothing. */
class Superseded extends Error {}

const STALLED_REASON = 'The document could not be generated: the worker processing it stopped responding on every attempt.';

interface RunDeps {
  database: Database;
  builders: Builders;
  afterStep?: DraftWorkerOptions['afterStep'];
  logger: JobLogger;
  llm?: LlmProvider | null;
  submissions: SubmissionLane;
}

/** Runs one attempt of a job. `finalAttempt`: no retry follows if this one fails. */
async function runDraftJob(deps: RunDeps, jobId: string, finalAttempt: boolean): Promise<void> {
  const { db } = deps.database;
  // Submissions waiting to be answered go first (embedded: they share the one connection).
  await deps.submissions.yieldToSubmissions();
  const job = await db.selectFrom('draft_jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
  if (!job || isTerminal(job.status)) return;
  const attempt = await startAttempt(db, jobId, { progress: 0, current_step: 'Starting' });
  if (attempt === null) return;
  const started = Date.now();
  try {
    const recipe = recipeFor(job);
    const step = async (progress: number, currentStep: string) => {
      await deps.submissions.yieldToSubmissions();
      if (!(await reportProgress(db, jobId, attempt, progress, currentStep))) throw new Superseded();
      await deps.afterStep?.(jobId, progress, currentStep);
    };
    const built = await recipe({ db, job, builders: deps.builders, step, llm: deps.llm ?? null });
    await deps.submissions.yieldToSubmissions();
    // Completing the job and keeping the drafted response in the application's file (its claims
    // become the claims of record only when the practitioner marks it filed) commit together: a
    // superseded attempt stores nothing.
    const done = await db.transaction().execute(async (trx) => {
      const row = await transition(
        trx,
        jobId,
        'complete',
        {
          document: built.document,
          filename: built.filename,
          media_type: DOCX_MEDIA_TYPE,
          progress: 100,
          current_step: null,
          error_message: null,
          finished_at: new Date(),
        },
        { attempt },
      );
      if (row && built.claimsAfter && job.application_id) {
        await storeDraftResponse(trx, {
          accountId: job.account_id,
          applicationId: job.application_id,
          jobId,
          filename: built.filename,
          claims: built.claimsAfter.after,
          responseDate: built.claimsAfter.responseDate,
        });
      }
      // Announced with the completion, or not at all (the docket events outbox; webhooks).
      if (row) await recordDraftCompleted(trx, row);
      return row;
    });
    if (done) deps.logger.info({ jobId, attempt, ms: Date.now() - started, bytes: built.document.length }, 'draft job complete');
  } catch (err) {
    if (err instanceof Superseded) return;
    const reason = describeFailure(err);
    if (isPermanent(err) || finalAttempt) {
      deps.logger.warn({ jobId, attempt, err }, 'draft job failed');
      await draftJobFailer(db, { jobId, reason, attempt });
      return;
    }
    deps.logger.warn({ jobId, attempt, err }, 'draft job attempt failed; it will be retried');
    await noteAttemptError(db, jobId, attempt, reason);
    throw err;
  }
}

/** A job that ran out of retries without its handler deciding (its workers died): fail it. */
async function failStalled(deps: RunDeps, jobId: string): Promise<void> {
  const row = await deps.database.db.selectFrom('draft_jobs').select(['status', 'error_message']).where('id', '=', jobId).executeTakeFirst();
  if (!row || isTerminal(row.status)) return;
  deps.logger.warn({ jobId }, 'draft job ran out of retries');
  await draftJobFailer(deps.database.db, { jobId, reason: row.error_message ?? STALLED_REASON });
}

/**
 * Documents are built off the main thread: in worker threads with PostgreSQL, in child processes
 * with the embedded PGlite, whose WebAssembly in the same process made V8 abort when builder
 * threads were alive (builder-endpoints.ts; docs/decisions/documents.md, "Where documents are
 * built"). One endpoint per slot of the queue's concurrency.
 */
function defaultBuilderIsolation(database: Database): BuilderIsolation {
  return database.kind === 'postgres' ? 'thread' : 'process';
}

/** Subscribes this process to the draft queues. */
export async function startDraftWorker(database: Database, queue: DraftQueue, opts: DraftWorkerOptions = {}): Promise<DraftWorker> {
  const { boss, settings } = queue;
  const size = opts.builderThreads ?? settings.concurrency;
  const pool: BuilderPool | null = size > 0 ? startBuilderPool(size, { isolation: opts.builderIsolation ?? defaultBuilderIsolation(database) }) : null;
  const deps: RunDeps = {
    database,
    builders: { ...(pool?.builders ?? DEFAULT_BUILDERS), ...opts.builders },
    afterStep: opts.afterStep,
    logger: opts.logger ?? SILENT,
    llm: opts.llm ?? null,
    submissions: queue.submissions,
  };
  // NOTIFY wakes a worker for a new job at once, but a retry (or a job the supervisor hands back
  // after a crash) is found only by polling; pg-boss would relax that poll to 30 s while NOTIFY is
  // active, so it is pinned to the short interval.
  const polling = { pollingIntervalSeconds: settings.pollingIntervalSeconds, notifyPollingIntervalSeconds: settings.pollingIntervalSeconds };
  const workOptions = { includeMetadata: true as const, batchSize: 1, ...polling };
  // One pg-boss worker per slot of concurrency, each knowing its own id: after a job it wakes
  // itself to fetch the next one at once. pg-boss would otherwise wait out the poll interval
  // between jobs, so a backlog would drain at one job per interval per slot.
  for (let slot = 0; slot < Math.max(1, settings.concurrency); slot++) {
    let workerId = '';
    workerId = await boss.work(DRAFT_QUEUE, workOptions, async ([job]: JobWithMetadata<DraftMessage>[]) => {
      try {
        await runDraftJob(deps, job.data.job_id, job.retryCount >= job.retryLimit);
      } finally {
        if (workerId) boss.notifyWorker(workerId);
      }
    });
  }
  await boss.work(DRAFT_DEAD_LETTER_QUEUE, { batchSize: 1, ...polling }, async ([job]: Job<DraftMessage>[]) => {
    await failStalled(deps, job.data.job_id);
  });
  let stopped = false;
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      await boss.offWork(DRAFT_QUEUE, { wait: true }).catch(() => {});
      await boss.offWork(DRAFT_DEAD_LETTER_QUEUE, { wait: true }).catch(() => {});
      await pool?.close();
    },
    builderStats: () => pool?.stats() ?? { offMainThread: 0, pids: [] },
  };
}
