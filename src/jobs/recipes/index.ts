import type { DraftJobRow } from '../../db/schema.ts';
import { PermanentJobError } from '../../commands/draft-requests/job-errors.ts';
import { oaResponseRecipe } from './oa-response.ts';
import { idsRecipe } from './ids.ts';
import { extensionRecipe } from './extension.ts';
import { interviewRecipe } from './interview.ts';
import { drawingRecipe } from './drawing.ts';
import {
  clientReportRecipe,
  issueFeeTransmittalRecipe,
  noticeOfAppealRecipe,
  preAppealRequestRecipe,
  rceTransmittalRecipe,
  terminalDisclaimerRecipe,
} from './forms.ts';
import { claimChartRecipe } from './claim-chart.ts';
import type { Recipe } from './types.ts';

/** The recipe for a job's export type (and form kind). */
export function recipeFor(job: DraftJobRow): Recipe {
  switch (job.export_type) {
    case 'oa_response':
      return oaResponseRecipe;
    case 'ids':
      return idsRecipe;
    case 'drawing':
      return drawingRecipe;
    case 'form':
      if (job.form_kind === 'extension_of_time') return extensionRecipe;
      if (job.form_kind === 'interview_request') return interviewRecipe;
      if (job.form_kind === 'rce_transmittal') return rceTransmittalRecipe;
      if (job.form_kind === 'notice_of_appeal') return noticeOfAppealRecipe;
      if (job.form_kind === 'pre_appeal_request') return preAppealRequestRecipe;
      if (job.form_kind === 'terminal_disclaimer') return terminalDisclaimerRecipe;
      if (job.form_kind === 'issue_fee_transmittal') return issueFeeTransmittalRecipe;
      if (job.form_kind === 'client_report') return clientReportRecipe;
      if (job.form_kind === 'claim_chart') return claimChartRecipe;
  }
  throw new PermanentJobError(`Prosa cannot build exports of type ${job.export_type}${job.form_kind ? ` (${job.form_kind})` : ''}.`);
}
