import type { Db } from '../db/connect.ts';
import type { DocketEntryRow } from '../db/schema.ts';
import { AppError, conflict, validationError } from '../errors.ts';
import { normalizeApplicationNumber } from '../domain/application-number.ts';
import type { EntitySize } from '../domain/deadlines/fees.ts';
import { newId } from '../auth/secrets.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';
import { isUniqueViolation } from './account-creator.ts';
import { clearPublicRecordCaches } from '../queries/public-record-cache.ts';
import { lockResponsibleMember } from './responsible-member.ts';

/** What an account knows of an unpublished application that has no public record. */
export interface PrivateApplicationData {
  invention_title: string;
  filing_date?: string | null;
  examiner_name?: string | null;
  art_unit?: string | null;
  attorney_docket_number?: string | null;
  confirmation_number?: string | null;
  first_inventor_name?: string | null;
  entity_status?: 'large' | 'small' | 'micro' | null;
}

export interface DocketEntryCreatorProps {
  accountId: string;
  /** In any written form (17/200,011); normalized before use. */
  applicationNumber: string;
  /** The firm's client-matter reference. */
  clientMatter?: string | null;
  notes?: string | null;
  /** The application's entity status as the firm knows it: its fees follow it (src/domain/entity-status.ts). */
  entitySize?: EntitySize | null;
  /**
   * For an application with no public record: the account's own data, creating a private
   * application visible to this account alone. Ignored when a public record exists.
   */
  application?: PrivateApplicationData;
  /** The firm's owner or practitioner responsible for the matter (422 otherwise); omitted or null: not assigned. */
  responsibleMemberId?: string | null;
}

export async function docketEntryCreator(db: Db, actor: Actor, props: DocketEntryCreatorProps): Promise<DocketEntryRow> {
  const number = normalizeApplicationNumber(props.applicationNumber);
  if (!number) throw validationError('application_number', 'must be a US application number such as 17/200,011 (8 digits)');
  try {
    return await db
      .transaction()
      .execute(async (trx) => {
        if (props.responsibleMemberId) await lockResponsibleMember(trx, props.accountId, props.responsibleMemberId);
        let app = await trx
          .selectFrom('applications')
          .select(['id', 'owner_account_id'])
          .where('application_number', '=', number)
          .where((eb) => eb.or([eb('owner_account_id', 'is', null), eb('owner_account_id', '=', props.accountId)]))
          .orderBy('owner_account_id', 'desc')
          .executeTakeFirst();
        if (!app) {
          if (!props.application) {
            throw new AppError(
              404,
              'app_not_found',
              `Application ${number} has no public record in Prosa.`,
              'Check the application number. If the application is unpublished, add it again with an "application" object holding at least its invention_title, so it is tracked privately for this account.',
            );
          }
          const a = props.application;
          app = await trx
            .insertInto('applications')
            .values({
              id: newId(),
              application_number: number,
              owner_account_id: props.accountId,
              invention_title: a.invention_title,
              status: 'pending',
              filing_date: a.filing_date ?? null,
              examiner_name: a.examiner_name ?? null,
              art_unit: a.art_unit ?? null,
              attorney_docket_number: a.attorney_docket_number ?? null,
              confirmation_number: a.confirmation_number ?? null,
              first_inventor_name: a.first_inventor_name ?? null,
              entity_status: a.entity_status ?? null,
              source: 'user',
            })
            .returning(['id', 'owner_account_id'])
            .executeTakeFirstOrThrow();
        }
        const entry = await trx
          .insertInto('docket_entries')
          .values({
            id: newId(),
            account_id: props.accountId,
            application_id: app.id,
            client_matter: props.clientMatter ?? null,
            notes: props.notes ?? null,
            entity_size: props.entitySize ?? null,
            responsible_member_id: props.responsibleMemberId ?? null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(trx, actor, {
          accountId: props.accountId,
          action: 'docket.entry_added',
          targetType: 'docket_entry',
          targetId: entry.id,
          details: {
            application_number: number,
            private: app.owner_account_id !== null,
            ...(props.responsibleMemberId ? { responsible_member_id: props.responsibleMemberId } : {}),
          },
        });
        return entry;
      })
      .finally(clearPublicRecordCaches);
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw conflict('already_on_docket', `Application ${number} is already on your docket.`, 'Update the existing docket entry instead of adding it again.');
    }
    throw err;
  }
}
