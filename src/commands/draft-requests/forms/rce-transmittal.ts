/**
 * RCE transmittal (37 CFR 1.114): only while prosecution is closed (a final action, a notice of
 * allowance or a Quayle action stands) and before the issue fee is paid (1.114(a)); the fee of
 * 1.17(e)(1) for the first request, (e)(2) for a later one, counted from the docket's RCEs.
 */
import type { Db } from '../../../db/connect.ts';
import { validationError } from '../../../errors.ts';
import type { EntitySize } from '../../../domain/deadlines/fees.ts';
import type { Practitioner } from '../../../documents/types.ts';
import type { RceSubmissionItem } from '../../../documents/forms/types.ts';
import type { PreparedDraft, RceTransmittalRequest } from '../request-types.ts';
import { actionRef, extensionNeeded, feeLine, formContext, refused } from './context.ts';

export interface RceSubmission {
  submission: { previously_filed_on?: string; enclosed?: RceSubmissionItem[]; other?: string };
  date?: string;
  entity_size?: EntitySize;
  deposit_account?: string;
  practitioner?: Practitioner;
  attorney_docket_number?: string;
}

export async function prepareRceTransmittal(
  db: Db,
  accountId: string,
  memberId: string,
  applicationNumber: string,
  input: RceSubmission,
): Promise<PreparedDraft> {
  const ctx = await formContext(db, accountId, memberId, applicationNumber, input);
  if (ctx.issueFeePaid)
    throw refused(
      409,
      'rce_not_available',
      `The issue fee of application ${ctx.app.application_number} was paid on ${ctx.issueFeePaid}: a request for continued examination now needs a petition to withdraw from issue (37 CFR 1.313(c)).`,
      'File the petition under 37 CFR 1.313(c)(2) with the RCE.',
    );
  if (!ctx.closing)
    throw refused(
      409,
      'rce_not_available',
      `Prosecution of application ${ctx.app.application_number} is not closed (no final action, notice of allowance or Quayle action stands), so a request for continued examination is not available (37 CFR 1.114(a)).`,
      'Reply to the pending action under 37 CFR 1.111 instead.',
    );
  const s = input.submission;
  if (!s.previously_filed_on && !s.enclosed?.length && !s.other?.trim())
    throw validationError('input.submission', 'name the submission (37 CFR 1.114(c)): previously_filed_on, enclosed items or other');
  const requestNumber = ctx.docket.rce_dates.filter((d) => d <= ctx.date).length + 1;
  const extension = extensionNeeded(ctx);
  const request: RceTransmittalRequest = {
    application_number: ctx.app.application_number,
    office_action: actionRef(ctx.closing),
    request_number: requestNumber,
    submission: s,
    fee: feeLine(requestNumber === 1 ? 'rce_first' : 'rce_subsequent', ctx.entity, ctx.date),
    ...(extension ? { extension } : {}),
    entity_size: ctx.entity,
    date: ctx.date,
    ...ctx.identity,
  };
  return {
    exportType: 'form',
    formKind: 'rce_transmittal',
    analysisId: null,
    applicationId: ctx.app.id,
    applicationNumber: ctx.app.application_number,
    request,
  };
}
