// Imports PatEx (USPTO Patent Examination Research Dataset) CSV files: application_data (the
// 2014–2017 or the 2019+ column names), transactions and event_codes, told apart by the header
// (layout.ts). Streaming with csv-parse: memory holds one batch, however large the file.
//
// Writes: rows are mapped, then written in batches (BATCH_ROWS) of one multi-row statement each
// (patex-store.ts). While one batch is written the next is parsed (at most one write in
// flight), which keeps both the parser and the database busy.
//
// Idempotent: applications are upserted on the public-record index keeping their ids, events
// insert-or-ignore on (application, code, date); a re-run changes nothing and counts the same.
// Transactions of applications not in the database (application_data not imported first) are
// skipped with a reason, as the ODP importer does for /transactions records.
//
// Malformed CSV (e.g. an unclosed quote): the rows before the error are committed, then a
// PatexImportError names the line and carries the summary so far.
import { createReadStream } from 'node:fs';
import { parse, type CsvError } from 'csv-parse';
import type { Db } from '../../db/connect.ts';
import { validationError } from '../../errors.ts';
import type { ImportOptions, ImportSummary } from '../odp/odp-importer.ts';
import { detectLayout, type PatexLayout } from './layout.ts';
import { mapApplicationRow, type PatexApplication } from './map-application-row.ts';
import { mapEventCodeRow, mapTransactionRow, type PatexEventCode, type PatexTransaction } from './map-transaction-row.ts';
import { insertEvents, resolveTransactions, upsertApplications, upsertEventCodes } from './patex-store.ts';
import { PATEX_SKIP, type RowResult } from './skip-reasons.ts';

/** Rows per write. Arrays travel as a few parameters, so size is bounded by latency, not limits. */
const BATCH_ROWS: Record<PatexLayout['table'], number> = { application_data: 1000, transactions: 5000, event_codes: 1000 };

export class PatexImportError extends Error {
  readonly summary: ImportSummary;
  readonly line: number | null;

  constructor(cause: Error, line: number | null, summary: ImportSummary) {
    super(`Malformed PatEx CSV${line === null ? '' : ` near line ${line}`}: ${cause.message}. The ${summary.records} row(s) before it were processed and committed (see summary).`, { cause });
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
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true });
  source.on('error', (err: Error) => parser.destroy(err));
  source.pipe(parser);

  let layout: PatexLayout | null = null;
  let batch: Row[] = [];
  // One write in flight at a time, in file order. Its failure is caught at once (an unawaited
  // rejection would crash the process) and rethrown at the next settle().
  let inFlight: Promise<void> = Promise.resolve();
  let writeFailure: { error: unknown } | null = null;
  const settle = async () => {
    await inFlight;
    if (writeFailure !== null) throw writeFailure.error;
  };
  const flush = async () => {
    await settle();
    if (batch.length === 0 || layout === null) return;
    const rows = batch;
    const table = layout.table;
    batch = [];
    inFlight = write(db, table, rows, tally).catch((error: unknown) => {
      writeFailure = { error };
    });
  };

  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (layout === null) {
        layout = detectLayout(record);
        if (layout === null) throw validationError('file', `is not a PatEx application_data, transactions or event_codes CSV (header: ${record.slice(0, 6).join(',')}…)`);
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
    await flush();
    await settle();
  } catch (err) {
    if (!isCsvError(err)) {
      await inFlight;
      throw err;
    }
    await flush(); // rows read completely before the error are kept
    await settle();
    throw new PatexImportError(err, typeof err.lines === 'number' ? err.lines : null, tally.summary());
  } finally {
    if (typeof input === 'string') (source as ReturnType<typeof createReadStream>).destroy();
  }
  return tally.summary();
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

async function write(db: Db, table: PatexLayout['table'], rows: Row[], tally: Tally): Promise<void> {
  if (table === 'application_data') {
    tally.applications += await upsertApplications(db, rows as PatexApplication[]);
  } else if (table === 'transactions') {
    await db.transaction().execute(async (trx) => {
      const { events, unknown } = await resolveTransactions(trx, rows as PatexTransaction[]);
      await insertEvents(trx, events);
      tally.events += events.length;
      for (let i = 0; i < unknown; i++) tally.skip(PATEX_SKIP.applicationNotImported);
    });
  } else {
    await upsertEventCodes(db, rows as PatexEventCode[]);
  }
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

  skip(reason: string): void {
    this.reasons.set(reason, (this.reasons.get(reason) ?? 0) + 1);
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
