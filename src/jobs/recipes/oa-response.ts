/**
 * Response to an office action: the analysis' claim dispositions, the strategy per claim (the
 * caller's `strategy_selections` over the analysis' recommendations), the current claim text
 * and the application's caption, handed to the response builder. With a language model
 * configured, the explanations the paper would leave for its charted limitations are drafted and
 * verified first (inputs/drafted-arguments.ts).
 */
import { responsePaperInput } from '../../commands/draft-requests/inputs/paper-input.ts';
import type { OaResponseRequest } from '../../commands/draft-requests/request-types.ts';
import { docxName, type Recipe } from './types.ts';
import { outlineResponse } from '../../documents/response-outline.ts';
import { claimsAfterResponse } from '../../documents/claims-after.ts';
import { withDraftedArguments } from '../../commands/draft-requests/inputs/drafted-arguments.ts';

export const oaResponseRecipe: Recipe = async ({ db, job, builders, step, llm }) => {
  const request = job.request as unknown as OaResponseRequest;
  await step(10, 'Loading the analysis');
  const paper = await responsePaperInput(db, job, request, () => step(25, 'Reading the application file and the cited art'));
  const application = paper.application;
  let input = paper.input;
  const file = input.file;

  await step(40, 'Drafting claim amendments');
  if (llm && file) {
    await step(50, 'Drafting explanations of the charted limitations with the language model');
    input = await withDraftedArguments(input, llm);
  }

  await step(70, 'Writing remarks');
  const document = await builders.oa_response(input);
  await step(90, 'Assembling the document');
  // The claims as this paper leaves them, kept with the drafted response in the application's file
  // (they become the claims of record once it is marked filed). Nothing is kept when the paper knew
  // no claim's text: there would be nothing to carry forward.
  const after = claimsAfterResponse(outlineResponse(input).plan);
  return {
    document,
    filename: docxName('Response', application.application_number, request.response_date),
    ...(after.some((c) => c.text !== null) ? { claimsAfter: { after, responseDate: request.response_date } } : {}),
  };
};
