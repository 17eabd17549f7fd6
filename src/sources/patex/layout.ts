// Which PatEx table a CSV holds, told by its header, and where each column sits.
// Column lists (uspto-data.md §2):
//   application_data 2014–2017: application_number, filing_date, invention_subject_matter,
//     application_type, examiner_name_last, examiner_name_first, examiner_name_middle,
//     examiner_id, examiner_art_unit, uspc_class, uspc_subclass, confirm_number,
//     customer_number, atty_docket_number, appl_status_code, appl_status_date, file_location,
//     file_location_date, earliest_pgpub_number, earliest_pgpub_date, wipo_pub_number,
//     wipo_pub_date, patent_number, patent_issue_date, abandon_date, disposal_type,
//     invention_title, small_entity_indicator, aia_first_to_file
//   application_data 2019+: the same, but application_invention_type replaces
//     invention_subject_matter, examiner_full_name replaces the three name columns, and
//     appl_status_desc sits beside appl_status_code (SAS import, search-index file 34637173849)
//   transactions: application_number, event_code, recorded_date, sequence_number, status_code
//   event_codes: event_code, event_description
// Columns are found by name, so their order and any extra columns do not matter.

export type PatexTable = 'application_data' | 'transactions' | 'event_codes';

export interface PatexLayout {
  table: PatexTable;
  /** application_data only: which release's column names the file uses. */
  release: '2014-2017' | '2019+' | null;
  /** Number of header fields (rows must match it). */
  width: number;
  /** Position of a column, or -1 when the file has none. */
  at(name: string): number;
}

function headerName(field: string): string {
  return field
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/^"|"$/g, '')
    .toLowerCase();
}

/** The layout of a PatEx CSV from its header row, or null when the header is not one we know. */
export function detectLayout(header: readonly string[]): PatexLayout | null {
  const names = header.map(headerName);
  const index = new Map<string, number>();
  names.forEach((n, i) => {
    if (!index.has(n)) index.set(n, i);
  });
  const has = (...cols: string[]) => cols.every((c) => index.has(c));
  const at = (name: string) => index.get(name) ?? -1;
  const width = names.length;
  if (has('application_number', 'event_code', 'recorded_date')) return { table: 'transactions', release: null, width, at };
  if (has('event_code', 'event_description')) return { table: 'event_codes', release: null, width, at };
  if (has('application_number', 'filing_date') && (has('invention_title') || has('appl_status_code'))) {
    const release = has('examiner_full_name') || has('application_invention_type') || has('appl_status_desc') ? '2019+' : '2014-2017';
    return { table: 'application_data', release, width, at };
  }
  return null;
}
