/**
 * POST /api/exports' answer: the job (job_id, status, poll_url), what it costs, and what the
 * submission decided that the caller should see at once (an IDS's 37 CFR 1.97 window, or the
 * USPTO fees the form's paper carries).
 */
import { z } from 'zod';
import type { DraftJobRow } from '../db/schema.ts';
import type { IdsTimingResult } from '../domain/ids-timing.ts';
import { presentSubmission, submissionWireSchema } from './draft-job.ts';
import { idsTimingResultSchema } from './ids-timing.ts';
import { usptoFeeShownSchema, usptoFeesOf } from './form-fees.ts';

export const exportSubmissionSchema = submissionWireSchema.extend({
  export_type: z.string().describe('ids, form or drawing'),
  form: z.string().optional().describe('Forms only: which form'),
  price: z.string().describe('Credits charged, e.g. "5.00"'),
  ids_timing: idsTimingResultSchema.optional().describe('IDS only: the 37 CFR 1.97 window the paper was prepared for'),
  uspto_fees: z.array(usptoFeeShownSchema).optional().describe('Forms whose paper pays or names USPTO fees: each with its amount for the entity status'),
});
export type ExportSubmissionWire = z.infer<typeof exportSubmissionSchema>;

function submissionDetails(job: DraftJobRow): Pick<ExportSubmissionWire, 'ids_timing' | 'uspto_fees'> {
  const request = job.request as { timing?: IdsTimingResult } | null;
  if (job.export_type === 'ids' && request?.timing) return { ids_timing: request.timing };
  const fees = usptoFeesOf(job.request);
  return fees.length ? { uspto_fees: fees } : {};
}

export function presentExportSubmission(job: DraftJobRow, pollUrl: string, price: string): ExportSubmissionWire {
  return {
    ...presentSubmission(job, pollUrl),
    export_type: job.export_type,
    ...(job.form_kind ? { form: job.form_kind } : {}),
    price,
    ...submissionDetails(job),
  };
}
