/**
 * A docket entry on the wire (GET/POST/PATCH /api/docket): the firm's matter number (printed as the
 * attorney docket number on every paper), its notes, the entity status its fees follow and where
 * that came from, and the application's record with its deadlines.
 */
import { z } from 'zod';
import type { DocketItem } from '../queries/docket.ts';
import type { EntityDecision } from '../domain/entity-status.ts';
import { applicationRecordSchema, presentApplication } from './application.ts';
import type { DeadlineFields } from '../domain/deadlines/deadline-fields.ts';

export const entitySizeSchema = z.enum(['large', 'small', 'micro']);
export const entitySourceSchema = z.enum(['request', 'docket', 'uspto', 'account']);

/** The entity status of an application's fees, as the docket entry and the application page show it. */
export const entityFields = {
  entity_size: entitySizeSchema.describe("What the application's fees use"),
  entity_size_source: entitySourceSchema.describe('docket (set on the docket), uspto (USPTO record) or account (default)'),
};

const entitySchema = z.object(entityFields);
export type EntityWire = z.infer<typeof entitySchema>;

export function presentEntity(entity: EntityDecision): EntityWire {
  return { entity_size: entity.entity_size, entity_size_source: entity.source };
}

const responsibleSchema = z
  .object({
    member_id: z.string(),
    name: z.string().nullable().describe("The member's display name, when they gave one"),
    email: z.string(),
  })
  .describe(
    "The firm's owner or practitioner responsible for the matter: reminders, the digest and new-paper alerts for it go to them (docs/notifications.md); null when not assigned (the firm's owners get its mail)",
  );

export const docketEntrySchema = z.object({
  id: z.string(),
  client_matter: z.string().nullable().describe("The firm's matter number: the papers' Attorney Docket No."),
  notes: z.string().nullable(),
  ...entityFields,
  responsible: responsibleSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  private: z.boolean().describe("An unpublished application tracked with the account's own data"),
  application: applicationRecordSchema,
});
export type DocketEntryWire = z.infer<typeof docketEntrySchema>;

export const docketListSchema = z.object({
  entries: z.array(docketEntrySchema),
  next_cursor: z.string().nullable().describe('Send as cursor for the next page (same sort, q, status and responsible); null on the last page'),
  total: z.number().int().describe('Entries matching q, status and responsible, on every page'),
  docket_total: z.number().int().describe('Every entry of the docket, whatever the filters'),
});
export type DocketListWire = z.infer<typeof docketListSchema>;

export const docketStatusesSchema = z.object({
  statuses: z
    .array(z.object({ status: z.string(), entries: z.number().int() }))
    .describe("Each status the docket's applications have, in order, with its number of entries"),
});
export type DocketStatusesWire = z.infer<typeof docketStatusesSchema>;

export function presentDocketItem(item: DocketItem, deadlines: DeadlineFields, entity: EntityDecision): DocketEntryWire {
  return {
    id: item.entry.id,
    client_matter: item.entry.client_matter,
    notes: item.entry.notes,
    ...presentEntity(entity),
    responsible: item.responsible ? { member_id: item.responsible.memberId, name: item.responsible.name, email: item.responsible.email } : null,
    created_at: item.entry.created_at.toISOString(),
    updated_at: item.entry.updated_at.toISOString(),
    private: item.application.owner_account_id !== null,
    application: presentApplication(item.application, deadlines),
  };
}
