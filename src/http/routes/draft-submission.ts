/**
 * Submitting a draft job as REST #4 and POST /api/exports both do it: the job created (charged)
 * and queued in one command, an Idempotency-Key replay answered 200 with the earlier job and
 * `Idempotent-Replayed: true`, a new job 202. And the one 404 for a job id the account does not own.
 */
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { notFound } from '../../errors.ts';
import { draftJobCreator } from '../../commands/draft-job-creator.ts';
import type { PreparedDraft } from '../../commands/draft-requests/request-types.ts';
import type { DraftJobRow } from '../../db/schema.ts';
import { accountIdOf } from '../plugins/auth.ts';
import { actorOf } from '../actor.ts';
import { idempotencyKeyOf } from '../idempotency-key.ts';

/** Creates (or replays) the job and sets the reply's status and replay header; the caller sends the body. */
export async function submitDraftJob(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  route: string,
  prepare: () => Promise<PreparedDraft>,
): Promise<DraftJobRow> {
  const queue = await ctx.queue.get();
  // In its turn (embedded: one submission at a time, ahead of the worker; jobs/submission-lane.ts).
  const created = await queue.submissions.run(() =>
    draftJobCreator(ctx.database.db, actorOf(request), {
      accountId: accountIdOf(request),
      idempotencyKey: idempotencyKeyOf(request),
      // The route and the body: the same key with another request is a conflict, not a replay.
      requestForFingerprint: [route, request.body],
      prepare,
      enqueue: queue.enqueue,
    }),
  );
  const { job, replayed, balanceAfterMicro } = created;
  // The usage headers show the balance the charge wrote (usage-headers.ts): no read as the reply leaves.
  if (balanceAfterMicro !== undefined && request.principal) request.principal.balanceWrittenMicro = balanceAfterMicro;
  if (replayed) reply.header('Idempotent-Replayed', 'true');
  reply.status(replayed ? 200 : 202);
  return job;
}

/**
 * A submission route's onRequest hook: from the moment its request arrives until its reply has
 * gone, this process's draft worker yields to it (embedded: they share one connection and one
 * thread; jobs/submission-lane.ts), not only while the lane runs it.
 */
export function announceSubmission(ctx: AppContext): onRequestHookHandler {
  return (_request, reply, done) => {
    ctx.queue.get().then(
      (queue) => {
        reply.raw.once('close', queue.submissions.arrive());
        done();
      },
      // The handler meets the same failure and answers it.
      () => done(),
    );
  };
}

export function jobNotFound(): ReturnType<typeof notFound> {
  return notFound('Draft job', 'job_not_found', 'Check the job_id returned at submission; jobs are visible only to the account that submitted them.');
}
