import { z } from 'zod';
import type { ApplicationRow } from '../db/schema.ts';
import type { EntityDecision } from '../domain/entity-status.ts';
import { deadlineFieldsOf } from '../domain/deadlines/deadline-fields.ts';
import type { PendingAction } from '../queries/application-deadlines.ts';
import { interfaceTypeForDocumentCode } from '../sources/uspto-codes.ts';
import { applicationRecordSchema, presentApplication } from './application.ts';
import { deadlinesDetailSchema, presentDeadlinesRecord } from './deadlines.ts';
import { entityFields, entitySizeSchema, entitySourceSchema, presentEntity } from './docket-entry.ts';
import { deadlineCalculationSchema, extensionDeadlineSchema } from './deadline-calculation.ts';
import { ACTION_KINDS } from '../domain/deadlines/action-kinds.ts';

const pendingActionSchema = z
  .object({
    correspondence_id: z.string(),
    document_code: z.string(),
    office_action_type: z.string().nullable().describe("The interface's code; null for Quayle and allowance papers"),
    action: z.enum(ACTION_KINDS).describe("The deadline engine's kind"),
    description: z.string().nullable(),
    mailing_date: z.string(),
    period_months: z.number().int().describe('The shortened statutory period the deadlines count'),
    recorded_by_account: z.boolean().describe('This account recorded the paper itself (POST /api/docket/{id}/office-actions)'),
  })
  .describe('The action awaiting a reply; null when nothing is pending');

/** GET /api/applications/{number}. */
export const accountApplicationSchema = applicationRecordSchema.extend({
  docket_entry_id: z.string().nullable().describe('Null when the application is not on the docket'),
  private: z.boolean().describe("The account's own record of an unpublished application"),
  entity_status: z.string().nullable().describe("The record's own value (the USPTO's); entity_size is what fees use"),
  ...entityFields,
  grant_date: z.string().nullable(),
  confirmation_number: z.string().nullable(),
  attorney_docket_number: z.string().nullable(),
  first_inventor_name: z.string().nullable(),
  first_applicant_name: z.string().nullable(),
  application_type: z.string().nullable(),
  earliest_publication_number: z.string().nullable(),
  pending_action: pendingActionSchema.nullable(),
});
export type AccountApplicationWire = z.infer<typeof accountApplicationSchema>;

/** GET /api/applications/{number}/deadlines. */
export const accountDeadlinesSchema = z.object({
  application_number: z.string(),
  docket_entry_id: z.string().nullable(),
  private: z.boolean(),
  entity: entitySizeSchema.describe('The entity status the fees are for'),
  entity_source: entitySourceSchema,
  computed_on: z.string().describe('Today (UTC): the fee table in force on it'),
  deadlines: deadlinesDetailSchema.extend({ pending_action: pendingActionSchema.nullable() }),
  // An Office action's result (DeadlineResult): its extensions are always a list (null only for event kinds).
  calculation: deadlineCalculationSchema
    .extend({ extensions: z.array(extensionDeadlineSchema) })
    .nullable()
    .describe("The deadline engine's full result for the pending action (the shape of POST /api/deadlines/calculate); null when nothing is pending"),
});
export type AccountDeadlinesWire = z.infer<typeof accountDeadlinesSchema>;

/** The action awaiting a reply, as the account sees it (null when nothing is pending). */
function presentPendingAction(pending: PendingAction | null): z.infer<typeof pendingActionSchema> | null {
  if (!pending) return null;
  const c = pending.correspondence;
  return {
    correspondence_id: c.id,
    document_code: c.document_code,
    office_action_type: interfaceTypeForDocumentCode(c.document_code),
    action: pending.result.action,
    description: c.description,
    mailing_date: c.mailing_date,
    period_months: pending.result.ssp_months,
    recorded_by_account: c.owner_account_id !== null,
  };
}

/**
 * GET /api/applications/{number}: the lookup record's fields (REST #1, computed with the papers
 * this account recorded itself), then the account's view: its docket entry, whether the record
 * is its private one, the entity status its fees follow (and where it came from), the
 * bibliographic fields and the pending action.
 */
export function presentAccountApplication(
  app: ApplicationRow,
  docketEntryId: string | null,
  pending: PendingAction | null,
  entity: EntityDecision,
): AccountApplicationWire {
  return {
    ...presentApplication(app, deadlineFieldsOf(pending)),
    docket_entry_id: docketEntryId,
    private: app.owner_account_id !== null,
    // The record's own value (the USPTO's), beside the one fees use.
    entity_status: app.entity_status,
    ...presentEntity(entity),
    grant_date: app.grant_date,
    confirmation_number: app.confirmation_number,
    attorney_docket_number: app.attorney_docket_number,
    first_inventor_name: app.first_inventor_name,
    first_applicant_name: app.first_applicant_name,
    application_type: app.application_type,
    earliest_publication_number: app.earliest_publication_number,
    pending_action: presentPendingAction(pending),
  };
}

/**
 * GET /api/applications/{number}/deadlines: REST #2's record (fees for the application's entity
 * status, `entity`, from `entity_source`: its docket entry, the USPTO record or the account's
 * default; computed today), plus `calculation`, the deadline engine's full result for the pending
 * action (the same shape as POST /api/deadlines/calculate): nominal and effective dates, every
 * extension month with its 37 CFR 1.17(a) fee, the abandonment date and the rule behind each date.
 */
export function presentAccountDeadlines(
  app: ApplicationRow,
  docketEntryId: string | null,
  entity: EntityDecision,
  today: string,
  pending: PendingAction | null,
): AccountDeadlinesWire {
  const record = presentDeadlinesRecord(app.application_number, pending);
  return {
    application_number: record.application_number,
    docket_entry_id: docketEntryId,
    private: app.owner_account_id !== null,
    entity: entity.entity_size,
    entity_source: entity.source,
    computed_on: today,
    deadlines: { ...record.deadlines, pending_action: presentPendingAction(pending) },
    calculation: pending?.result ?? null,
  };
}
