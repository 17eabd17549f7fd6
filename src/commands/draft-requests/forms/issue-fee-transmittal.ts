/**
 * Issue-fee transmittal (PTOL-85B): only while a notice of allowance stands unpaid; due three
 * months from its mailing, not extendable (35 U.S.C. 151(a); 37 CFR 1.311(a)), 409 after that.
 * Fees 1.18(a) and 1.18(d)(1) for the entity size on the payment date.
 */
import type { Db } from '../../../db/connect.ts';
import { addMonths } from '../../../domain/deadlines/calendar.ts';
import { nextBusinessDay } from '../../../domain/deadlines/business-days.ts';
import type { EntitySize } from '../../../domain/deadlines/fees.ts';
import type { Practitioner } from '../../../documents/types.ts';
import type { IssueFeeTransmittalRequest, PreparedDraft } from '../request-types.ts';
import { feeLine, formContext, refused } from './context.ts';

export interface IssueFeeSubmission {
  printing_names?: string[];
  assignee?: { name: string; residence?: string };
  claims_cancelled_by_examiner?: number[];
  date?: string;
  entity_size?: EntitySize;
  deposit_account?: string;
  practitioner?: Practitioner;
  attorney_docket_number?: string;
}

export async function prepareIssueFeeTransmittal(
  db: Db,
  accountId: string,
  memberId: string,
  applicationNumber: string,
  input: IssueFeeSubmission,
): Promise<PreparedDraft> {
  const ctx = await formContext(db, accountId, memberId, applicationNumber, input);
  if (ctx.issueFeePaid)
    throw refused(
      409,
      'issue_fee_already_paid',
      `The issue fee of application ${ctx.app.application_number} was paid on ${ctx.issueFeePaid}.`,
      'Nothing to transmit.',
    );
  if (ctx.closing?.kind !== 'notice_of_allowance')
    throw refused(
      409,
      'no_notice_of_allowance',
      `No notice of allowance stands in application ${ctx.app.application_number}, so no issue fee is due.`,
      'Record the notice of allowance on the docket (record_office_action, kind NOA) if it was mailed.',
    );
  const notice = ctx.closing.mailing_date;
  const due = addMonths(notice, 3);
  if (ctx.date > nextBusinessDay(due)) {
    throw refused(
      409,
      'issue_fee_period_expired',
      `The issue fee was due by ${due} (three months from the notice of allowance of ${notice}); the period is not extendable (37 CFR 1.311(a)).`,
      'Consider a petition to accept late payment under 37 CFR 1.137.',
    );
  }
  const request: IssueFeeTransmittalRequest = {
    application_number: ctx.app.application_number,
    notice_mailing_date: notice,
    due_date: due,
    issue_fee: feeLine('issue_fee_utility', ctx.entity, ctx.date),
    publication_fee: feeLine('publication_fee', ctx.entity, ctx.date),
    ...(input.printing_names?.length ? { printing_names: input.printing_names } : {}),
    ...(input.assignee ? { assignee: input.assignee } : {}),
    ...(input.claims_cancelled_by_examiner?.length ? { claims_cancelled_by_examiner: input.claims_cancelled_by_examiner } : {}),
    entity_size: ctx.entity,
    date: ctx.date,
    ...ctx.identity,
  };
  return {
    exportType: 'form',
    formKind: 'issue_fee_transmittal',
    analysisId: null,
    applicationId: ctx.app.id,
    applicationNumber: ctx.app.application_number,
    request,
  };
}
