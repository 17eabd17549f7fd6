/**
 * The issue-11 forms (RCE transmittal, notice of appeal, pre-appeal brief request, terminal
 * disclaimer, issue-fee transmittal, client reporting letter): fees and docket facts were resolved
 * at submission and stored with the job; the caption is re-read from the application.
 */
import { captionOf } from '../../commands/draft-requests/inputs/caption.ts';
import type { Builders } from '../builders.ts';
import type { MoreFormRequest } from '../../commands/draft-requests/request-types.ts';
import { loadApplication } from '../../commands/draft-requests/inputs/load.ts';
import { docxName, type Recipe } from './types.ts';

type FormBuilder = 'rce_transmittal' | 'notice_of_appeal' | 'pre_appeal_request' | 'terminal_disclaimer' | 'issue_fee_transmittal' | 'client_report';

function formRecipe(kind: FormBuilder, stem: string, step50: string): Recipe {
  return async ({ db, job, builders, step }) => {
    // The caption's docket number goes to the caption, not to the builder's own input.
    const { application_number: _n, attorney_docket_number: docketNumber, ...request } = job.request as unknown as MoreFormRequest & { analysis_id?: string };
    delete request.analysis_id;
    await step(10, 'Loading the application');
    const application = await loadApplication(db, job);
    await step(50, step50);
    const build = builders[kind] as (input: unknown) => ReturnType<Builders[FormBuilder]>;
    const document = await build({ ...request, caption: captionOf(application, {}, docketNumber) });
    await step(90, 'Assembling the document');
    return { document, filename: docxName(stem, application.application_number, request.date) };
  };
}

export const rceTransmittalRecipe = formRecipe('rce_transmittal', 'RCE-Transmittal', 'Listing the submission and fees');
export const noticeOfAppealRecipe = formRecipe('notice_of_appeal', 'Notice-of-Appeal', 'Stating the appeal and fee');
export const preAppealRequestRecipe = formRecipe('pre_appeal_request', 'Pre-Appeal-Request', 'Setting out the reasons for review');
export const terminalDisclaimerRecipe = formRecipe('terminal_disclaimer', 'Terminal-Disclaimer', 'Writing the disclaimer over the reference');
export const issueFeeTransmittalRecipe = formRecipe('issue_fee_transmittal', 'Issue-Fee-Transmittal', 'Computing the issue and publication fees');
export const clientReportRecipe = formRecipe('client_report', 'Client-Report', 'Summarizing the action, deadlines and options');
