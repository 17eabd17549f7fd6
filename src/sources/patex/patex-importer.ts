// Imports PatEx (USPTO Patent Examination Research Dataset) CSV files: application_data (the
// 2014–2017 or the 2019+ column names), transactions and event_codes, told apart by the header
// (layout.ts). Streaming with csv-parse: memory holds one batch, however large the file.
//
// Writes: rows are mapped, then written in batches (BATCH_ROWS) of one multi-row statement each
// (patex-store.ts). While batches are written the next is parsed (write-pipeline.ts), which
// keeps both the parser and the database busy.
//
// Idempotent: applications are upserted on the public-record index keeping their ids, events
// insert-or-ignore on (application, code, date); a re-run changes nothing and counts the same.
// Transactions of applications not in the database (application_data not imported first) are
// skipped with a reason, as the ODP importer does for /transactions records.
//
// Malformed CSV: a row the parser cannot read (an unclosed quote) is skipped with a reason; any
// other parser failure commits the rows before it, then a PatexImportError names the line and
// carries the summary so far.
import { createReadStream } from 'node:fs';
import { parse, type CsvError } from 'csv-parse';
import { allowsConcurrentTransactions } from '../../db/capabilities.ts';
import type { Db } from '../../db/connect.ts';
import { validationError } from '../../errors.ts';
import type { ImportOptions, ImportSummary } from '../odp/odp-importer.ts';
import { detectLayout, type PatexLayout } from './layout.ts';
import { mapApplicationRow, type PatexApplication } from './map-application-row.ts';
import { mapEventCodeRow, mapTransactionRow, type PatexEventCode, type PatexTransaction } from './map-transaction-row.ts';
import { insertEvents, resolveTransactions, upsertApplications, upsertEventCodes } from './patex-store.ts';
import { PATEX_SKIP, type RowResult } from './skip-reasons.ts';
import { WritePipeline } from './write-pipeline.ts';

/** Rows per write. Arrays travel as a few parameters, so size is bounded by latency, not limits. */
const BATCH_ROWS: Record<PatexLayout['table'], number> = { application_data: 1000, transactions: 5000, event_codes: 1000 };
/**
 * Writes in flight. Events are a set (insert-or-ignore), so their batches may commit in any
 * order and two run side by side (PostgreSQL then uses a second core: the insert, its two
 * indexes and the foreign-key check dominate, docs/benchmarks.md). Application rows keep file
 * order (a repeated number: the last row wins), so one at a time. PGlite: always one.
 */
const IN_FLIGHT: Record<PatexLayout['table'], number> = { application_data: 1, transactions: 2, event_codes: 1 };

class PatexImportError extends Error {
  readonly summary: ImportSummary;
  readonly line: number | null;

  constructor(cause: Error, line: number | null, summary: ImportSummary) {
    super(
      `Malformed PatEx CSV${line === null ? '' : ` near line ${line}`}: ${cause.message}. The ${summary.records} row(s) before it were processed and committed (see summary).`,
      { cause },
    );
    this.name = 'PatexImportError';
    this.summary = summary;
    this.line = line;
  }
}

type Row = PatexApplication | PatexTransaction | PatexEventCode;

/** Import one PatEx CSV file (path) or stream. */
export async function importPatex(db: Db, input: NodeJS.ReadableStream | string, opts: ImportOptions = {}): Promise<ImportSummary> {
  const tally = new Tally();
  const source: NodeJS.ReadableStream = typeof input === 'string' ? createReadStream(input) : input;
  let layout: PatexLayout | null = null;
  // Lenient where real exports are sloppy: a quote inside an unquoted field is literal (titles
  // such as 12" DISPLAY), \r\n and \n may be mixed, short or long rows are counted (PATEX_SKIP).
  // A row the parser still cannot read (an unclosed quote runs on to the end of the file) is
  // skipped with a reason rather than ending the import.
  const parser = parse({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    record_delimiter: ['\r\n', '\n'],
    skip_empty_lines: true,
    skip_records_with_error: true,
  });
  let unreadableHeader = false;
  parser.on('skip', () => {
    // The parser runs ahead of this loop, so ask it whether it had produced the header yet.
    if (parser.info.records === 0) unreadableHeader = true;
    tally.records += 1;
    tally.skip(PATEX_SKIP.malformedRow);
  });
  source.on('error', (err: Error) => parser.destroy(err));
  source.pipe(parser);

  let batch: Row[] = [];
  let pipeline = new WritePipeline(1);
  const flush = async () => {
    if (batch.length === 0 || layout === null) return;
    const rows = batch;
    const table = layout.table;
    batch = [];
    await pipeline.add(
      () => write(db, table, rows),
      (counts) => tally.add(counts),
    );
  };

  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (layout === null) {
        layout = unreadableHeader ? null : detectLayout(record);
        if (layout === null) throw notPatex(record.slice(0, 6).join(','));
        pipeline = new WritePipeline(allowsConcurrentTransactions(db) ? IN_FLIGHT[layout.table] : 1);
        continue;
      }
      tally.records += 1;
      const mapped = record.length === layout.width ? mapRow(record, layout) : { ok: false as const, reason: PATEX_SKIP.fieldCount };
      if (mapped.ok) {
        batch.push(mapped.value);
        if (batch.length >= BATCH_ROWS[layout.table]) await flush();
      } else {
        tally.skip(mapped.reason);
      }
      opts.onProgress?.(tally.records);
    }
    if (layout === null) throw notPatex(unreadableHeader ? 'unreadable' : 'none');
    await flush();
    await pipeline.settle();
  } catch (err) {
    if (!isCsvError(err)) {
      await pipeline.settle().catch(() => undefined);
      throw err;
    }
    await flush(); // rows read completely before the error are kept
    await pipeline.settle();
    throw new PatexImportError(err, typeof err.lines === 'number' ? err.lines : null, tally.summary());
  } finally {
    if (typeof input === 'string') (source as ReturnType<typeof createReadStream>).destroy();
  }
  return tally.summary();
}

function notPatex(header: string) {
  return validationError('file', `is not a PatEx application_data, transactions or event_codes CSV (header: ${header.slice(0, 120)})`);
}

function mapRow(record: readonly string[], layout: PatexLayout): RowResult<Row> {
  switch (layout.table) {
    case 'application_data':
      return mapApplicationRow(record, layout);
    case 'transactions':
      return mapTransactionRow(record, layout);
    case 'event_codes':
      return mapEventCodeRow(record, layout);
  }
}

interface WriteCounts {
  applications: number;
  events: number;
  unknownApplications: number;
}

/** One batch, one transaction; counts are returned (not tallied inside) so a retried write counts once. */
async function write(db: Db, table: PatexLayout['table'], rows: Row[]): Promise<WriteCounts> {
  if (table === 'application_data') {
    return { applications: await upsertApplications(db, rows as PatexApplication[]), events: 0, unknownApplications: 0 };
  }
  if (table === 'transactions') {
    return db.transaction().execute(async (trx) => {
      const { events, unknown } = await resolveTransactions(trx, rows as PatexTransaction[]);
      await insertEvents(trx, events);
      return { applications: 0, events: events.length, unknownApplications: unknown };
    });
  }
  await upsertEventCodes(db, rows as PatexEventCode[]);
  return { applications: 0, events: 0, unknownApplications: 0 };
}

function isCsvError(err: unknown): err is CsvError & { lines?: number } {
  const code: unknown = err instanceof Error ? (err as unknown as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('CSV_');
}

class Tally {
  records = 0;
  applications = 0;
  events = 0;
  private reasons = new Map<string, number>();

  skip(reason: string, count = 1): void {
    if (count > 0) this.reasons.set(reason, (this.reasons.get(reason) ?? 0) + count);
  }

  add(counts: WriteCounts): void {
    this.applications += counts.applications;
    this.events += counts.events;
    this.skip(PATEX_SKIP.applicationNotImported, counts.unknownApplications);
  }

  summary(): ImportSummary {
    return {
      records: this.records,
      applications: this.applications,
      events: this.events,
      documents: 0,
      skipped: [...this.reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    };
  }
}
