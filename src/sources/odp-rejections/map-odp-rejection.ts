// One record of the ODP Office Action Rejections API (POST /api/v1/patent/oa/oa_rejections/v2/
// records, `response.docs[]`) → the office action's rejection-basis flags. Pure.
// Field names are the real ones of sample oa-rejections-12190351.json (uspto-data.md §1.3, §4):
// patentApplicationNumber, obsoleteDocumentIdentifier, legacyDocumentCodeIdentifier (CTNF),
// submissionDate, groupArtUnitNumber, hasRej101/102/103/112/DP (0/1).
// The API returns SEVERAL records per office action (one per rejection paragraph; the sample's
// three share obsoleteDocumentIdentifier GTYKOVWIPPOPPY5), so records are keyed by the action.
import type { FLAG_BASES } from '../../domain/rejection-bases.ts';
import { calendarDate, isObject, text } from '../odp/json-values.ts';
import { mapApplicationNumber } from '../odp/map-application-number.ts';

const REJECTION_SKIP = {
  notAnObject: 'not a JSON object',
  missingNumber: 'missing patentApplicationNumber',
  invalidNumber: 'invalid application number',
  pctNumber: 'PCT application number (not a US application)',
  noActionKey: 'rejection record without obsoleteDocumentIdentifier or submissionDate',
} as const;
export type RejectionSkipReason = (typeof REJECTION_SKIP)[keyof typeof REJECTION_SKIP];

export interface MappedRejection {
  application_number: string;
  action_key: string;
  document_code: string | null;
  mailing_date: string | null;
  art_unit: string | null;
  rej_101: boolean;
  rej_102: boolean;
  rej_103: boolean;
  rej_112: boolean;
  rej_dp: boolean;
}

const FLAG_FIELDS: Record<(typeof FLAG_BASES)[number], { field: string; column: 'rej_101' | 'rej_102' | 'rej_103' | 'rej_112' | 'rej_dp' }> = {
  '101': { field: 'hasRej101', column: 'rej_101' },
  '102': { field: 'hasRej102', column: 'rej_102' },
  '103': { field: 'hasRej103', column: 'rej_103' },
  '112': { field: 'hasRej112', column: 'rej_112' },
  DP: { field: 'hasRejDP', column: 'rej_dp' },
};

export type RejectionResult = { ok: true; value: MappedRejection } | { ok: false; reason: RejectionSkipReason };

export function mapOdpRejection(record: unknown): RejectionResult {
  if (!isObject(record)) return { ok: false, reason: REJECTION_SKIP.notAnObject };
  const number = mapApplicationNumber(record.patentApplicationNumber);
  if (!number.ok) {
    const reason =
      number.reason === 'missing applicationNumberText'
        ? REJECTION_SKIP.missingNumber
        : number.reason === REJECTION_SKIP.pctNumber
          ? REJECTION_SKIP.pctNumber
          : REJECTION_SKIP.invalidNumber;
    return { ok: false, reason };
  }
  const documentCode = text(record.legacyDocumentCodeIdentifier);
  const date = calendarDate(record.submissionDate);
  const documentId = text(record.obsoleteDocumentIdentifier);
  if (documentId === null && date === null) return { ok: false, reason: REJECTION_SKIP.noActionKey };
  const mapped: MappedRejection = {
    application_number: number.value,
    action_key: documentId ?? `${documentCode ?? ''}|${date}`,
    document_code: documentCode,
    mailing_date: date,
    art_unit: text(record.groupArtUnitNumber),
    rej_101: false,
    rej_102: false,
    rej_103: false,
    rej_112: false,
    rej_dp: false,
  };
  for (const { field, column } of Object.values(FLAG_FIELDS)) mapped[column] = flag(record[field]);
  return { ok: true, value: mapped };
}

/** The API writes flags as 0/1; booleans and "1"/"true" are read too. */
function flag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** Several records of one action: a basis is flagged when any record flags it. */
export function mergeRejections(a: MappedRejection, b: MappedRejection): MappedRejection {
  return {
    ...a,
    document_code: a.document_code ?? b.document_code,
    mailing_date: a.mailing_date ?? b.mailing_date,
    art_unit: a.art_unit ?? b.art_unit,
    rej_101: a.rej_101 || b.rej_101,
    rej_102: a.rej_102 || b.rej_102,
    rej_103: a.rej_103 || b.rej_103,
    rej_112: a.rej_112 || b.rej_112,
    rej_dp: a.rej_dp || b.rej_dp,
  };
}
