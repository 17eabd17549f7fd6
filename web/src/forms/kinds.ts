import type { ExportType } from '../api/forms.ts';

/**
 * The form kinds the Forms page offers (names only: the application page links to them without
 * loading the form components; registry.ts pairs each with its component). A new kind is one
 * entry here, one component (fields + a build function inside <ExportForm>) and one line in
 * registry.ts; price, submit, errors, progress and download are shared.
 */
export interface FormKindInfo {
  /** The ?form= value in the URL. */
  id: string;
  title: string;
  description: string;
  /** What POST /api/quote prices it as. */
  exportType: ExportType;
}

export const FORM_KIND_INFO: readonly FormKindInfo[] = [
  { id: 'ids', title: 'Information disclosure statement', description: 'PTO/SB/08 content, 37 CFR 1.97-1.98: U.S., foreign and non-patent documents with the timing statement.', exportType: 'ids' },
  { id: 'extension', title: 'Petition for extension of time', description: '37 CFR 1.136(a): months and fee from the deadline engine for the pending action.', exportType: 'form' },
  { id: 'interview', title: 'Interview request', description: 'PTOL-413A with an agenda from an analysis: claims, grounds and proposed strategy.', exportType: 'form' },
  { id: 'drawing', title: 'Drawing sheet', description: 'A block diagram or flowchart within 37 CFR 1.84 margins, reference numerals on every element.', exportType: 'drawing' },
];
