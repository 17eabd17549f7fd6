/**
 * Response to an office action: the analysis' claim dispositions, the strategy per claim (the
 * caller's `strategy_selections` over the analysis' recommendations), the current claim text
 * and the application's caption, handed to the response builder.
 */
import type { ResponseDraftInput } from '../../documents/types.ts';
import { captionOf } from '../inputs/caption.ts';
import { claimDispositions, examinerStatsOf, officeActionOf, strategyOf } from '../inputs/analysis.ts';
import type { OaResponseRequest } from '../requests.ts';
import { loadAnalysis, loadApplication } from './load.ts';
import { docxName, type Recipe } from './types.ts';

export const oaResponseRecipe: Recipe = async ({ db, job, builders, step }) => {
  const request = job.request as unknown as OaResponseRequest;
  await step(10, 'Loading the analysis');
  const analysis = await loadAnalysis(db, job);
  const application = await loadApplication(db, job);

  await step(40, 'Drafting claim amendments');
  const meta = analysis.office_action?.metadata;
  const input: ResponseDraftInput = {
    caption: captionOf(application, { examiner_name: meta?.examiner?.normalized, art_unit: meta?.art_unit?.value }),
    office_action: officeActionOf(analysis, request.office_action_date),
    claims: claimDispositions(analysis),
    strategy: strategyOf(request.strategy_selections),
    examiner_stats: examinerStatsOf(analysis),
    response_date: request.response_date,
    ...(request.claims ? { claims_text: Object.fromEntries(Object.entries(request.claims).map(([n, text]) => [Number(n), text])) } : {}),
    ...(request.attorney ? { practitioner: request.attorney } : {}),
    ...(request.previously_presented ? { previously_presented: request.previously_presented } : {}),
    ...(request.election ? { election: request.election } : {}),
    // Response plans: the practitioner's amended claims, arguments and notes.
    ...(request.amended_claims ? { amended_claims_text: Object.fromEntries(Object.entries(request.amended_claims).map(([n, text]) => [Number(n), text])) } : {}),
    ...(request.arguments?.length ? { practitioner_arguments: request.arguments } : {}),
    ...(request.drafting_notes?.length ? { drafting_notes: request.drafting_notes } : {}),
  };

  await step(70, 'Writing remarks');
  const document = await builders.oa_response(input);
  await step(90, 'Assembling the document');
  return { document, filename: docxName('Response', application.application_number, request.response_date) };
};
