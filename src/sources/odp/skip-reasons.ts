// Why an ODP item was not imported. Fixed strings (no per-record detail) so the import summary
// can count them; the summary is what an operator reads after a bulk run.

export const SKIP = {
  notAnObject: 'not a JSON object',
  missingNumber: 'missing applicationNumberText',
  pctNumber: 'PCT application number (not a US application)',
  invalidNumber: 'invalid application number',
  missingTitle: 'missing inventionTitle',
  applicationNotImported: 'application not imported',
  eventIncomplete: 'event without eventCode or a valid eventDate',
  documentWithoutIdentifier: 'document without documentIdentifier',
  documentWithoutCode: 'document without documentCode',
  documentWithoutDate: 'document without a valid officialDate',
  unknownShape: 'neither an application record nor a document',
} as const;

export type SkipReason = (typeof SKIP)[keyof typeof SKIP];

export type MapResult<T> = { ok: true; value: T } | { ok: false; reason: SkipReason };
