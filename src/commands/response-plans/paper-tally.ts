/**
 * The places a plan's paper will leave to the practitioner, counted on the paper itself (issue
 * 19 item 7: the wizard said 9 where the paper said 14). The plan goes the way a submission goes
 * (planSubmissionBody, prepareOaResponse: the same checks, claims carried forward, the caption),
 * the worker's input is assembled by the worker's own function (commands/draft-requests/inputs/paper-input.ts), and
 * the response builder builds the paper without rendering it (documents/build-response.ts
 * `tallyResponse`). Nothing is charged, stored or queued. A plan that could not be drafted now
 * (no caption, an analysis of another action's kind is tolerated here) has no paper to count:
 * null, and the preview falls back to its outline's estimate.
 */
import type { Db } from '../../db/connect.ts';
import type { ResponsePlanRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { tallyResponse, type ResponseTally } from '../../documents/build-response.ts';
import { DocumentInputError } from '../../documents/validate.ts';
import type { CompletenessReport } from '../../domain/response-plan/completeness.ts';
import type { PlanView } from '../../domain/response-plan/plan.ts';
import { PermanentJobError } from '../draft-requests/job-errors.ts';
import { responsePaperInput } from '../draft-requests/inputs/paper-input.ts';
import type { OaResponseRequest } from '../draft-requests/request-types.ts';
import { prepareOaResponse } from '../draft-requests/oa-response.ts';
import { planSubmissionBody } from './submitter.ts';

export interface PlanPaperTally extends ResponseTally {
  /**
   * false when a configured language model may explain some charted limitations in place of the
   * paper's bracketed requests: the count is then the most the paper will hold.
   */
  exact: boolean;
}

export async function planPaperTally(
  db: Db,
  accountId: string,
  memberId: string,
  row: ResponsePlanRow,
  view: PlanView,
  report: CompletenessReport,
  opts: { llm: boolean },
): Promise<PlanPaperTally | null> {
  try {
    const prepared = await prepareOaResponse(db, accountId, memberId, { ...planSubmissionBody(row, view, report, {}), confirm_kind_mismatch: true });
    const { input } = await responsePaperInput(
      db,
      { account_id: accountId, analysis_id: prepared.analysisId, application_id: prepared.applicationId },
      prepared.request as OaResponseRequest,
    );
    const tally = tallyResponse(input);
    return { ...tally, exact: !(opts.llm && input.file && tally.chart_sites > 0) };
  } catch (err) {
    if (err instanceof AppError || err instanceof DocumentInputError || err instanceof PermanentJobError) return null;
    throw err;
  }
}
