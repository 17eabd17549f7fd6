import type { DraftJobSummary } from '../queries/draft-jobs.ts';

/** Shown while a job waits for a worker (the spec leaves queued's progress open: 0). */
export const QUEUED_STEP = 'Waiting for a worker';

export interface DownloadLink {
  url: string;
  expiresAt: Date;
}

/** The relative status path of a REST #4 job (the spec's `poll_url`). */
export function pollUrlOf(jobId: string): string {
  return `/v1/prosa/draft-roa/status/${jobId}`;
}

/** The submission answer of REST #4: job_id, status and poll_url (spec "Draft job"). */
export function presentSubmission(job: DraftJobSummary, pollUrl: string) {
  return { job_id: job.id, status: job.status, poll_url: pollUrl };
}

/**
 * The draft job object (spec "Draft job"): job_id and status always; progress and current_step
 * while queued (0) or in progress; download_url only when complete; error_message only when
 * failed. Additive fields follow.
 */
export function presentDraftJob(job: DraftJobSummary, download?: DownloadLink) {
  const base: Record<string, unknown> = { job_id: job.id, status: job.status };
  if (job.status === 'queued') Object.assign(base, { progress: 0, current_step: QUEUED_STEP });
  if (job.status === 'in_progress') Object.assign(base, { progress: job.progress, current_step: job.current_step ?? 'Starting' });
  if (job.status === 'complete' && download) Object.assign(base, { download_url: download.url, download_expires_at: download.expiresAt.toISOString(), filename: job.filename });
  if (job.status === 'failed') Object.assign(base, { error_message: job.error_message ?? 'The document could not be generated.' });
  Object.assign(base, {
    export_type: job.export_type,
    ...(job.form_kind ? { form: job.form_kind } : {}),
    application_number: job.application_number,
    created_at: job.created_at.toISOString(),
    ...(job.finished_at ? { finished_at: job.finished_at.toISOString() } : {}),
  });
  return base;
}
