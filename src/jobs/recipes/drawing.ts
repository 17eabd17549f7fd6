/** A formal drawing sheet (37 CFR 1.84) laid out from the caller's nodes and edges. */
import type { DrawingRequest } from '../../commands/draft-requests/request-types.ts';
import { docxName, type Recipe } from './types.ts';

export const drawingRecipe: Recipe = async ({ job, builders, step }) => {
  const r = job.request as unknown as DrawingRequest;
  await step(10, 'Reading the figure');
  await step(50, 'Laying out the figure');
  const document = await builders.drawing(r.drawing);
  await step(90, 'Assembling the document');
  return { document, filename: docxName('Drawing', r.application_number, r.drawing.figure_label) };
};
