/**
 * Notice of appeal (37 CFR 41.31(a)(1)): the claims must have been twice rejected (two rejection
 * actions, or a final), the issue fee not paid; fee 41.20(b)(1). With `with_pre_appeal_request`
 * the notice says a pre-appeal brief request is filed with it.
 */
import type { Db } from '../../../db/connect.ts';
import type { EntitySize } from '../../../domain/deadlines/fees.ts';
import type { Practitioner } from '../../../documents/types.ts';
import type { NoticeOfAppealRequest, PreparedDraft } from '../request-types.ts';
import { actionRef, extensionNeeded, feeLine, formContext, refused, rejectionsMailed, type FormContext } from './context.ts';

export interface NoticeOfAppealSubmission {
  date?: string;
  entity_size?: EntitySize;
  claims?: number[];
  with_pre_appeal_request?: boolean;
  deposit_account?: string;
  practitioner?: Practitioner;
  attorney_docket_number?: string;
}

/** The last rejection appealed from, or 409 when the claims were not twice rejected. */
export function appealableRejection(ctx: FormContext): { kind: 'non_final' | 'final'; mailing_date: string } {
  const rejections = rejectionsMailed(ctx);
  const last = rejections.at(-1);
  if (!last || (rejections.length < 2 && last.kind !== 'final')) {
    throw refused(
      409,
      'not_twice_rejected',
      `The claims of application ${ctx.app.application_number} have not been twice rejected (${rejections.length} rejection${rejections.length === 1 ? '' : 's'} on the docket), so no appeal lies yet (37 CFR 41.31(a)(1)).`,
      'Reply to the pending action under 37 CFR 1.111; record any missing office action on the docket if the docket is incomplete.',
    );
  }
  if (ctx.closing && ctx.closing.kind !== 'final') {
    throw refused(
      409,
      'not_twice_rejected',
      `Application ${ctx.app.application_number} stands allowed or under a Quayle action (${ctx.closing.mailing_date}); there is no rejection to appeal.`,
      'Pay the issue fee or reply to the Quayle action.',
    );
  }
  if (ctx.issueFeePaid)
    throw refused(409, 'not_twice_rejected', `The issue fee of application ${ctx.app.application_number} was paid on ${ctx.issueFeePaid}.`, 'No appeal lies.');
  return last as { kind: 'non_final' | 'final'; mailing_date: string };
}

export async function prepareNoticeOfAppeal(
  db: Db,
  accountId: string,
  memberId: string,
  applicationNumber: string,
  input: NoticeOfAppealSubmission,
): Promise<PreparedDraft> {
  const ctx = await formContext(db, accountId, memberId, applicationNumber, input);
  const rejection = appealableRejection(ctx);
  const extension = extensionNeeded(ctx);
  const request: NoticeOfAppealRequest = {
    application_number: ctx.app.application_number,
    office_action: actionRef(rejection),
    fee: feeLine('notice_of_appeal', ctx.entity, ctx.date),
    ...(extension ? { extension } : {}),
    ...(input.with_pre_appeal_request ? { with_pre_appeal_request: true } : {}),
    ...(input.claims?.length ? { claims: input.claims } : {}),
    entity_size: ctx.entity,
    date: ctx.date,
    ...ctx.identity,
  };
  return {
    exportType: 'form',
    formKind: 'notice_of_appeal',
    analysisId: null,
    applicationId: ctx.app.id,
    applicationNumber: ctx.app.application_number,
    request,
  };
}
