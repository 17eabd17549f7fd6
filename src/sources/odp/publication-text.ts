// The full text of a cited US patent or pre-grant publication, from the ODP (issue 18: the
// references an examiner cites). Three requests, one at a time through the client's queue:
// 1. `POST /api/v1/patent/applications/search` for the application that produced the document:
//    q `applicationMetaData.patentNumber:11646472` for a patent, q
//    `applicationMetaData.earliestPublicationNumber:US20210210819A1` for a publication (the field
//    names and value forms of real records: test/fixtures/odp/search-17248024.json; the same
//    queries patent-dev/uspto-odp resolves numbers with). A search without hits answers 404.
// 2. `GET …/{n}/associated-documents`: `grantDocumentMetaData` / `pgpubDocumentMetaData`, each with
//    the `fileLocationURI` of the document's own full-text XML (test/fixtures/odp/
//    associated-documents-17248024.json).
// 3. The download of that XML (a 302 to a signed address, followed by the client without the key).
// A cited publication is answered with the publication's text even when the application has since
// been granted: the examiner's pinpoints (¶ [0045]) are to the publication's paragraphs.
// Coverage is the ODP's: applications filed on or after 2001-01-01 (§1.1); older patents are not
// there, and the answer is null.
import type { PublicationNumber } from '../../domain/office-action/types.ts';
import { normalizePublicationNumber } from '../../domain/office-action/publication-numbers.ts';
import type { OdpClient, OdpFile, OdpSearchBody } from './odp-client.ts';

export type UsDocumentNumber = PublicationNumber & { kind: 'us_patent' | 'us_pgpub' };

export interface PublicationText {
  /** What was asked for, normalized: `US11646472B2`, `US20210210819A1` (kind A1 inferred when not written). */
  number: string;
  /** `US 11,646,472 B2`, `US 2021/0210819 A1`. */
  display: string;
  kind: 'us_patent' | 'us_pgpub';
  /** The application that produced the document, 8 digits. */
  applicationNumber: string;
  /** The ODP's product: `PTGRXML` (grant full text) or `APPXML` (publication full text). */
  productIdentifier: string | null;
  /** e.g. `17248024_11646472.xml`. */
  xmlFileName: string | null;
  /** The full-text XML (us-patent-grant / us-patent-application). */
  file: OdpFile;
}

/** A number that is not a US patent or pre-grant publication (foreign, an application, unreadable). */
export class NotUsPublicationError extends Error {
  constructor() {
    super('Not a US patent or pre-grant publication number (e.g. "US 7,123,456 B2", "US 2005/0025220 A1").');
    this.name = 'NotUsPublicationError';
  }
}

/** A written US patent or pre-grant publication number, normalized; null for anything else. */
export function parseUsDocumentNumber(written: string): UsDocumentNumber | null {
  const found = normalizePublicationNumber(written);
  return found && (found.kind === 'us_patent' || found.kind === 'us_pgpub') ? (found as UsDocumentNumber) : null;
}

/**
 * The cited document's full-text XML and what was found on the way, or null when the USPTO has no
 * such document (no application with that number, or no full text for it). Throws
 * NotUsPublicationError for other numbers (no request is made), and as the client does.
 */
export async function fetchPublicationText(client: OdpClient, written: string): Promise<PublicationText | null> {
  const number = parseUsDocumentNumber(written);
  if (!number) throw new NotUsPublicationError();
  const applicationNumber = matchingApplication(await client.searchApplications(searchBodyFor(number)), number);
  if (!applicationNumber) return null;
  const location = fullTextLocation(await client.getAssociatedDocuments(applicationNumber), number);
  if (!location) return null;
  const file = await client.download(location.uri);
  if (!file) return null;
  return {
    number: number.number,
    display: number.display,
    kind: number.kind,
    applicationNumber,
    productIdentifier: location.productIdentifier,
    xmlFileName: location.xmlFileName,
    file,
  };
}

/** The ODP's `patentNumber` form: digits without leading zeros (`11646472`, `7123456`); reissues keep their prefix (`RE49123`, unverified). */
function odpPatentNumber(number: UsDocumentNumber): string {
  return number.base.replace(/^US/, '').replace(/^(\D*)0+(?=\d)/, '$1');
}

export function searchBodyFor(number: UsDocumentNumber): OdpSearchBody {
  // The value is built from the normalized number only (letters and digits), so it cannot widen the query.
  const q =
    number.kind === 'us_patent'
      ? `applicationMetaData.patentNumber:${odpPatentNumber(number)}`
      : `applicationMetaData.earliestPublicationNumber:${number.number}`;
  return {
    q,
    fields: ['applicationNumberText', 'applicationMetaData.patentNumber', 'applicationMetaData.earliestPublicationNumber'],
    pagination: { offset: 0, limit: 5 },
  };
}

/** The application number of the first search hit that is the document asked for (a hit stating another number is passed over). */
export function matchingApplication(searchResponse: unknown, number: UsDocumentNumber): string | null {
  for (const record of bagOf(searchResponse)) {
    const applicationNumber = str(record.applicationNumberText);
    if (!/^\d{8}$/.test(applicationNumber)) continue;
    const meta = isObject(record.applicationMetaData) ? record.applicationMetaData : {};
    const stated = str(number.kind === 'us_patent' ? meta.patentNumber : meta.earliestPublicationNumber);
    if (stated && !sameDocument(stated, number)) continue;
    return applicationNumber;
  }
  return null;
}

export interface FullTextLocation {
  uri: string;
  productIdentifier: string | null;
  xmlFileName: string | null;
}

/** The grant's (for a patent) or the publication's (for a publication) full-text XML location, or null. */
export function fullTextLocation(associatedDocuments: unknown, number: UsDocumentNumber): FullTextLocation | null {
  const record = bagOf(associatedDocuments)[0];
  if (!record) return null;
  const meta = record[number.kind === 'us_patent' ? 'grantDocumentMetaData' : 'pgpubDocumentMetaData'];
  if (!isObject(meta)) return null;
  const uri = str(meta.fileLocationURI);
  if (!uri) return null; // the ODP sends "" where it has no file
  const xmlFileName = str(meta.xmlFileName) || null;
  // The split files are named `{application}_{document number}.xml`: a file naming another
  // document (a republication, a correction) is not the one cited.
  const named = xmlFileName ? /_([A-Z]*\d+)\.xml$/i.exec(xmlFileName)?.[1] : undefined;
  if (named && !sameDocument(named, number)) return null;
  return { uri, productIdentifier: str(meta.productIdentifier) || null, xmlFileName };
}

/** `11646472`, `US11646472B2`, `US 2014-0167116 A1`, `20210210819` all compared on the bare document number. */
function sameDocument(stated: string, number: UsDocumentNumber): boolean {
  const bare = (s: string) =>
    s
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .replace(/^US/, '')
      .replace(/[A-Z]\d?$/, '')
      .replace(/^(\D*)0+(?=\d)/, '$1');
  return bare(stated) === bare(number.base);
}

function bagOf(body: unknown): Record<string, unknown>[] {
  if (!isObject(body) || !Array.isArray(body.patentFileWrapperDataBag)) return [];
  return body.patentFileWrapperDataBag.filter(isObject);
}

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
