// The applications of a USPTO customer number, from the ODP search (shared/reference/uspto-data.md
// §1.3: `POST /api/v1/patent/applications/search`, field `applicationMetaData.customerNumber`, an
// integer in the real records, e.g. 26111 in search-post-14412875.json). Paged with `pagination`,
// asking only for the number, the metadata and the events (`fields`) so a page stays under the ODP's 6 MB
// answer cap; the shared client sends one request at a time and honours 429 (burst 1 per key).
// Each record found is stored as the public record (importOdpRecord, as a lookup stores one), so
// the docket entries the import adds point at real data at once.
import type { Db } from '../../db/connect.ts';
import type { OdpClient } from './odp-client.ts';
import { importOdpRecord } from './odp-importer.ts';
import { clearPublicRecordCaches } from '../../queries/public-record-cache.ts';

const CUSTOMER_NUMBER_PAGE = 100;
/** At most this many applications per customer-number import (CUSTOMER_NUMBER_PAGE per request). */
const CUSTOMER_NUMBER_MAX = 2000;

export interface CustomerNumberApplication {
  application_number: string;
  /** applicationMetaData.docketNumber: the firm's attorney docket number as the USPTO has it. */
  docket_number: string | null;
}

export interface CustomerNumberApplications {
  /** What the ODP reported (`count`). */
  found: number;
  applications: CustomerNumberApplication[];
  /** More than CUSTOMER_NUMBER_MAX: the rest were not fetched. */
  truncated: boolean;
}

/** The search body for one page; the number is digits only (checked by the caller), so it cannot widen the query. */
function customerNumberSearch(customerNumber: string, offset: number) {
  return {
    q: `applicationMetaData.customerNumber:${customerNumber}`,
    fields: ['applicationNumberText', 'applicationMetaData', 'eventDataBag'],
    pagination: { offset, limit: CUSTOMER_NUMBER_PAGE },
    sort: [{ field: 'applicationMetaData.filingDate', order: 'desc' as const }],
  };
}

export async function customerNumberApplications(
  db: Db,
  client: OdpClient,
  customerNumber: string,
  max = CUSTOMER_NUMBER_MAX,
): Promise<CustomerNumberApplications> {
  if (!/^\d{1,10}$/.test(customerNumber)) throw new Error('customer number must be digits');
  const seen = new Map<string, CustomerNumberApplication>();
  let found = 0;
  for (let offset = 0; offset < max; offset += CUSTOMER_NUMBER_PAGE) {
    const body = await client.searchApplications(customerNumberSearch(customerNumber, offset));
    if (!isObject(body)) break; // 404: nothing (more) matches
    found = typeof body.count === 'number' ? body.count : found;
    const bag = Array.isArray(body.patentFileWrapperDataBag) ? body.patentFileWrapperDataBag : [];
    for (const record of bag) {
      if (!isObject(record) || typeof record.applicationNumberText !== 'string') continue;
      const meta = isObject(record.applicationMetaData) ? record.applicationMetaData : {};
      // A record of another customer number (the search is the ODP's; trust, but check).
      if (meta.customerNumber !== undefined && String(meta.customerNumber) !== customerNumber) continue;
      if (seen.size >= max) break;
      const outcome = await importOdpRecord(db, record);
      if (outcome.status === 'skipped') continue;
      seen.set(record.applicationNumberText, {
        application_number: record.applicationNumberText,
        docket_number: typeof meta.docketNumber === 'string' && meta.docketNumber.trim() ? meta.docketNumber.trim() : null,
      });
    }
    if (bag.length < CUSTOMER_NUMBER_PAGE || offset + CUSTOMER_NUMBER_PAGE >= found) break;
  }
  clearPublicRecordCaches();
  return { found: Math.max(found, seen.size), applications: [...seen.values()], truncated: found > max };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
