import { z } from 'zod';
import { seg } from '../backend-client.ts';
import type { ToolContext, ToolOutput } from '../tool.ts';
import { draftJobWireSchema, type DraftJobWire } from '../../presenters/draft-job.ts';

/** Schemas several tool groups share. */

export const applicationNumber = z.string().min(1).max(64).describe('US application number in any written form: 17/200,011, 17200011 or 17 200 011');

export const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{8,128}$/)
  .optional()
  .describe('Optional. Reuse the same key when retrying a billed call after a timeout: the retry returns the original result and is not charged again.');

/** The draft/export job object (spec "Draft job"): GET /api/exports/{job_id}'s schema. */
export const jobObject = draftJobWireSchema;
export type JobObject = DraftJobWire;

/** What describeJob reads: a job object, or a submission's answer (job_id and status). */
type JobState = Pick<DraftJobWire, 'job_id' | 'progress' | 'current_step' | 'download_url' | 'error_message'> & { status: string };

/** One sentence on a job's state, for summaries. */
export function describeJob(job: JobState): string {
  switch (job.status) {
    case 'complete':
      return `Job ${job.job_id} is complete; download (valid 1 hour): ${job.download_url}`;
    case 'failed':
      return `Job ${job.job_id} failed: ${job.error_message} (its charge was refunded).`;
    case 'in_progress':
      return `Job ${job.job_id} is ${job.progress ?? 0}% done (${job.current_step ?? 'working'}); poll again in about 5 seconds.`;
    default:
      return `Job ${job.job_id} is queued; poll again in about 5 seconds.`;
  }
}

/** A document job (response, IDS, form, drawing) with a fresh download link when complete. */
export async function readJob(ctx: ToolContext, jobId: string): Promise<ToolOutput<JobObject>> {
  const job = await ctx.api.get<JobObject>(`/api/exports/${seg(jobId)}`);
  return { data: job, summary: describeJob(job) };
}
