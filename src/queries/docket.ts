import type { Db } from '../db/connect.ts';
import type { ApplicationRow, DocketEntryRow } from '../db/schema.ts';

export interface DocketItem {
  entry: DocketEntryRow;
  application: ApplicationRow;
}

function baseQuery(db: Db, accountId: string) {
  return db
    .selectFrom('docket_entries as d')
    .innerJoin('applications as a', 'a.id', 'd.application_id')
    .selectAll('a')
    .select(['d.id as entry_id', 'd.account_id as entry_account_id', 'd.client_matter', 'd.notes', 'd.entity_size as entry_entity_size', 'd.created_at as entry_created_at', 'd.updated_at as entry_updated_at'])
    .where('d.account_id', '=', accountId);
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

function split(row: JoinedRow): DocketItem {
  const { entry_id, entry_account_id, client_matter, notes, entry_entity_size, entry_created_at, entry_updated_at, ...application } = row;
  return {
    entry: { id: entry_id, account_id: entry_account_id, application_id: application.id, client_matter, notes, entity_size: entry_entity_size, created_at: entry_created_at, updated_at: entry_updated_at },
    application,
  };
}

export async function listDocket(db: Db, accountId: string): Promise<DocketItem[]> {
  const rows = await baseQuery(db, accountId).orderBy('d.created_at', 'asc').orderBy('d.id').execute();
  return rows.map(split);
}

export async function findDocketItem(db: Db, accountId: string, entryId: string): Promise<DocketItem | undefined> {
  const row = await baseQuery(db, accountId).where('d.id', '=', entryId).executeTakeFirst();
  return row ? split(row) : undefined;
}

/** The id of the account's docket entry for an application, or null when it does not follow it. */
export async function findDocketEntryId(db: Db, accountId: string, applicationId: string): Promise<string | null> {
  const row = await db.selectFrom('docket_entries').select('id').where('account_id', '=', accountId).where('application_id', '=', applicationId).executeTakeFirst();
  return row?.id ?? null;
}
