// Imports USPTO Open Data Portal Patent File Wrapper JSON: API responses
// ({count, patentFileWrapperDataBag[]} from GET /applications/{n}, search, /transactions;
// {count, documentBag[]} from /documents) and bulk files (a top-level bag, or one record per
// line). Streaming: memory holds one record, however large the file.
//
// Transactions: each application record (its application row, events and any documents) is
// written in ONE transaction. Documents from a /documents file are written one transaction per
// run of consecutive documents of the same application (at most DOCUMENTS_PER_TRANSACTION), since
// each is a record of its own but they only make sense together.
//
// Malformed input: everything read before the error position is committed, then an
// OdpImportError is thrown naming the line/column/offset and carrying the summary so far. The
// import can be re-run after the file is fixed: it is idempotent.
import { createReadStream } from 'node:fs';
import type { Db } from '../../db/connect.ts';
import type { OdpItem } from './item-splitter.ts';
import { mapOdpDocument, looksLikeDocument, type MappedDocument } from './map-odp-document.ts';
import { mapOdpRecord } from './map-odp-record.ts';
import { findPublicApplicationId, inTransaction, insertEvents, upsertDocuments, upsertPublicApplication } from './odp-store.ts';
import { OdpParseError, readOdpItems } from './read-odp-items.ts';
import { SKIP, type SkipReason } from './skip-reasons.ts';

export interface ImportSummary {
  /** Items read: application records and documentBag entries (skipped ones included). */
  records: number;
  /** Records whose application row was inserted or updated (unchanged rows count too). */
  applications: number;
  /** Distinct events carried by imported records (new or already stored). */
  events: number;
  /** Documents inserted or updated (unchanged ones count too). */
  documents: number;
  /** Items not imported, by reason; also events/documents inside a record that could not be stored. */
  skipped: { reason: string; count: number }[];
}

export interface ImportOptions {
  /** Called after each item with the number of items read so far. */
  onProgress?(records: number): void;
}

export type RecordOutcome =
  | { status: 'imported'; applicationId: string; application: boolean; events: number; documents: number; skipped: SkipReason[] }
  | { status: 'skipped'; reason: SkipReason };

export interface DocumentsOutcome {
  documents: number;
  skipped: SkipReason[];
}

/** Thrown for malformed input after the items before the error were committed. */
export class OdpImportError extends Error {
  readonly summary: ImportSummary;
  readonly line: number | null;
  readonly column: number | null;
  readonly offset: number | null;

  constructor(cause: OdpParseError, summary: ImportSummary) {
    super(`${cause.message}. The ${summary.records} item(s) before it were processed and committed (see summary).`, { cause });
    this.name = 'OdpImportError';
    this.summary = summary;
    this.line = cause.line;
    this.column = cause.column;
    this.offset = cause.offset;
  }
}

const DOCUMENTS_PER_TRANSACTION = 500;

/**
 * Import one Patent File Wrapper record (the live connector and seeds call this directly).
 * A record without applicationMetaData (the /transactions layout) only adds events, and only to
 * an application already imported.
 */
export async function importOdpRecord(db: Db, record: unknown): Promise<RecordOutcome> {
  const mapped = mapOdpRecord(record);
  if (!mapped.ok) return { status: 'skipped', reason: mapped.reason };
  const { application, events, correspondence, skipped } = mapped.value;
  return inTransaction(db, async (trx) => {
    const applicationId =
      application !== null ? await upsertPublicApplication(trx, application) : await findPublicApplicationId(trx, mapped.value.application_number);
    if (applicationId === null) return { status: 'skipped', reason: SKIP.applicationNotImported };
    await insertEvents(trx, applicationId, events);
    const documents = correspondence?.length ? await upsertDocuments(trx, applicationId, correspondence) : 0;
    return { status: 'imported', applicationId, application: application !== null, events: events.length, documents, skipped };
  });
}

/**
 * Import documentBag entries (GET /applications/{n}/documents). Each application's documents go
 * in one transaction; documents of an application not yet imported are skipped.
 */
export async function importOdpDocuments(db: Db, documents: readonly unknown[]): Promise<DocumentsOutcome> {
  const outcome: DocumentsOutcome = { documents: 0, skipped: [] };
  const byApplication = new Map<string, MappedDocument[]>();
  for (const doc of documents) {
    const mapped = mapOdpDocument(doc);
    if (!mapped.ok) {
      outcome.skipped.push(mapped.reason);
      continue;
    }
    const group = byApplication.get(mapped.value.application_number) ?? [];
    group.push(mapped.value);
    byApplication.set(mapped.value.application_number, group);
  }
  for (const [number, group] of byApplication) {
    const stored = await storeDocuments(db, number, group);
    outcome.documents += stored.documents;
    outcome.skipped.push(...stored.skipped);
  }
  return outcome;
}

async function storeDocuments(db: Db, applicationNumber: string, documents: readonly MappedDocument[]): Promise<DocumentsOutcome> {
  return inTransaction(db, async (trx) => {
    const applicationId = await findPublicApplicationId(trx, applicationNumber);
    if (applicationId === null) return { documents: 0, skipped: documents.map(() => SKIP.applicationNotImported) };
    return { documents: await upsertDocuments(trx, applicationId, documents), skipped: [] };
  });
}

/**
 * Import an ODP JSON file (path) or stream. See the header comment for the accepted shapes,
 * transactions and error behaviour.
 */
export async function importOdp(db: Db, input: NodeJS.ReadableStream | string, opts: ImportOptions = {}): Promise<ImportSummary> {
  const tally = new Tally();
  const source = typeof input === 'string' ? createReadStream(input) : input;
  let pending: MappedDocument[] = [];
  const flushDocuments = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    const stored = await storeDocuments(db, batch[0].application_number, batch);
    tally.documents += stored.documents;
    tally.skip(...stored.skipped);
  };

  try {
    for await (const item of readOdpItems(source as AsyncIterable<string | Uint8Array>)) {
      tally.records += 1;
      if (kindOf(item) === 'document') {
        const mapped = mapOdpDocument(item.value);
        if (!mapped.ok) {
          tally.skip(mapped.reason);
        } else {
          const sameApplication = pending.length === 0 || pending[0].application_number === mapped.value.application_number;
          if (!sameApplication || pending.length >= DOCUMENTS_PER_TRANSACTION) await flushDocuments();
          pending.push(mapped.value);
        }
      } else if (kindOf(item) === 'record') {
        await flushDocuments();
        const outcome = await importOdpRecord(db, item.value);
        if (outcome.status === 'skipped') {
          tally.skip(outcome.reason);
        } else {
          if (outcome.application) tally.applications += 1;
          tally.events += outcome.events;
          tally.documents += outcome.documents;
          tally.skip(...outcome.skipped);
        }
      } else {
        tally.skip(SKIP.unknownShape);
      }
      opts.onProgress?.(tally.records);
    }
    await flushDocuments();
  } catch (err) {
    if (!(err instanceof OdpParseError)) throw err;
    await flushDocuments(); // documents read completely before the error are kept, as records are
    throw new OdpImportError(err, tally.summary());
  } finally {
    if (typeof input === 'string') (source as ReturnType<typeof createReadStream>).destroy();
  }
  return tally.summary();
}

/** A bag says what its items are; a record per line is told by its fields. */
function kindOf(item: OdpItem): 'record' | 'document' | 'unknown' {
  if (item.origin === 'patentFileWrapperDataBag') return 'record';
  if (item.origin === 'documentBag') return 'document';
  if (looksLikeDocument(item.value)) return 'document';
  const v = item.value;
  if (typeof v === 'object' && v !== null && ('applicationNumberText' in v || 'applicationMetaData' in v)) return 'record';
  return 'unknown';
}

class Tally {
  records = 0;
  applications = 0;
  events = 0;
  documents = 0;
  private reasons = new Map<string, number>();

  skip(...reasons: string[]): void {
    for (const r of reasons) this.reasons.set(r, (this.reasons.get(r) ?? 0) + 1);
  }

  summary(): ImportSummary {
    return {
      records: this.records,
      applications: this.applications,
      events: this.events,
      documents: this.documents,
      skipped: [...this.reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    };
  }
}
