/**
 * A page of the docket (GET /api/docket?limit=): keyset pagination over a sort key and the entry
 * id (no OFFSET: page 200 costs what page 1 does), the search and responsible filter in SQL, and
 * the count of entries that match. Sorting by next deadline reads the materialized key
 * docket_entries.upcoming_deadlines (migration 035); "next" is taken at query time, so the key
 * never needs refreshing because a day passed.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { DocketSearch } from '../domain/docket-search.ts';
import { docketBaseQuery, docketItemOf, type DocketItem, type DocketListFilter } from './docket.ts';

export const DOCKET_SORTS = ['next_deadline', 'application_number', 'client_matter', 'added'] as const;
export type DocketSort = (typeof DOCKET_SORTS)[number];

/**
 * The smallest deadline on or after today (UTC), null when none can still come: a lateral
 * subquery joined once per row (nd.next), so the key, the cursor test and the order read it
 * without evaluating the array three times.
 */
const NEXT_DEADLINE_JOIN = sql<{ next: string | null }>`lateral (select min(x) as next from unnest(d.upcoming_deadlines) as x where x >= (now() at time zone 'utc')::date)`;

/** Each sort's key columns (never null, so row comparison holds), with the type its cursor text casts back to. */
const SORT_KEYS: Record<DocketSort, { expr: RawBuilder<unknown>; type: 'date' | 'text' | 'int' | 'timestamptz' }[]> = {
  // No upcoming deadline sorts last.
  next_deadline: [{ expr: sql`coalesce(nd.next, date '9999-12-31')`, type: 'date' }],
  application_number: [{ expr: sql`a.application_number`, type: 'text' }],
  // No matter number sorts last.
  client_matter: [{ expr: sql`(d.client_matter is null)::int`, type: 'int' }, { expr: sql`coalesce(d.client_matter, '')`, type: 'text' }],
  added: [{ expr: sql`d.created_at`, type: 'timestamptz' }],
};

export interface DocketPageRequest extends DocketListFilter {
  sort: DocketSort;
  search: DocketSearch | null;
  /** Entries per page; undefined = every entry that matches. */
  limit?: number;
  /** The last entry of the previous page: its key values as text, then its id. */
  after?: string[];
}

export interface DocketPage {
  items: DocketItem[];
  /** The last item's key values and id (the next page's `after`); null on the last page. */
  next: string[] | null;
  /** Entries matching the filter and search, on every page. */
  total: number;
}

function filtered(db: Db, accountId: string, req: DocketPageRequest) {
  let query = docketBaseQuery(db, accountId);
  if (req.responsible === null) query = query.where('d.responsible_member_id', 'is', null);
  else if (req.responsible !== undefined) query = query.where('d.responsible_member_id', '=', req.responsible);
  const search = req.search;
  if (search) {
    // docketEntryMatches (src/domain/docket-search.ts), in SQL.
    const contains = (column: RawBuilder<unknown>) => sql<boolean>`strpos(lower(coalesce(${column}, '')), ${search.text}) > 0`;
    query = query.where(sql<boolean>`(${sql.join([
      ...(search.numberDigits !== null ? [sql`strpos(a.application_number, ${search.numberDigits}) > 0`] : []),
      contains(sql`a.application_number`), contains(sql`a.invention_title`), contains(sql`d.client_matter`), contains(sql`rm.display_name`), contains(sql`rm.email`),
    ], sql` or `)})`);
  }
  return query;
}

export async function listDocketPage(db: Db, accountId: string, req: DocketPageRequest): Promise<DocketPage> {
  const keys = SORT_KEYS[req.sort];
  let query = filtered(db, accountId, req)
    .$if(req.sort === 'next_deadline', (q) => q.crossJoin(NEXT_DEADLINE_JOIN.as('nd')) as unknown as typeof q)
    .select(keys.map((k, i) => sql<string>`(${k.expr})::text`.as(`sort_key_${i}`)));
  if (req.after) {
    const after = req.after;
    const values = keys.map((k, i) => sql`cast(${after[i]} as ${sql.raw(k.type)})`);
    query = query.where(sql<boolean>`(${sql.join([...keys.map((k) => k.expr), sql`d.id`])}) > (${sql.join([...values, sql`${after[keys.length]}::text`])})`);
  }
  for (const k of keys) query = query.orderBy(k.expr);
  query = query.orderBy('d.id');
  // One row more than the page tells whether another page follows.
  if (req.limit !== undefined) query = query.limit(req.limit + 1);
  const [rows, count] = await Promise.all([
    query.execute(),
    filtered(db, accountId, req).clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const more = req.limit !== undefined && rows.length > req.limit;
  const page = more ? rows.slice(0, req.limit) : rows;
  const last = page.at(-1) as Record<string, unknown> | undefined;
  return {
    items: page.map((row) => {
      const { ...plain } = row as Record<string, unknown>;
      keys.forEach((_, i) => delete plain[`sort_key_${i}`]);
      return docketItemOf(plain as Parameters<typeof docketItemOf>[0]);
    }),
    next: more && last ? [...keys.map((_, i) => String(last[`sort_key_${i}`])), String(last.entry_id)] : null,
    total: Number(count.n),
  };
}

const KEY_TEXT: Record<'date' | 'text' | 'int' | 'timestamptz', (v: string) => boolean> = {
  date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v),
  text: () => true,
  int: (v) => /^[01]$/.test(v),
  timestamptz: (v) => /^\d{4}-\d{2}-\d{2} [\d:.]+[+-]\d{2}(:\d{2})?$/.test(v),
};

/** How many key values a sort's cursor holds before the entry id. */
export function docketSortKeyCount(sort: DocketSort): number {
  return SORT_KEYS[sort].length;
}

/** Whether a cursor's key values are what the sort's keys give (so the casts in SQL cannot fail). */
export function docketSortKeysValid(sort: DocketSort, values: readonly string[]): boolean {
  return SORT_KEYS[sort].every((k, i) => KEY_TEXT[k.type](values[i] ?? ''));
}
