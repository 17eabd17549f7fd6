import { z } from 'zod';
import type { DraftJobSummary } from '../queries/draft-jobs.ts';

/** Shown while a job waits for a worker (the spec leaves queued's progress open: 0). */
const QUEUED_STEP = 'Waiting for a worker';

export interface DownloadLink {
  url: string;
  expiresAt: Date;
}

/** The relative status path of a REST #4 job (the spec's `poll_url`). */
export function pollUrlOf(jobId: string): string {
  return `/v1/prosa/draft-roa/status/${jobId}`;
}

/** The submission answer of REST #4: job_id, status and poll_url (spec "Draft job"). */
export const submissionWireSchema = z.object({
  job_id: z.string(),
  status: z.string().describe("queued for a new job; a replayed submission (same Idempotency-Key) answers the job's status"),
  poll_url: z.string().describe('Where to poll the job (GET)'),
});

export function presentSubmission(job: DraftJobSummary, pollUrl: string): z.infer<typeof submissionWireSchema> {
  return { job_id: job.id, status: job.status, poll_url: pollUrl };
}

const JOB_STATUSES = ['queued', 'in_progress', 'complete', 'failed'] as const;

/**
 * The draft job object (spec "Draft job"): job_id and status always; progress and current_step
 * while queued (0) or in progress; download_url only when complete; error_message only when
 * failed. Additive fields follow. GET /api/exports/{job_id}, GET /api/exports' rows, REST #4 status.
 */
export const draftJobWireSchema = z.object({
  job_id: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: z.number().int().min(0).max(100).optional().describe('Percent; while queued (0) or in progress'),
  current_step: z.string().optional().describe('While queued or in progress'),
  download_url: z.string().optional().describe('When complete: a signed link to the document, valid until download_expires_at'),
  download_expires_at: z.string().optional(),
  filename: z.string().nullable().optional(),
  error_message: z.string().optional().describe('When failed'),
  export_type: z.string().describe('oa_response, ids, form or drawing'),
  form: z.string().optional().describe('Forms only: which form (extension_of_time, interview_request, ...)'),
  application_number: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().optional(),
});
export type DraftJobWire = z.infer<typeof draftJobWireSchema>;

/** GET /api/exports: newest first; pass next_cursor as `before` for the next page. */
export const draftJobPageSchema = z.object({ exports: z.array(draftJobWireSchema), next_cursor: z.string().nullable() });

export function presentDraftJob(job: DraftJobSummary, download?: DownloadLink): DraftJobWire {
  return {
    job_id: job.id,
    // queued | in_progress | complete | failed: the only values the queue writes (src/db/schema.ts).
    status: job.status as DraftJobWire['status'],
    ...(job.status === 'queued' ? { progress: 0, current_step: QUEUED_STEP } : {}),
    ...(job.status === 'in_progress' ? { progress: job.progress, current_step: job.current_step ?? 'Starting' } : {}),
    ...(job.status === 'complete' && download
      ? { download_url: download.url, download_expires_at: download.expiresAt.toISOString(), filename: job.filename }
      : {}),
    ...(job.status === 'failed' ? { error_message: job.error_message ?? 'The document could not be generated.' } : {}),
    export_type: job.export_type,
    ...(job.form_kind ? { form: job.form_kind } : {}),
    application_number: job.application_number,
    created_at: job.created_at.toISOString(),
    ...(job.finished_at ? { finished_at: job.finished_at.toISOString() } : {}),
  };
}
