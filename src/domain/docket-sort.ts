/**
 * The orders GET /api/docket pages in (sort=): one field per column the web docket shows, plus
 * the order entries were added in. `field` is ascending, `-field` descending; ties go by entry id
 * in the same direction. Blank values (no deadline left, no matter number, nobody responsible, no
 * examiner or art unit, no title) come last in both directions.
 */
const DOCKET_SORT_FIELDS = ['next_deadline', 'application_number', 'title', 'client_matter', 'responsible', 'status', 'examiner', 'art_unit', 'added'] as const;
export type DocketSortField = (typeof DOCKET_SORT_FIELDS)[number];
export type DocketSort = DocketSortField | `-${DocketSortField}`;

export const DOCKET_SORTS = [...DOCKET_SORT_FIELDS, ...DOCKET_SORT_FIELDS.map((f) => `-${f}` as const)] as [DocketSort, ...DocketSort[]];

export function docketSortField(sort: DocketSort): DocketSortField {
  return (sort.startsWith('-') ? sort.slice(1) : sort) as DocketSortField;
}

export function docketSortDescending(sort: DocketSort): boolean {
  return sort.startsWith('-');
}
