import type { Db } from '../db/connect.ts';
import type { EntityDecision } from '../domain/entity-status.ts';
import { findAccountById } from './accounts.ts';
import { listDocket, type DocketItem } from './docket.ts';
import { docketDeadlines, type DocketDeadline, type DocketLifeItem } from './docket-deadlines.ts';
import { lifeBesidePending } from '../domain/deadlines/life-beside-pending.ts';
import { docketItemEntity } from './entity-size.ts';

export interface DocketExportItem {
  item: DocketItem;
  entity: EntityDecision;
  /** The entry's pending deadline (docketDeadlines), or null when nothing awaits a reply. */
  deadline: DocketDeadline | null;
  /** The entry's life deadlines (issue fee, maintenance fees, briefs) not already its pending action. */
  life: DocketLifeItem[];
}

/** Every docket entry, oldest first, with its entity status and its deadlines as the docket's deadlines list has them. */
export async function docketExportItems(db: Db, accountId: string, today: string): Promise<DocketExportItem[]> {
  const items = await listDocket(db, accountId);
  const account = await findAccountById(db, accountId);
  const list = await docketDeadlines(db, accountId, { today });
  const byEntry = new Map(list.deadlines.map((d) => [d.item.entry.id, d]));
  const lifeByEntry = new Map<string, DocketLifeItem[]>();
  for (const l of lifeBesidePending(list)) {
    lifeByEntry.set(l.item.entry.id, [...(lifeByEntry.get(l.item.entry.id) ?? []), l]);
  }
  return items.map((item) => ({
    item,
    entity: docketItemEntity(item, account?.entity_size),
    deadline: byEntry.get(item.entry.id) ?? null,
    life: lifeByEntry.get(item.entry.id) ?? [],
  }));
}
