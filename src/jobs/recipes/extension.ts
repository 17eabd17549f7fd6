/**
 * Petition for extension of time under 37 CFR 1.136(a). The months, the extended period and the
 * fee were computed by the deadline engine at submission and stored with the job.
 */
import { captionOf } from '../../commands/draft-requests/inputs/caption.ts';
import type { ExtensionRequest } from '../../commands/draft-requests/request-types.ts';
import { loadApplication } from '../../commands/draft-requests/inputs/load.ts';
import { docxName, type Recipe } from './types.ts';

export const extensionRecipe: Recipe = async ({ db, job, builders, step }) => {
  const r = job.request as unknown as ExtensionRequest;
  await step(10, 'Loading the application');
  const application = await loadApplication(db, job);
  await step(50, 'Computing the extended period and fee');
  const document = await builders.extension_of_time({
    caption: captionOf(application, {}, r.attorney_docket_number),
    office_action: r.office_action,
    months: r.months,
    entity_size: r.entity_size,
    period: r.period,
    petition_date: r.petition_date,
    ...(r.fee_amount ? { fee_amount: r.fee_amount } : {}),
    ...(r.deposit_account ? { deposit_account: r.deposit_account } : {}),
    ...(r.practitioner ? { practitioner: r.practitioner } : {}),
  });
  await step(90, 'Assembling the document');
  return { document, filename: docxName('Extension-Petition', application.application_number, r.petition_date) };
};
