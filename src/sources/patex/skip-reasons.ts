// Why a PatEx row was not imported. Fixed strings so the import summary can count them; where a
// reason means the same as the ODP importer's, the text is the same (sources/odp/skip-reasons.ts).
import { SKIP as ODP_SKIP } from '../odp/skip-reasons.ts';

export const PATEX_SKIP = {
  missingNumber: 'missing application_number',
  pctNumber: ODP_SKIP.pctNumber,
  invalidNumber: ODP_SKIP.invalidNumber,
  missingTitle: 'missing invention_title',
  applicationNotImported: ODP_SKIP.applicationNotImported,
  eventIncomplete: 'transaction without event_code or a valid recorded_date',
  eventCodeIncomplete: 'event code without a description',
  fieldCount: 'row has a different number of fields than the header',
  malformedRow: 'malformed CSV row (an unclosed quote)',
} as const;

export type PatexSkipReason = (typeof PATEX_SKIP)[keyof typeof PATEX_SKIP];

export type RowResult<T> = { ok: true; value: T } | { ok: false; reason: PatexSkipReason };
