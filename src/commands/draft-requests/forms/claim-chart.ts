/**
 * The claim chart of an analysis as a document (issue 18 item 4), at the Form price. Checked
 * here before anything is charged; the chart itself is built when the job runs, from the file as
 * it then stands (the same chart GET /api/analyses/{id}/claim-chart answers).
 */
import type { Db } from '../../../db/connect.ts';
import { validationError } from '../../../errors.ts';
import type { ClaimChartRequest, PreparedDraft } from '../request-types.ts';
import { requireCaption, resolveAnalysis, resolveApplication, todayUtc } from '../common.ts';
import { paperIdentity } from '../paper-identity.ts';

export interface ClaimChartSubmission {
  date?: string;
  attorney_docket_number?: string;
}

export async function prepareClaimChart(
  db: Db,
  accountId: string,
  memberId: string,
  applicationNumber: string,
  analysisId: string | undefined,
  input: ClaimChartSubmission,
): Promise<PreparedDraft> {
  if (!analysisId) throw validationError('analysis_id', 'is required for a claim chart: it charts the analysed office action');
  const analysis = await resolveAnalysis(db, accountId, analysisId, applicationNumber);
  const app = await resolveApplication(db, accountId, applicationNumber);
  const meta = analysis.record.office_action?.metadata;
  requireCaption(app, { examiner_name: meta?.examiner?.normalized, art_unit: meta?.art_unit?.value });
  // A working paper, not signed: only the caption's docket number is the firm's.
  const { attorney_docket_number } = await paperIdentity(db, accountId, memberId, app.id, { attorney_docket_number: input.attorney_docket_number });
  const request: ClaimChartRequest = {
    application_number: app.application_number,
    analysis_id: analysis.id,
    date: input.date ?? todayUtc(),
    ...(attorney_docket_number ? { attorney_docket_number } : {}),
  };
  return { exportType: 'form', formKind: 'claim_chart', analysisId: analysis.id, applicationId: app.id, applicationNumber: app.application_number, request };
}
