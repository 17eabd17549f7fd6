// One ODP Patent File Wrapper record (`patentFileWrapperDataBag[i]`, or one record per line in a
// bulk file) → the rows Prosa stores. Pure: no I/O, no clock.
// Field names are the real ones of samples application-17248024.json and
// search-post-14412875.json (uspto-data.md §1.4).
import { prosaStateForStatus, statusDescription, type ProsaState } from '../uspto-codes.ts';
import { calendarDate, integer, isObject, list, text, type JsonObject } from './json-values.ts';
import { mapApplicationNumber } from './map-application-number.ts';
import { mapOdpDocument, type MappedDocument } from './map-odp-document.ts';
import { SKIP, type MapResult, type SkipReason } from './skip-reasons.ts';

/** The public columns of `applications` that ODP fills. */
export interface MappedApplication {
  application_number: string;
  invention_title: string;
  status: ProsaState;
  status_code: number | null;
  status_description: string | null;
  status_date: string | null;
  filing_date: string | null;
  examiner_name: string | null;
  art_unit: string | null;
  confirmation_number: string | null;
  attorney_docket_number: string | null;
  first_inventor_name: string | null;
  first_applicant_name: string | null;
  entity_status: 'large' | 'small' | 'micro' | null;
  application_type: string | null;
  patent_number: string | null;
  grant_date: string | null;
  earliest_publication_number: string | null;
}

export interface MappedEvent {
  event_code: string;
  description: string | null;
  event_date: string;
}

export interface MappedRecord {
  application_number: string;
  /**
   * Null when the record has no applicationMetaData: the `/transactions` response uses the same
   * record layout with only `applicationNumberText` and `eventDataBag`. Such a record can only
   * add events to an application already imported.
   */
  application: MappedApplication | null;
  /** Distinct by (event_code, event_date), the table's unique key; first occurrence wins. */
  events: MappedEvent[];
  /** From a `documentBag` inside the record, when a bulk file carries one. */
  correspondence?: MappedDocument[];
  /** Events and documents inside the record that could not be stored, one reason each. */
  skipped: SkipReason[];
}

export function mapOdpRecord(record: unknown): MapResult<MappedRecord> {
  if (!isObject(record)) return { ok: false, reason: SKIP.notAnObject };
  const number = mapApplicationNumber(record.applicationNumberText);
  if (!number.ok) return number;

  let application: MappedApplication | null = null;
  if (isObject(record.applicationMetaData)) {
    const mapped = mapMetaData(number.value, record.applicationMetaData);
    if (!mapped.ok) return mapped;
    application = mapped.value;
  }

  const skipped: SkipReason[] = [];
  const events = mapEvents(record.eventDataBag, skipped);
  const result: MappedRecord = { application_number: number.value, application, events, skipped };
  if (Array.isArray(record.documentBag)) {
    result.correspondence = [];
    for (const doc of record.documentBag) {
      const mapped = mapOdpDocument(doc, number.value);
      if (mapped.ok) result.correspondence.push(mapped.value);
      else skipped.push(mapped.reason);
    }
  }
  return { ok: true, value: result };
}

function mapMetaData(number: string, meta: JsonObject): MapResult<MappedApplication> {
  const title = text(meta.inventionTitle);
  if (title === null) return { ok: false, reason: SKIP.missingTitle };
  const statusCode = integer(meta.applicationStatusCode);
  // Fall back to our copy of the USPTO table when a payload carries the code alone.
  const statusText = text(meta.applicationStatusDescriptionText) ?? (statusCode === null ? null : statusDescription(statusCode));
  const patentNumber = text(meta.patentNumber);
  return {
    ok: true,
    value: {
      application_number: number,
      invention_title: title,
      status: prosaStateForStatus(statusCode, statusText, patentNumber),
      status_code: statusCode,
      status_description: statusText,
      status_date: calendarDate(meta.applicationStatusDate),
      filing_date: calendarDate(meta.filingDate),
      // As given ("DOVE, TRACY MAE": LAST, FIRST MIDDLE; ODP has no examiner id, §1.4). Matching
      // across sources normalises at query time; the stored text stays the USPTO's.
      examiner_name: text(meta.examinerNameText),
      art_unit: text(meta.groupArtUnitNumber),
      confirmation_number: text(meta.applicationConfirmationNumber),
      attorney_docket_number: text(meta.docketNumber),
      first_inventor_name: text(meta.firstInventorName),
      first_applicant_name: text(meta.firstApplicantName),
      entity_status: entityStatus(meta.entityStatusData),
      application_type: text(meta.applicationTypeLabelName) ?? text(meta.applicationTypeCode),
      patent_number: patentNumber,
      grant_date: calendarDate(meta.grantDate),
      earliest_publication_number: text(meta.earliestPublicationNumber),
    },
  };
}

/**
 * `entityStatusData: {smallEntityStatusIndicator: bool, businessEntityStatusCategory: "Regular
 * Undiscounted"}` (sample 17248024). Micro first: a micro entity is also "small" in the
 * indicator's sense (37 CFR 1.29 builds on 1.27). Null when ODP says nothing.
 */
function entityStatus(data: unknown): MappedApplication['entity_status'] {
  if (!isObject(data)) return null;
  const category = (text(data.businessEntityStatusCategory) ?? '').toLowerCase();
  if (category.includes('micro')) return 'micro';
  if (data.smallEntityStatusIndicator === true || category.includes('small')) return 'small';
  return 'large';
}

/** eventDataBag is NOT date-sorted and can repeat an entry (EML_NTR twice a day, sample 14412875). */
function mapEvents(bag: unknown, skipped: SkipReason[]): MappedEvent[] {
  const seen = new Set<string>();
  const events: MappedEvent[] = [];
  for (const item of list(bag)) {
    const code = isObject(item) ? text(item.eventCode) : null;
    const date = isObject(item) ? calendarDate(item.eventDate) : null;
    if (code === null || date === null) {
      skipped.push(SKIP.eventIncomplete);
      continue;
    }
    const key = `${code}\u0000${date}`;
    if (seen.has(key)) continue;
    seen.add(key);
    events.push({ event_code: code, description: text((item as JsonObject).eventDescriptionText), event_date: date });
  }
  return events;
}
