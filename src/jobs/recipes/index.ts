import type { DraftJobRow } from '../../db/schema.ts';
import { PermanentJobError } from '../errors.ts';
import { oaResponseRecipe } from './oa-response.ts';
import { idsRecipe } from './ids.ts';
import { extensionRecipe } from './extension.ts';
import { interviewRecipe } from './interview.ts';
import { drawingRecipe } from './drawing.ts';
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
  }
  throw new PermanentJobError(`Prosa cannot build exports of type ${job.export_type}${job.form_kind ? ` (${job.form_kind})` : ''}.`);
}
