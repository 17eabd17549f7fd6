import { z } from 'zod';
import type { WatchRunRow } from '../queries/watch.ts';

export const watchRunSchema = z.object({
  id: z.string(),
  trigger: z.enum(['schedule', 'cli']),
  run_date: z.string().describe('The day deadlines were judged on (YYYY-MM-DD)'),
  started_at: z.string(),
  finished_at: z.string().nullable().describe('Null while the pass runs, or when it died (the next pass takes up the rest)'),
  applications_due: z.number().int(),
  applications_checked: z.number().int(),
  requests_made: z.number().int().describe('HTTP requests sent to the USPTO Open Data Portal (retries included)'),
  papers_recorded: z.number().int(),
  papers_announced: z.number().int().describe('Recorded papers that can still be answered: fetched, and told to every account that dockets the application'),
  events_written: z.number().int(),
  analyses_created: z.number().int(),
  stopped_reason: z
    .enum(['rate_limited', 'key_rejected', 'unavailable', 'error'])
    .nullable()
    .describe('Why the pass ended before every due application was checked'),
  error: z.string().nullable(),
});

/** GET /api/watch: whether the USPTO watch runs, and its last pass. */
export const watchStatusSchema = z.object({
  enabled: z.boolean(),
  reason: z.string().nullable().describe('Why the watch is off; null when it is on'),
  schedule: z.string().describe('PROSA_WATCH_CRON (UTC)'),
  last_run: watchRunSchema.nullable(),
});
export type WatchStatusWire = z.infer<typeof watchStatusSchema>;

const watchPaperSchema = z.object({
  application_number: z.string(),
  document_code: z.string(),
  document_identifier: z.string(),
  mailing_date: z.string(),
  correspondence_id: z.string(),
  announced: z.boolean(),
  text: z.enum(['held', 'none', 'skipped']),
  deadlines: z.object({ response_deadline: z.string(), critical_deadline_date: z.string() }).nullable(),
  accounts_notified: z.number().int(),
});

export type WatchPassPaper = z.infer<typeof watchPaperSchema>;

/** `prosa watch run --json`: the pass's figures and the papers it recorded. */
export const watchPassSchema = z.object({
  enabled: z.literal(true),
  run: watchRunSchema,
  papers: z.array(watchPaperSchema),
});

export function presentWatchRun(r: WatchRunRow): z.infer<typeof watchRunSchema> {
  return {
    id: String(r.id),
    trigger: r.trigger === 'schedule' ? 'schedule' : 'cli',
    run_date: r.run_date,
    started_at: r.started_at.toISOString(),
    finished_at: r.finished_at?.toISOString() ?? null,
    applications_due: r.applications_due,
    applications_checked: r.applications_checked,
    requests_made: r.requests_made,
    papers_recorded: r.papers_recorded,
    papers_announced: r.papers_announced,
    events_written: r.events_written,
    analyses_created: r.analyses_created,
    stopped_reason: (['rate_limited', 'key_rejected', 'unavailable', 'error'] as const).find((s) => s === r.stopped_reason) ?? null,
    error: r.error,
  };
}

export function presentWatchPass(run: WatchRunRow, papers: WatchPassPaper[]): z.infer<typeof watchPassSchema> {
  return { enabled: true, run: presentWatchRun(run), papers };
}
