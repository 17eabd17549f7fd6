// One ODP `documentBag[]` entry (GET …/{n}/documents) → one `correspondence` row.
// Field names verified in sample documents-17248024.json (uspto-data.md §1.4):
// {applicationNumberText, officialDate, documentIdentifier, documentCode,
//  documentCodeDescriptionText, directionCategory, downloadOptionBag[]}.
// Every document is kept (the file-wrapper list), not only office actions: the interview
// summaries, IDS papers and receipts are what the timeline and analytics read.
import { calendarDate, isObject, text } from './json-values.ts';
import { mapApplicationNumber } from './map-application-number.ts';
import { SKIP, type MapResult } from './skip-reasons.ts';

export interface MappedDocument {
  application_number: string;
  /** USPTO IFW document code as given (CTNF, CTRS = restriction, NOA, N417, …): USPTO vocabulary. */
  document_code: string;
  description: string | null;
  /** Date part of officialDate as written ("2023-10-03T09:18:25.000-0400" → 2023-10-03). */
  mailing_date: string;
  /** INCOMING | OUTGOING | INTERNAL. */
  direction: string | null;
  document_identifier: string;
  source: 'odp';
}

/**
 * @param fallbackNumber the enclosing record's application number, for a documentBag carried
 *   inside a record whose entries omit applicationNumberText.
 */
export function mapOdpDocument(doc: unknown, fallbackNumber?: string): MapResult<MappedDocument> {
  if (!isObject(doc)) return { ok: false, reason: SKIP.notAnObject };
  let number: string;
  if (doc.applicationNumberText === undefined && fallbackNumber !== undefined) {
    number = fallbackNumber;
  } else {
    const mapped = mapApplicationNumber(doc.applicationNumberText);
    if (!mapped.ok) return mapped;
    number = mapped.value;
  }
  const identifier = text(doc.documentIdentifier);
  if (identifier === null) return { ok: false, reason: SKIP.documentWithoutIdentifier };
  const code = text(doc.documentCode);
  if (code === null) return { ok: false, reason: SKIP.documentWithoutCode };
  const mailingDate = calendarDate(doc.officialDate);
  if (mailingDate === null) return { ok: false, reason: SKIP.documentWithoutDate };
  return {
    ok: true,
    value: {
      application_number: number,
      document_code: code,
      description: text(doc.documentCodeDescriptionText),
      mailing_date: mailingDate,
      direction: text(doc.directionCategory)?.toUpperCase() ?? null,
      document_identifier: identifier,
      source: 'odp',
    },
  };
}

/** True when an object looks like a documentBag entry rather than a file-wrapper record. */
export function looksLikeDocument(value: unknown): boolean {
  return isObject(value) && ('documentIdentifier' in value || 'documentCode' in value) && !('applicationMetaData' in value);
}
