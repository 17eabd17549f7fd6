import type { PendingAction } from '../queries/application-deadlines.ts';
import { deadlineFieldsOf } from '../queries/application-deadlines.ts';
import { interfaceTypeForDocumentCode } from '../sources/uspto-codes.ts';

/**
 * Deadlines record (spec "Deadlines record"): the three fields the spec names, then additive
 * detail so an assistant can explain the dates: the action, the extension schedule with fees,
 * and the rule behind every date.
 */
export function presentDeadlinesRecord(applicationNumber: string, pending: PendingAction | null) {
  const fields = deadlineFieldsOf(pending);
  if (!pending) return { application_number: applicationNumber, deadlines: { ...fields, pending_action: null } };
  const r = pending.result;
  return {
    application_number: applicationNumber,
    deadlines: {
      ...fields,
      pending_action: {
        correspondence_id: pending.correspondence.id,
        document_code: pending.correspondence.document_code,
        office_action_type: interfaceTypeForDocumentCode(pending.correspondence.document_code),
        action: r.action,
        mailing_date: r.mailing_date,
      },
      extendable: r.extendable,
      statutory_bar: r.statutory_bar_effective,
      abandonment_date_if_no_reply: r.abandonment_date_if_no_reply,
      extensions: r.extensions.map((e) => ({ months: e.months, due: e.due_effective, fee: e.fee, fee_for_entity: e.fee_for_entity })),
      entity: r.entity,
      citations: r.citations,
    },
  };
}
