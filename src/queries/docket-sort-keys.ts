/**
 * The SQL of each docket sort (src/domain/docket-sort.ts): its key columns, the keyset test that
 * starts a page after the previous page's last entry, and what a cursor's key values may look like.
 * Keys never evaluate to null (blanks are a leading 0/1 key), so comparisons hold.
 */
import { sql, type RawBuilder } from 'kysely';
import { docketSortDescending, docketSortField, type DocketSort } from '../domain/docket-sort.ts';

type KeyType = 'date' | 'text' | 'int' | 'timestamptz';
export interface SortKey {
  expr: RawBuilder<unknown>;
  type: KeyType;
  descending: boolean;
}

// Text keys compare byte-wise (collation "C"): the same order on PGlite and PostgreSQL whatever the
// server's locale, and the cursor test compares exactly as the order by does.
const textKey = (expr: RawBuilder<unknown>) => sql`${expr} collate "C"`;
const lowerOf = (column: RawBuilder<unknown>) => textKey(sql`lower(coalesce(${column}, ''))`);
/** 1 for a blank value: always ascending, so blanks come last whatever the direction. */
const blankKey = (blank: RawBuilder<unknown>): SortKey => ({ expr: sql`(${blank})::int`, type: 'int', descending: false });

/** The key columns of a sort, before the entry id. */
export function docketSortKeys(sort: DocketSort): SortKey[] {
  const descending = docketSortDescending(sort);
  const key = (expr: RawBuilder<unknown>, type: KeyType): SortKey => ({ expr, type, descending });
  switch (docketSortField(sort)) {
    // 'infinity' (no deadline left) is the largest date: last when ascending with no extra key, so
    // the default order reads the index (account_id, next_deadline_key, id) of migration 035.
    case 'next_deadline':
      return descending
        ? [blankKey(sql`d.next_deadline_key = 'infinity'::date`), key(sql`d.next_deadline_key`, 'date')]
        : [key(sql`d.next_deadline_key`, 'date')];
    case 'application_number':
      return [key(textKey(sql`a.application_number`), 'text')];
    case 'title':
      return [blankKey(sql`coalesce(a.invention_title, '') = ''`), key(lowerOf(sql`a.invention_title`), 'text')];
    case 'client_matter':
      return [blankKey(sql`coalesce(d.client_matter, '') = ''`), key(lowerOf(sql`d.client_matter`), 'text')];
    case 'responsible':
      return [blankKey(sql`rm.id is null`), key(lowerOf(sql`coalesce(rm.display_name, rm.email)`), 'text')];
    case 'status':
      return [key(lowerOf(sql`a.status`), 'text')];
    case 'examiner':
      return [blankKey(sql`coalesce(a.examiner_name, '') = ''`), key(lowerOf(sql`a.examiner_name`), 'text')];
    case 'art_unit':
      return [blankKey(sql`coalesce(a.art_unit, '') = ''`), key(lowerOf(sql`a.art_unit`), 'text')];
    case 'added':
      return [key(sql`d.created_at`, 'timestamptz')];
  }
}

/**
 * Rows after the cursor's (key values..., entry id) in the sort's order. When every key runs one
 * way it is one row comparison (an index range on the default order); mixed directions (a blank
 * key before a descending value) spell it out key by key.
 */
export function afterCursor(sort: DocketSort, after: readonly string[]): RawBuilder<boolean> {
  const keys = docketSortKeys(sort);
  const columns = [
    ...keys.map((k, i) => ({ expr: k.expr, value: sql`cast(${after[i]} as ${sql.raw(k.type)})`, descending: k.descending })),
    { expr: sql`d.id`, value: sql`cast(${after[keys.length]} as text)`, descending: docketSortDescending(sort) },
  ];
  if (columns.every((c) => c.descending === columns[0]!.descending)) {
    const op = sql.raw(columns[0]!.descending ? '<' : '>');
    return sql<boolean>`(${sql.join(columns.map((c) => c.expr))}) ${op} (${sql.join(columns.map((c) => c.value))})`;
  }
  const branches = columns.map(
    (c, i) =>
      sql`(${sql.join(
        [...columns.slice(0, i).map((p) => sql`${p.expr} = ${p.value}`), sql`${c.expr} ${sql.raw(c.descending ? '<' : '>')} ${c.value}`],
        sql` and `,
      )})`,
  );
  return sql<boolean>`(${sql.join(branches, sql` or `)})`;
}

const KEY_TEXT: Record<KeyType, (v: string) => boolean> = {
  date: (v) => /^(\d{4}-\d{2}-\d{2}|infinity)$/.test(v),
  text: () => true,
  int: (v) => /^[01]$/.test(v),
  timestamptz: (v) => /^\d{4}-\d{2}-\d{2} [\d:.]+[+-]\d{2}(:\d{2})?$/.test(v),
};

/** Whether a cursor's values are what the sort's keys give, then an id (so the casts in SQL cannot fail). */
export function docketCursorValid(sort: DocketSort, values: readonly string[]): boolean {
  const keys = docketSortKeys(sort);
  return values.length === keys.length + 1 && keys.every((k, i) => KEY_TEXT[k.type](values[i] ?? ''));
}
