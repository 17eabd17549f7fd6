import type { Db } from '../db/connect.ts';
import type { ApplicationRow, DocketEntryRow } from '../db/schema.ts';

export interface DocketItem {
  /** The entry's own fields (its sort key by deadline, migration 035, is read by the page query alone). */
  entry: Omit<DocketEntryRow, 'upcoming_deadlines' | 'next_deadline_key' | 'deadlines_stale'>;
  application: ApplicationRow;
  /** The entry's responsible practitioner (migration 034), null when not assigned. */
  responsible: { memberId: string; name: string | null; email: string } | null;
}

export function docketBaseQuery(db: Db, accountId: string) {
  return db
    .selectFrom('docket_entries as d')
    .innerJoin('applications as a', 'a.id', 'd.application_id')
    .leftJoin('members as rm', 'rm.id', 'd.responsible_member_id')
    .selectAll('a')
    .select([
      'd.id as entry_id',
      'd.account_id as entry_account_id',
      'd.client_matter',
      'd.notes',
      'd.entity_size as entry_entity_size',
      'd.responsible_member_id',
      'rm.email as responsible_email',
      'rm.display_name as responsible_name',
      'd.created_at as entry_created_at',
      'd.updated_at as entry_updated_at',
    ])
    .where('d.account_id', '=', accountId);
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof docketBaseQuery>['execute']>>[number];

export function docketItemOf(row: JoinedRow): DocketItem {
  const {
    entry_id,
    entry_account_id,
    client_matter,
    notes,
    entry_entity_size,
    responsible_member_id,
    responsible_email,
    responsible_name,
    entry_created_at,
    entry_updated_at,
    ...application
  } = row;
  return {
    entry: {
      id: entry_id,
      account_id: entry_account_id,
      application_id: application.id,
      client_matter,
      notes,
      entity_size: entry_entity_size,
      responsible_member_id,
      created_at: entry_created_at,
      updated_at: entry_updated_at,
    },
    application,
    responsible:
      responsible_member_id !== null && responsible_email !== null
        ? { memberId: responsible_member_id, name: responsible_name, email: responsible_email }
        : null,
  };
}

export interface DocketListFilter {
  /** A member id: the entries that member is responsible for; null: the entries nobody is. */
  responsible?: string | null;
}

export async function listDocket(db: Db, accountId: string, filter: DocketListFilter = {}): Promise<DocketItem[]> {
  let query = docketBaseQuery(db, accountId);
  if (filter.responsible === null) query = query.where('d.responsible_member_id', 'is', null);
  else if (filter.responsible !== undefined) query = query.where('d.responsible_member_id', '=', filter.responsible);
  const rows = await query.orderBy('d.created_at', 'asc').orderBy('d.id').execute();
  return rows.map(docketItemOf);
}

export async function findDocketItem(db: Db, accountId: string, entryId: string): Promise<DocketItem | undefined> {
  const row = await docketBaseQuery(db, accountId).where('d.id', '=', entryId).executeTakeFirst();
  return row ? docketItemOf(row) : undefined;
}

/** The id of the account's docket entry for an application, or null when it does not follow it. */
export async function findDocketEntryId(db: Db, accountId: string, applicationId: string): Promise<string | null> {
  const row = await db
    .selectFrom('docket_entries')
    .select('id')
    .where('account_id', '=', accountId)
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  return row?.id ?? null;
}
