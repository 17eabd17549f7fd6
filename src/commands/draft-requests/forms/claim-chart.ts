/**
 * The claim chart of an analysis as a document (issue 18 item 4), at the Form price. Checked
 * here before anything is charged; the chart itself is built when the job runs, from the file as
 * it then stands (the same chart GET /api/analyses/{id}/claim-chart answers).
 */
import type { Db } from '../../../db/connect.ts';
import { validationError } from '../../../errors.ts';
import type { ClaimChartRequest, PreparedDraft } from '../../../jobs/requests.ts';
import { requireCaption, resolveAnalysis, resolveApplication, todayUtc } from '../common.ts';

export interface ClaimChartSubmission {
  date?: string;
}

export async function prepareClaimChart(db: Db, accountId: string, applicationNumber: string, analysisId: string | undefined, input: ClaimChartSubmission): Promise<PreparedDraft> {
  if (!analysisId) throw validationError('analysis_id', 'is required for a claim chart: it charts the analysed office action');
  const analysis = await resolveAnalysis(db, accountId, analysisId, applicationNumber);
  const app = await resolveApplication(db, accountId, applicationNumber);
  const meta = analysis.record.office_action?.metadata;
  requireCaption(app, { examiner_name: meta?.examiner?.normalized, art_unit: meta?.art_unit?.value });
  const request: ClaimChartRequest = { application_number: app.application_number, analysis_id: analysis.id, date: input.date ?? todayUtc() };
  return { exportType: 'form', formKind: 'claim_chart', analysisId: analysis.id, applicationId: app.id, applicationNumber: app.application_number, request };
}
