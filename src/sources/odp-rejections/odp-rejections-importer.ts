// Imports ODP Office Action Rejections data (`prosa import odp-rejections <files>`): API
// responses `{response: {numFound, start, docs: [...]}}` (sample oa-rejections-12190351.json),
// a top-level array of records, or one record per line. Items are read with the ODP reader
// (flat memory for arrays and JSON Lines; one API response — at most a page — is held whole).
// Records are written in batches of one statement each; see rejections-store.ts.
import { createReadStream } from 'node:fs';
import type { Db } from '../../db/connect.ts';
import { isObject } from '../odp/json-values.ts';
import { OdpImportError, type ImportOptions, type ImportSummary } from '../odp/odp-importer.ts';
import { OdpParseError, readOdpItems } from '../odp/read-odp-items.ts';
import { mapOdpRejection, type MappedRejection } from './map-odp-rejection.ts';
import { upsertRejections } from './rejections-store.ts';

export interface RejectionImportSummary extends ImportSummary {
  /** Distinct office actions written (or already identical); records of one action count once per batch. */
  office_actions: number;
}

const BATCH_RECORDS = 1000;

export async function importOdpRejections(db: Db, input: NodeJS.ReadableStream | string, opts: ImportOptions = {}): Promise<RejectionImportSummary> {
  const source: NodeJS.ReadableStream = typeof input === 'string' ? createReadStream(input) : input;
  const reasons = new Map<string, number>();
  let records = 0;
  let officeActions = 0;
  let batch: MappedRejection[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    officeActions += await upsertRejections(db, rows);
  };
  const summary = (): RejectionImportSummary => ({
    records,
    applications: 0,
    events: 0,
    documents: 0,
    office_actions: officeActions,
    skipped: [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
  });

  try {
    for await (const item of readOdpItems(source as AsyncIterable<string | Uint8Array>)) {
      for (const record of recordsOf(item.value)) {
        records += 1;
        const mapped = mapOdpRejection(record);
        if (mapped.ok) batch.push(mapped.value);
        else reasons.set(mapped.reason, (reasons.get(mapped.reason) ?? 0) + 1);
        if (batch.length >= BATCH_RECORDS) await flush();
        opts.onProgress?.(records);
      }
    }
    await flush();
  } catch (err) {
    if (!(err instanceof OdpParseError)) throw err;
    await flush();
    throw new OdpImportError(err, summary()); // its summary is this file's, office_actions included
  } finally {
    if (typeof input === 'string') (source as ReturnType<typeof createReadStream>).destroy();
  }
  return summary();
}

/** An API response carries its records in response.docs; anything else is one record. */
function recordsOf(value: unknown): unknown[] {
  if (isObject(value) && isObject(value.response) && Array.isArray(value.response.docs)) return value.response.docs;
  if (isObject(value) && Array.isArray(value.docs)) return value.docs;
  return [value];
}
