/**
 * The docket events Prosa's own work records (issue 21): `draft.completed` when a draft job
 * reaches complete, `analysis.completed` when an analysis is stored; each in the transaction of
 * that write. Payloads name the application in its written form, the ids, and the URLs to
 * follow, as paths (the webhook sender makes them absolute on BASE_URL): no secrets, no signed
 * download tokens (status_url answers a fresh signed download_url to a credentialed caller).
 */
import type { Transaction } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import { formatApplicationNumber } from '../../domain/application-number.ts';
import { recordDocketEvent, type DocketEventProps } from './docket-event-recorder.ts';

export interface CompletedDraft {
  id: string;
  account_id: string;
  export_type: string;
  form_kind: string | null;
  analysis_id: string | null;
  application_id: string | null;
  application_number: string | null;
  filename: string | null;
}

export async function recordDraftCompleted(trx: Transaction<Schema>, job: CompletedDraft): Promise<void> {
  await recordDocketEvent(trx, {
    accountId: job.account_id,
    kind: 'draft.completed',
    applicationId: job.application_id,
    subjectType: 'draft_job',
    subjectId: job.id,
    payload: {
      job_id: job.id,
      export_type: job.export_type,
      ...(job.form_kind ? { form: job.form_kind } : {}),
      application_number: job.application_number ? formatApplicationNumber(job.application_number) : null,
      application_id: job.application_id,
      analysis_id: job.analysis_id,
      filename: job.filename,
      status_url: `/api/exports/${encodeURIComponent(job.id)}`,
      detail_url: job.application_number ? `/applications/${encodeURIComponent(job.application_number)}` : null,
    },
  });
}

export interface CompletedAnalysis {
  id: string;
  accountId: string;
  applicationId: string | null;
  /** 8 digits. */
  applicationNumber: string;
  rejectionType: string;
  claimsAnalyzed: number;
}

/** The `analysis.completed` event, written with the analysis (commands/analysis-writer.ts). */
export function analysisCompletedEvent(a: CompletedAnalysis): DocketEventProps {
  return {
    accountId: a.accountId,
    kind: 'analysis.completed',
    applicationId: a.applicationId,
    subjectType: 'analysis',
    subjectId: a.id,
    payload: {
      analysis_id: a.id,
      application_number: formatApplicationNumber(a.applicationNumber),
      application_id: a.applicationId,
      rejection_type: a.rejectionType,
      claims_analyzed: a.claimsAnalyzed,
      api_url: `/api/analyses/${encodeURIComponent(a.id)}`,
      detail_url: `/analyses/${encodeURIComponent(a.id)}`,
    },
  };
}
