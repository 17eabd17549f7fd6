/**
 * The draft job state machine, in one place: queued → in_progress → complete | failed, and
 * in_progress → in_progress when a job is retried after a crash. Nothing else moves a job.
 *
 * Every change is a conditional UPDATE (`... WHERE status IN (<allowed sources>)`), so two
 * workers racing on one job cannot both win, and a job that has finished stays finished. Work
 * done inside an attempt is fenced by the attempt number as well: a worker that was presumed
 * dead and comes back finds its attempt superseded and writes nothing. Migration 007 adds a
 * trigger that refuses any other transition, even from hand-written SQL.
 */
import { sql, type Kysely, type Updateable } from 'kysely';
import type { DraftJobRow, DraftJobsTable, Schema } from '../db/schema.ts';
import { asyncCommit } from '../db/async-commit.ts';

export const DRAFT_STATUSES = ['queued', 'in_progress', 'complete', 'failed'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

/** The allowed moves: target states by source state. */
const NEXT: Readonly<Record<DraftStatus, readonly DraftStatus[]>> = {
  queued: ['in_progress'],
  in_progress: ['in_progress', 'complete', 'failed'],
  complete: [],
  failed: [],
};

export function canTransition(from: DraftStatus, to: DraftStatus): boolean {
  return NEXT[from].includes(to);
}

/** The states a job may be in for a move to `to`. */
export function sourcesOf(to: DraftStatus): DraftStatus[] {
  return DRAFT_STATUSES.filter((from) => canTransition(from, to));
}

export function isTerminal(status: string): boolean {
  return status === 'complete' || status === 'failed';
}

type JobChanges = Omit<Updateable<DraftJobsTable>, 'id' | 'status' | 'attempts' | 'updated_at'>;

export interface TransitionGuard {
  /** Only when the job is still on this attempt (the worker's fencing token). */
  attempt?: number;
}

/**
 * Moves a job to `to` with the given column changes, if and only if its current state allows it
 * (and the attempt still matches). Returns the updated row, or undefined when nothing moved.
 */
export async function transition(
  db: Kysely<Schema>,
  jobId: string,
  to: DraftStatus,
  changes: JobChanges = {},
  guard: TransitionGuard = {},
): Promise<DraftJobRow | undefined> {
  const sources = sourcesOf(to);
  if (sources.length === 0) return undefined; // nothing ever moves back to queued
  let q = db
    .updateTable('draft_jobs')
    .set({ ...changes, status: to, updated_at: new Date() })
    .where('id', '=', jobId)
    .where('status', 'in', sources);
  if (guard.attempt !== undefined) q = q.where('attempts', '=', guard.attempt);
  return q.returningAll().executeTakeFirst();
}

/**
 * Starts an attempt: queued → in_progress, or in_progress → in_progress when a crashed attempt
 * is retried. Returns the new attempt number, or null when the job has already finished.
 */
export async function startAttempt(db: Kysely<Schema>, jobId: string, step: { progress: number; current_step: string }): Promise<number | null> {
  const row = await db
    .updateTable('draft_jobs')
    .set({
      status: 'in_progress',
      attempts: sql<number>`attempts + 1`,
      started_at: sql<Date>`coalesce(started_at, now())`,
      progress: step.progress,
      current_step: step.current_step,
      updated_at: new Date(),
    })
    .where('id', '=', jobId)
    .where('status', 'in', sourcesOf('in_progress'))
    .returning('attempts')
    .executeTakeFirst();
  return row ? row.attempts : null;
}

/**
 * Progress within the current attempt (in_progress stays in_progress). False when the attempt
 * has been superseded or the job has finished: the caller must stop.
 *
 * Committed without waiting for the WAL flush (`synchronous_commit = off` for this statement's
 * own transaction only: set_config(..., true) is reverted when it ends). A progress mark is a
 * hint for whoever polls the job, not a record anyone relies on: a crash that loses the last one
 * leaves the previous mark, and the attempt is retried from the start anyway. It is still
 * atomic and at once visible to every reader; the next synchronous commit (the job's completion)
 * flushes it with its own. What it saves: one fsync per step on the embedded database (four per
 * draft, a few ms each: durable-pglite.ts), one WAL flush wait per step on PostgreSQL.
 */
export async function reportProgress(db: Kysely<Schema>, jobId: string, attempt: number, progress: number, currentStep: string): Promise<boolean> {
  const res = await db
    .updateTable('draft_jobs')
    .set({ progress, current_step: currentStep, updated_at: new Date() })
    .where('id', '=', jobId)
    .where('status', '=', 'in_progress')
    .where('attempts', '=', attempt)
    .where(asyncCommit)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** Keeps the reason an attempt failed, for the final error message if no retry succeeds. */
export async function noteAttemptError(db: Kysely<Schema>, jobId: string, attempt: number, message: string): Promise<void> {
  await db
    .updateTable('draft_jobs')
    .set({ error_message: message, updated_at: new Date() })
    .where('id', '=', jobId)
    .where('status', '=', 'in_progress')
    .where('attempts', '=', attempt)
    .execute();
}
