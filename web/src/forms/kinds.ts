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
  {
    id: 'ids',
    title: 'Information disclosure statement',
    description: 'PTO/SB/08 content, 37 CFR 1.97-1.98: U.S., foreign and non-patent documents with the timing statement.',
    exportType: 'ids',
  },
  {
    id: 'extension',
    title: 'Petition for extension of time',
    description: '37 CFR 1.136(a): months and fee from the deadline engine for the pending action.',
    exportType: 'form',
  },
  {
    id: 'interview',
    title: 'Interview request',
    description: 'PTOL-413A with an agenda from an analysis: claims, grounds and proposed strategy.',
    exportType: 'form',
  },
  {
    id: 'rce',
    title: 'RCE transmittal',
    description: '37 CFR 1.114, PTO/SB/30 content: the submission, the 1.17(e) fee and any extension, after prosecution closes.',
    exportType: 'form',
  },
  {
    id: 'notice-of-appeal',
    title: 'Notice of appeal',
    description: "37 CFR 41.31 to the PTAB once the claims are twice rejected, with the 41.20(b)(1) fee and the brief's due date.",
    exportType: 'form',
  },
  {
    id: 'pre-appeal',
    title: 'Pre-appeal brief request',
    description: 'Request for review filed with the notice of appeal: one argument per rejection, five pages at most.',
    exportType: 'form',
  },
  {
    id: 'terminal-disclaimer',
    title: 'Terminal disclaimer',
    description: '37 CFR 1.321(c) over a prior patent or application, with the common-ownership agreement and the 1.20(d) fee.',
    exportType: 'form',
  },
  {
    id: 'issue-fee',
    title: 'Issue fee transmittal',
    description: 'PTOL-85 Part B after a notice of allowance: names for the front page, assignee, the 1.18 fees.',
    exportType: 'form',
  },
  {
    id: 'client-report',
    title: 'Client reporting letter',
    description: 'A letter to the client on the office action from an analysis: grounds, deadlines, options and a recommendation.',
    exportType: 'form',
  },
  {
    id: 'drawing',
    title: 'Drawing sheet',
    description: 'A block diagram or flowchart within 37 CFR 1.84 margins, reference numerals on every element.',
    exportType: 'drawing',
  },
];
