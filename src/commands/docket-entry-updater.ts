import type { Db } from '../db/connect.ts';
import type { DocketEntryRow } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import type { EntitySize } from '../domain/deadlines/fees.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';
import type { PrivateApplicationData } from './docket-entry-creator.ts';
import { clearPublicRecordCaches } from '../queries/public-record-cache.ts';
import { lockResponsibleMember } from './responsible-member.ts';

export interface DocketEntryUpdaterProps {
  accountId: string;
  entryId: string;
  /** Fields left undefined are unchanged; null clears. */
  clientMatter?: string | null;
  notes?: string | null;
  /** The entity status the application's fees follow; null returns them to the USPTO record's (else the account's). */
  entitySize?: EntitySize | null;
  /** Changes to the account's own data; only for private (unpublished) applications. */
  application?: Partial<PrivateApplicationData>;
  /** The firm's owner or practitioner responsible for the matter (422 otherwise); null unassigns. */
  responsibleMemberId?: string | null;
}

export async function docketEntryUpdater(db: Db, actor: Actor, props: DocketEntryUpdaterProps): Promise<DocketEntryRow> {
  return db
    .transaction()
    .execute(async (trx) => {
      // The member first, the entry second: the order a member's removal locks them in.
      if (props.responsibleMemberId) await lockResponsibleMember(trx, props.accountId, props.responsibleMemberId);
      const entry = await trx
        .selectFrom('docket_entries')
        .selectAll()
        .where('id', '=', props.entryId)
        .where('account_id', '=', props.accountId)
        .forUpdate()
        .executeTakeFirst();
      if (!entry) throw notFound('Docket entry', 'docket_entry_not_found');
      const changes: Record<string, string | null> = {};
      if (props.clientMatter !== undefined) changes.client_matter = props.clientMatter;
      if (props.notes !== undefined) changes.notes = props.notes;
      if (props.entitySize !== undefined) changes.entity_size = props.entitySize;
      if (props.responsibleMemberId !== undefined) changes.responsible_member_id = props.responsibleMemberId;
      const updated = await trx
        .updateTable('docket_entries')
        .set({ ...changes, updated_at: new Date() })
        .where('id', '=', entry.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (props.application && Object.keys(props.application).length > 0) {
        // Only the owner's private record may change; public records come from the USPTO.
        await trx
          .updateTable('applications')
          .set({ ...props.application, updated_at: new Date() })
          .where('id', '=', entry.application_id)
          .where('owner_account_id', '=', props.accountId)
          .execute();
      }
      await writeAudit(trx, actor, {
        accountId: props.accountId,
        action: 'docket.entry_updated',
        targetType: 'docket_entry',
        targetId: entry.id,
        details: {
          fields: [...Object.keys(changes), ...Object.keys(props.application ?? {}).map((k) => `application.${k}`)],
          // Fees change with it: the log keeps what it was.
          ...(props.entitySize !== undefined && props.entitySize !== entry.entity_size
            ? { entity_size: { from: entry.entity_size, to: props.entitySize } }
            : {}),
          // Whose mail the matter's reminders go to: the log keeps who it was.
          ...(props.responsibleMemberId !== undefined && props.responsibleMemberId !== entry.responsible_member_id
            ? { responsible_member_id: { from: entry.responsible_member_id, to: props.responsibleMemberId } }
            : {}),
        },
      });
      return updated;
    })
    .finally(clearPublicRecordCaches);
}
