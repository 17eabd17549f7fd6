import { z } from 'zod';
import type { PendingAction } from '../queries/application-deadlines.ts';
import { deadlineFieldsOf } from '../domain/deadlines/deadline-fields.ts';
import { interfaceTypeForDocumentCode } from '../sources/uspto-codes.ts';
import { ACTION_KINDS } from '../domain/deadlines/action-kinds.ts';

/**
 * Deadlines record (spec "Deadlines record"): the three fields the spec names, then additive
 * detail so an assistant can explain the dates: the action, the extension schedule with fees,
 * and the rule behind every date.
 */
const pendingActionShape = {
  correspondence_id: z.string(),
  document_code: z.string(),
  office_action_type: z.string().nullable().describe("The interface's code; null for Quayle and allowance papers"),
  action: z.enum(ACTION_KINDS).describe("The deadline engine's kind"),
  mailing_date: z.string(),
};

/** The `deadlines` object of the deadlines record: the three fields, then the detail when an action is pending. */
export const deadlinesDetailSchema = z.object({
  response_deadline: z.string().nullable().describe('Last day to reply without an extension fee'),
  critical_deadline_date: z.string().nullable().describe('Last day a reply can be filed at all'),
  critical_deadline_correspondence_id: z.string().nullable(),
  pending_action: z.object(pendingActionShape).nullable(),
  extendable: z.boolean().optional(),
  statutory_bar: z.string().nullable().optional().describe('35 U.S.C. 133 date, rolled'),
  abandonment_date_if_no_reply: z.string().optional(),
  extensions: z
    .array(
      z.object({
        months: z.number().int(),
        due: z.string().describe('Moved to the next business day'),
        fee: z.object({ large: z.string(), small: z.string(), micro: z.string() }).nullable(),
        fee_for_entity: z.string().nullable(),
      }),
    )
    .optional(),
  entity: z.enum(['large', 'small', 'micro']).nullable().optional(),
  citations: z.array(z.object({ field: z.string(), rule: z.string(), text: z.string() })).optional(),
});

export function presentDeadlinesRecord(
  applicationNumber: string,
  pending: PendingAction | null,
): { application_number: string; deadlines: z.infer<typeof deadlinesDetailSchema> } {
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
