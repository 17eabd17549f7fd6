import type { PublicationNumber } from './types.ts';

/** A reference as a stored analysis record lists it (publication numbers as the parser normalised them). */
export interface StoredReference {
  label: string;
  short_name: string | null;
  kind: string;
  publication: PublicationNumber | null;
}

/** References of one stored analysis record (its top-level `references`); [] for a record without any. */
export function referencesOfRecord(record: unknown): StoredReference[] {
  const refs = (record as { references?: StoredReference[] })?.references;
  return Array.isArray(refs) ? refs.filter((r) => r && typeof r.label === 'string') : [];
}
