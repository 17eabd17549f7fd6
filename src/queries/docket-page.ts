/**
 * A page of the docket (GET /api/docket?limit=): keyset pagination over a sort's keys and the
 * entry id (no OFFSET: page 200 costs what page 1 does), the responsible, status and search
 * filters in SQL, and the counts the page shows in one statement beside it.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { DocketSearch } from '../domain/docket-search.ts';
import type { DocketSort } from '../domain/docket-sort.ts';
import type { EntitySize } from '../domain/deadlines/index.ts';
import { accountEntityOf } from './accounts.ts';
import { afterCursor, docketSortKeys } from './docket-sort-keys.ts';
import { docketBaseQuery, docketItemOf, type DocketItem, type DocketListFilter } from './docket.ts';

export interface DocketPageRequest extends DocketListFilter {
  /** Only the entries whose application has this status (exactly as GET /api/docket/statuses lists it). */
  status?: string;
  search: DocketSearch | null;
  sort: DocketSort;
  /** Entries per page; undefined = every entry that matches. */
  limit?: number;
  /** The last entry of the previous page: its key values as text, then its id. */
  after?: string[];
}

export interface DocketPage {
  items: DocketItem[];
  /** The last item's key values and id (the next page's `after`); null on the last page. */
  next: string[] | null;
}

/** The request's filters as conditions on d (entry), a (application) and rm (responsible member). */
function filters(req: DocketPageRequest): { conditions: RawBuilder<boolean>[]; application: boolean; member: boolean } {
  const conditions: RawBuilder<boolean>[] = [];
  if (req.responsible === null) conditions.push(sql<boolean>`d.responsible_member_id is null`);
  else if (req.responsible !== undefined) conditions.push(sql<boolean>`d.responsible_member_id = ${req.responsible}`);
  if (req.status !== undefined) conditions.push(sql<boolean>`a.status = ${req.status}`);
  const search = req.search;
  if (search) {
    // docketEntryMatches (src/domain/docket-search.ts), in SQL.
    const contains = (column: RawBuilder<unknown>) => sql<boolean>`strpos(lower(coalesce(${column}, '')), ${search.text}) > 0`;
    conditions.push(
      sql<boolean>`(${sql.join(
        [
          ...(search.numberDigits !== null ? [sql`strpos(a.application_number, ${search.numberDigits}) > 0`] : []),
          ...[
            sql`a.application_number`,
            sql`a.invention_title`,
            sql`d.client_matter`,
            sql`rm.display_name`,
            sql`rm.email`,
            sql`a.status`,
            sql`a.examiner_name`,
          ].map(contains),
        ],
        sql` or `,
      )})`,
    );
  }
  return { conditions, application: req.status !== undefined || search !== null, member: search !== null };
}

export async function listDocketPage(db: Db, accountId: string, req: DocketPageRequest): Promise<DocketPage> {
  const keys = docketSortKeys(req.sort);
  const descending = req.sort.startsWith('-');
  let query = docketBaseQuery(db, accountId).select(keys.map((k, i) => sql<string>`(${k.expr})::text`.as(`sort_key_${i}`)));
  for (const condition of filters(req).conditions) query = query.where(condition);
  if (req.after) query = query.where(afterCursor(req.sort, req.after));
  for (const k of keys) query = query.orderBy(k.expr, k.descending ? 'desc' : 'asc');
  query = query.orderBy('d.id', descending ? 'desc' : 'asc');
  // One row more than the page tells whether another page follows.
  if (req.limit !== undefined) query = query.limit(req.limit + 1);
  const rows = await query.execute();
  const more = req.limit !== undefined && rows.length > req.limit;
  const page = more ? rows.slice(0, req.limit) : rows;
  const last = page.at(-1) as Record<string, unknown> | undefined;
  return {
    items: page.map((row) => {
      const plain = { ...row } as Record<string, unknown>;
      for (const i of keys.keys()) delete plain[`sort_key_${i}`];
      return docketItemOf(plain as Parameters<typeof docketItemOf>[0]);
    }),
    next: more && last ? [...keys.map((_, i) => String(last[`sort_key_${i}`])), String(last.entry_id)] : null,
  };
}

export interface DocketCounts {
  /** Every entry of the account's docket. */
  docketTotal: number;
  /** The entries matching the filters and search. */
  total: number;
  /** Whether an entry's next-deadline key is stale or was passed by `today` (src/commands/docket-sort-keys.ts refreshes them). */
  keysToRefresh: boolean;
  /** The account's own entity size setting (what an entry's fees fall back to), read here to spare a statement. */
  accountEntitySize: EntitySize;
}

/**
 * What a docket page shows and needs besides its rows, in one statement of index lookups: the
 * counts, whether any sort key needs refreshing, the account's entity size. The docket's size and
 * a status filter's count come from docket_status_counts (migration 039, kept by triggers); only
 * a responsible or search filter counts its matching entries.
 */
export async function docketCounts(db: Db, accountId: string, req: DocketPageRequest, today: string): Promise<DocketCounts> {
  const { conditions, application, member } = filters(req);
  const statusCount = (status: RawBuilder<boolean>) =>
    sql<string>`(select coalesce(sum(entries), 0) from docket_status_counts as c where c.account_id = ${accountId} and ${status})`;
  const docketTotal = statusCount(sql<boolean>`true`);
  const total =
    req.responsible === undefined && req.search === null
      ? req.status === undefined
        ? docketTotal
        : statusCount(sql<boolean>`c.status = ${req.status}`)
      : sql<string>`(select count(*) from docket_entries as d
          ${application ? sql`join applications as a on a.id = d.application_id` : sql``}
          ${member ? sql`left join members as rm on rm.id = d.responsible_member_id` : sql``}
          where d.account_id = ${accountId} and ${sql.join(conditions, sql` and `)})`;
  // Two index probes: the stale entries' partial index, and the smallest key of the page order's index.
  const keysToRefresh = sql<boolean>`exists (select 1 from docket_entries where account_id = ${accountId} and deadlines_stale)
    or exists (select 1 from docket_entries where account_id = ${accountId} and next_deadline_key < ${today}::date)`;
  const row = await sql<{ docket_total: string; total: string; keys_to_refresh: boolean; account_entity_size: string | null }>`select
      ${docketTotal} as docket_total,
      ${total} as total,
      ${keysToRefresh} as keys_to_refresh,
      (select entity_size from accounts where id = ${accountId}) as account_entity_size`.execute(db);
  const counts = row.rows[0]!;
  return {
    docketTotal: Number(counts.docket_total),
    total: Number(counts.total),
    keysToRefresh: counts.keys_to_refresh,
    accountEntitySize: accountEntityOf(counts.account_entity_size),
  };
}

/** The statuses of the account's applications, with how many entries have each (the web's Status filter); kept by migration 039's triggers. */
export async function docketStatuses(db: Db, accountId: string): Promise<{ status: string; entries: number }[]> {
  const rows = await db
    .selectFrom('docket_status_counts')
    .select(['status', 'entries'])
    .where('account_id', '=', accountId)
    .where('entries', '>', 0)
    .orderBy(sql`status collate "C"`)
    .execute();
  return rows.map((r) => ({ status: r.status, entries: Number(r.entries) }));
}
