/**
 * The entity status a fee is for, as an account sees an application (src/domain/entity-status.ts
 * decides; this reads the three places it may be recorded). Every fee Prosa shows or prints for an
 * application goes through here: its deadlines, the docket's and the calendar's, quotes, forms,
 * the IDS fee.
 */
import type { Db } from '../db/connect.ts';
import type { ApplicationRow, DocketEntryRow } from '../db/schema.ts';
import type { EntitySize } from '../domain/deadlines/fees.ts';
import { decideEntity, type EntityDecision } from '../domain/entity-status.ts';

export type { EntityDecision };

/** For `applicationId` as `accountId` sees it; `requested` (a request's own entity_size) wins. */
export async function applicationEntity(db: Db, accountId: string, applicationId: string, requested?: EntitySize | null): Promise<EntityDecision> {
  const row = await db
    .selectFrom('accounts as acc')
    .leftJoin('applications as a', (j) => j.on('a.id', '=', applicationId))
    .leftJoin('docket_entries as d', (j) => j.onRef('d.application_id', '=', 'a.id').onRef('d.account_id', '=', 'acc.id'))
    .select(['acc.entity_size as account', 'd.entity_size as docket', 'a.entity_status', 'a.owner_account_id'])
    .where('acc.id', '=', accountId)
    .executeTakeFirst();
  return entityOfRow(row, requested);
}

/** The three places an entity status may be recorded, as one statement read them (here, or with a paper's identity: paper-identity.ts). */
export interface EntitySources {
  account: string | null;
  docket: string | null;
  entity_status: string | null;
  owner_account_id: string | null;
}

/** The decision for a row read with the account (undefined: no such account). */
export function entityOfRow(row: EntitySources | undefined, requested?: EntitySize | null): EntityDecision {
  return decideEntity({
    request: requested,
    docket: row?.docket,
    record: row ? { entity_status: row.entity_status, private: row.owner_account_id !== null } : null,
    account: row?.account,
  });
}

/** For a docket item already read (the docket lists thousands: no query per entry), with the account's setting read once. */
export function docketItemEntity(
  item: { entry: Pick<DocketEntryRow, 'entity_size'>; application: Pick<ApplicationRow, 'entity_status' | 'owner_account_id'> },
  accountEntity: string | null | undefined,
): EntityDecision {
  return decideEntity({
    docket: item.entry.entity_size,
    record: { entity_status: item.application.entity_status, private: item.application.owner_account_id !== null },
    account: accountEntity,
  });
}
