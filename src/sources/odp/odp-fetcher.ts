// Fetches one application from the ODP and stores it with the importer's own mapping
// (importOdpRecord / importOdpDocuments), so live and bulk data are stored identically.
// Endpoints (shared/reference/uspto-data.md §1.3): the record `GET /applications/{n}`, then
// `/{n}/transactions` (eventDataBag) and `/{n}/documents` (documentBag).
import type { Db } from '../../db/connect.ts';
import type { ApplicationRow } from '../../db/schema.ts';
import { findPublicApplication } from '../../queries/applications.ts';
import type { OdpClient } from './odp-client.ts';
import { importOdpDocuments, importOdpRecord } from './odp-importer.ts';
import { clearPublicRecordCaches } from '../../queries/public-record-cache.ts';

/** Fetches in flight, by database and number: concurrent lookups of one number share one fetch. */
const inFlight = new WeakMap<Db, Map<string, Promise<ApplicationRow | null>>>();

/**
 * The stored public application after fetching it from the ODP, or null when the ODP has no record
 * (404, or an empty patentFileWrapperDataBag). Throws OdpUnavailableError / OdpRejectedError.
 */
export function fetchAndStoreApplication(db: Db, client: OdpClient, number: string): Promise<ApplicationRow | null> {
  let byNumber = inFlight.get(db);
  if (!byNumber) inFlight.set(db, (byNumber = new Map()));
  const pending = byNumber.get(number);
  if (pending) return pending;
  const run = fetchAndStore(db, client, number).finally(() => byNumber.delete(number));
  byNumber.set(number, run);
  return run;
}

async function fetchAndStore(db: Db, client: OdpClient, number: string): Promise<ApplicationRow | null> {
  const record = firstRecord(await client.getApplication(number));
  if (record === null) return null;
  const outcome = await importOdpRecord(db, record);
  if (outcome.status === 'skipped') return null;
  // The record usually carries eventDataBag already; /transactions is the authoritative list and
  // importing it is idempotent (events are deduplicated by the store).
  const transactions = firstRecord(await client.getTransactions(number));
  if (transactions !== null) await importOdpRecord(db, transactions);
  const documents = await client.getDocuments(number);
  const bag = isObject(documents) && Array.isArray(documents.documentBag) ? documents.documentBag : [];
  if (bag.length > 0) await importOdpDocuments(db, bag);
  clearPublicRecordCaches();
  return (await findPublicApplication(db, number)) ?? null;
}

/** `patentFileWrapperDataBag[0]` (§1.4), or null. */
function firstRecord(body: unknown): unknown {
  if (!isObject(body) || !Array.isArray(body.patentFileWrapperDataBag)) return null;
  return body.patentFileWrapperDataBag[0] ?? null;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
