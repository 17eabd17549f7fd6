/** Information disclosure statement (PTO/SB/08 content) for the application's caption. */
import { captionOf } from '../../commands/draft-requests/inputs/caption.ts';
import type { IdsRequest } from '../../commands/draft-requests/request-types.ts';
import { loadApplication } from '../../commands/draft-requests/inputs/load.ts';
import { docxName, type Recipe } from './types.ts';

export const idsRecipe: Recipe = async ({ db, job, builders, step }) => {
  const request = job.request as unknown as IdsRequest;
  await step(10, 'Loading the application');
  const application = await loadApplication(db, job);
  await step(50, 'Listing the cited documents');
  const document = await builders.ids({ ...request.ids, caption: captionOf(application, {}, request.attorney_docket_number) });
  await step(90, 'Assembling the document');
  return { document, filename: docxName('IDS', application.application_number, request.ids.date) };
};
