/** Applicant-initiated interview request (PTOL-413A content) whose agenda comes from an analysis. */
import { captionOf } from '../../commands/draft-requests/inputs/caption.ts';
import { claimDispositions, officeActionOf, strategyOf } from '../../commands/draft-requests/inputs/analysis.ts';
import type { InterviewRequestRequest } from '../../commands/draft-requests/request-types.ts';
import { loadAnalysis, loadApplication } from '../../commands/draft-requests/inputs/load.ts';
import { docxName, type Recipe } from './types.ts';

export const interviewRecipe: Recipe = async ({ db, job, builders, step }) => {
  const r = job.request as unknown as InterviewRequestRequest;
  await step(10, 'Loading the analysis');
  const analysis = await loadAnalysis(db, job);
  const application = await loadApplication(db, job);
  await step(50, 'Preparing the agenda');
  const meta = analysis.office_action?.metadata;
  const document = await builders.interview_request({
    caption: captionOf(application, { examiner_name: meta?.examiner?.normalized, art_unit: meta?.art_unit?.value }, r.attorney_docket_number),
    office_action: officeActionOf(analysis, r.office_action_date),
    claims: claimDispositions(analysis),
    strategy: strategyOf(r.strategy_selections),
    interview_type: r.interview_type,
    request_date: r.request_date,
    ...(r.participants ? { participants: r.participants } : {}),
    ...(r.proposed_slots ? { proposed_slots: r.proposed_slots } : {}),
    ...(r.exhibit ? { exhibit: r.exhibit } : {}),
    ...(r.practitioner ? { practitioner: r.practitioner } : {}),
    ...(r.reply_period ? { reply_period: r.reply_period } : {}),
  });
  await step(90, 'Assembling the document');
  return { document, filename: docxName('Interview-Request', application.application_number, r.request_date) };
};
