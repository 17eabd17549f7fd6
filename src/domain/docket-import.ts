/**
 * Reading a docket from a firm's CSV (issue 21 part 4): the columns found by their usual names,
 * every line judged before anything is written. Pure: text in, rows out (no I/O, no clock).
 *
 * - Header detection: case-, space- and punctuation-insensitive names (HEADER_NAMES). A file whose
 *   first line has no recognisable name but starts with an application number has no header; its
 *   columns are then positional: number, matter, entity status, notes.
 * - Tolerated: a UTF-8 byte order mark, CRLF line ends, comma, semicolon or tab delimiters (the
 *   first line's most frequent one), blank lines, ragged rows.
 * - Bounded: IMPORT_LIMITS (bytes, rows, per-field lengths). Over the byte or row cap the whole
 *   file is refused (DocketCsvError); a field over its cap makes that line malformed.
 */
import { parse } from 'csv-parse/sync';
import { normalizeApplicationNumber, type ApplicationNumber } from './application-number.ts';
import { entityOfRecord } from './entity-status.ts';
import type { EntitySize } from './deadlines/fees.ts';

export const IMPORT_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  maxRows: 10_000,
  field: { application_number: 64, client_matter: 200, entity_size: 40, notes: 10_000 },
} as const;

export type ImportColumn = 'application_number' | 'client_matter' | 'entity_size' | 'notes';
const IMPORT_COLUMNS: readonly ImportColumn[] = ['application_number', 'client_matter', 'entity_size', 'notes'];

/** Header names per column, compared after lower-casing and removing everything but letters and digits. */
const HEADER_NAMES: Record<ImportColumn, readonly string[]> = {
  application_number: [
    'applicationnumber',
    'applicationno',
    'application',
    'appno',
    'appnumber',
    'applno',
    'applnumber',
    'applicationserialnumber',
    'applicationserialno',
    'serialno',
    'serialnumber',
    'serial',
    'usapplicationnumber',
    'usapplicationno',
    'usserialno',
    'usserialnumber',
  ],
  client_matter: [
    'matter',
    'matterno',
    'matternumber',
    'clientmatter',
    'clientmatterno',
    'clientmatternumber',
    'docketno',
    'docketnumber',
    'docket',
    'attorneydocket',
    'attorneydocketno',
    'attorneydocketnumber',
    'attydocket',
    'attydocketno',
    'attydocketnumber',
    'reference',
    'clientreference',
    'ourref',
  ],
  entity_size: ['entity', 'entitystatus', 'entitysize', 'size'],
  notes: ['notes', 'note', 'comments', 'comment', 'remarks'],
};

export class DocketCsvError extends Error {
  readonly status: 400 | 413;
  readonly suggestion: string;
  constructor(status: 400 | 413, message: string, suggestion: string) {
    super(message);
    this.name = 'DocketCsvError';
    this.status = status;
    this.suggestion = suggestion;
  }
}

export type ImportRowStatus = 'add' | 'duplicate' | 'malformed' | 'duplicate_in_file';

/** One data line of the file as read, before the docket is consulted. */
export interface ImportRow {
  /** 1-based line of the file where the record starts. */
  line: number;
  /** As written in the file (trimmed, cut to its cap for display). */
  application_number: string;
  /** The normalized 8-digit number; null when the line is malformed. */
  number: ApplicationNumber | null;
  client_matter: string | null;
  entity_size: EntitySize | null;
  notes: string | null;
  status: ImportRowStatus;
  reason: string | null;
}

export interface ParsedDocketCsv {
  delimiter: ',' | ';' | '\t';
  has_header: boolean;
  /** The header text of each column found (or its position "column 1" without a header). */
  columns: Partial<Record<ImportColumn, string>>;
  rows: ImportRow[];
}

const norm = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Which column each header cell names; null when no cell names an application number. */
export function detectColumns(header: readonly string[]): Partial<Record<ImportColumn, number>> | null {
  const found: Partial<Record<ImportColumn, number>> = {};
  header.forEach((cell, i) => {
    const n = norm(cell);
    for (const col of IMPORT_COLUMNS) {
      if (found[col] === undefined && HEADER_NAMES[col].includes(n)) {
        found[col] = i;
        return;
      }
    }
  });
  return found.application_number === undefined ? null : found;
}

/** The first line's most frequent delimiter among comma, semicolon and tab (outside quotes); comma on a tie. */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text.slice(0, 64 * 1024)) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts] += 1;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[',']) return '\t';
  return ',';
}

export type WrittenNumber = { number: ApplicationNumber } | { reason: string };

/**
 * A US application number in any common written form: 17/248,024, 17248024, 17-248024,
 * 17 248 024, US 17/248,024, US17248024, "Ser. No. 17/248,024", "Appl. No. 29/123,456" (a design
 * application: series 29), with a spreadsheet's leading apostrophe. A PCT number
 * (PCT/US2020/012345) is not a US application number: the reason says to use the national stage's.
 */
export function parseWrittenApplicationNumber(written: string): WrittenNumber {
  let s = written.normalize('NFKC').trim().replace(/^'/, '');
  if (!s) return { reason: 'no application number' };
  if (/^PCT/i.test(s.replace(/\s/g, ''))) {
    return { reason: 'a PCT international application number: enter the US national stage application number (e.g. 17/248,024)' };
  }
  // "U.S. Ser. No.", "Appl. No.", "Application Serial No.", "App #": the words before the number.
  s = s.replace(/^u\.\s?s\.\s*/i, 'US ');
  s = s.replace(
    /^(US\s*)?(?:patent\s+)?(?:application|appln|appl|app|serial|ser)\.?\s*(?:serial\s*)?(?:no|number|#)?\.?\s*:?\s*/i,
    (_m, us: string | undefined) => (us ? 'US' : ''),
  );
  const number = normalizeApplicationNumber(s);
  if (number) return { number };
  const digits = s.replace(/\D/g, '');
  if (digits.length > 0 && digits.length !== 8)
    return { reason: `"${clip(written, 40)}" has ${digits.length} digits; a US application number has 8 (series code and serial, e.g. 17/248,024)` };
  return { reason: `"${clip(written, 40)}" is not a US application number (e.g. 17/248,024)` };
}

function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** Reads the file's text into rows judged on their own (malformed or add); duplicates are marked by classifyImportRows. */
export function parseDocketCsv(input: string): ParsedDocketCsv {
  if (Buffer.byteLength(input, 'utf8') > IMPORT_LIMITS.maxBytes) {
    throw new DocketCsvError(
      413,
      `The file is larger than ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB.`,
      `Split the docket into files of at most ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows and 2 MB, and import them one after the other.`,
    );
  }
  const text = input.replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(text);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter,
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      // One past the cap (plus a header) so "too many rows" can be told apart from "exactly the cap".
      to: IMPORT_LIMITS.maxRows + 2,
      max_record_size: IMPORT_LIMITS.field.notes + 4096,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw new DocketCsvError(
      400,
      `The file is not readable CSV${line ? ` (near line ${line})` : ''}: ${clip((err as Error).message, 200)}`,
      'Save the spreadsheet as CSV (UTF-8) and check for a quote left open in the line named.',
    );
  }
  if (records.length === 0)
    throw new DocketCsvError(400, 'The file has no rows.', 'Send a CSV with an "Application Number" column and one application per line.');

  const detected = detectColumns(records[0].record);
  let positions: Partial<Record<ImportColumn, number>>;
  let hasHeader: boolean;
  if (detected) {
    positions = detected;
    hasHeader = true;
  } else if ('number' in parseWrittenApplicationNumber(rejoinSplitNumber(records[0].record, 0, delimiter)[0] ?? '')) {
    positions = { application_number: 0, client_matter: 1, entity_size: 2, notes: 3 };
    hasHeader = false;
  } else {
    throw new DocketCsvError(
      400,
      'No application number column was found: the first line names none of "Application Number", "App No", "Serial No" (and does not start with an application number).',
      'Add a header line such as "Application Number,Matter,Entity Status,Notes", or put the application numbers in the first column.',
    );
  }
  const data = hasHeader ? records.slice(1) : records;
  if (data.length > IMPORT_LIMITS.maxRows) {
    throw new DocketCsvError(
      413,
      `The file has more than ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows.`,
      `Split it into files of at most ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows and import them one after the other.`,
    );
  }
  const columns: Partial<Record<ImportColumn, string>> = {};
  for (const col of IMPORT_COLUMNS) {
    const i = positions[col];
    if (i === undefined) continue;
    if (hasHeader) columns[col] = clip(records[0].record[i].trim(), 80);
    else if (i < Math.max(...data.map((r) => r.record.length))) columns[col] = `column ${i + 1}`;
  }
  // The line a record starts on: info.lines is where it ends, so count back its own line breaks.
  const rows = data.map(({ record, info }) =>
    judgeRow(rejoinSplitNumber(record, positions.application_number!, delimiter), info.lines - countBreaks(record), positions),
  );
  return { delimiter, has_header: hasHeader, columns, rows };
}

function countBreaks(record: string[]): number {
  let n = 0;
  for (const cell of record) for (const ch of cell) if (ch === '\n') n += 1;
  return n;
}

/**
 * "17/248,024" written unquoted in a comma-separated file arrives as "17/248" and "024": the two
 * cells are joined again (and the columns after them move back) when the number column holds a
 * series code and slash with three digits and the next cell three digits.
 */
function rejoinSplitNumber(record: readonly string[], at: number, delimiter: string): string[] {
  const out = [...record];
  if (delimiter === ',' && /^\s*'?(US\s*)?\d{2}\s*\/\s*\d{3}\s*$/i.test(out[at] ?? '') && /^\s*\d{3}\s*$/.test(out[at + 1] ?? '')) {
    out.splice(at, 2, `${out[at].trim()},${out[at + 1].trim()}`);
  }
  return out;
}

function judgeRow(record: string[], line: number, at: Partial<Record<ImportColumn, number>>): ImportRow {
  const cell = (col: ImportColumn) => {
    const i = at[col];
    return i === undefined ? '' : (record[i] ?? '').trim();
  };
  const written = cell('application_number');
  const matter = cell('client_matter');
  const entity = cell('entity_size');
  const notes = cell('notes');
  const row: ImportRow = {
    line,
    application_number: clip(written, IMPORT_LIMITS.field.application_number),
    number: null,
    client_matter: matter ? clip(matter, IMPORT_LIMITS.field.client_matter) : null,
    entity_size: null,
    notes: notes ? clip(notes, 500) : null,
    status: 'malformed',
    reason: null,
  };
  const tooLong = IMPORT_COLUMNS.filter((c) => cell(c).length > IMPORT_LIMITS.field[c]);
  if (tooLong.length > 0) {
    row.reason = tooLong.map((c) => `${c} is longer than ${IMPORT_LIMITS.field[c].toLocaleString('en-US')} characters`).join('; ');
    return row;
  }
  const parsed = parseWrittenApplicationNumber(written);
  if ('reason' in parsed) {
    row.reason = parsed.reason;
    return row;
  }
  if (entity) {
    const size = entityOfRecord(entity);
    if (!size) {
      row.reason = `entity status "${clip(entity, 40)}" is not large, small or micro`;
      return row;
    }
    row.entity_size = size;
  }
  row.number = parsed.number;
  row.notes = notes || null;
  row.status = 'add';
  return row;
}

/**
 * Marks what would not be added: a number already on the account's docket (`duplicate`) and a
 * number seen on an earlier line of the file (`duplicate_in_file`, the first line wins).
 */
export function classifyImportRows(rows: readonly ImportRow[], onDocket: ReadonlySet<string>): ImportRow[] {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    if (r.status === 'malformed' || r.number === null) return r;
    const first = seen.get(r.number);
    if (first !== undefined) return { ...r, status: 'duplicate_in_file', reason: `the same application as line ${first}` };
    seen.set(r.number, r.line);
    if (onDocket.has(r.number)) return { ...r, status: 'duplicate', reason: 'already on your docket' };
    return { ...r, status: 'add', reason: null };
  });
}

export function countImportRows(rows: readonly ImportRow[]): Record<ImportRowStatus | 'total', number> {
  const counts = { total: rows.length, add: 0, duplicate: 0, malformed: 0, duplicate_in_file: 0 };
  for (const r of rows) counts[r.status] += 1;
  return counts;
}
