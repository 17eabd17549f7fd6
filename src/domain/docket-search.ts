/**
 * The docket's search (GET /api/docket?q=): what a typed query matches. One definition for the
 * server's SQL (src/queries/docket-page.ts) and anything that matches in memory: the web page
 * does not hold the whole docket to filter it.
 */
import { applicationNumberSearchDigits } from './application-number.ts';

export interface DocketSearch {
  /** The digits of an application number written in any form (17/200,011, 17200011, 17,200,011, US17/200,011), else null. */
  numberDigits: string | null;
  /** The query as lower-case text, matched inside the title, client matter, responsible person's name or address, status and examiner. */
  text: string;
}

/** The search a query asks for; null when it is blank (everything matches). */
export function docketSearch(query: string | undefined): DocketSearch | null {
  const q = (query ?? '').normalize('NFKC').trim();
  if (!q) return null;
  return { numberDigits: applicationNumberSearchDigits(q), text: q.toLowerCase() };
}

export interface DocketSearchFields {
  /** As stored: digits only (17200011). */
  applicationNumber: string;
  title: string | null;
  clientMatter: string | null;
  responsibleName: string | null;
  responsibleEmail: string | null;
  status: string;
  examiner: string | null;
}

/** Whether an entry matches: its number contains the digits, or one of its texts contains the text. */
export function docketEntryMatches(entry: DocketSearchFields, search: DocketSearch | null): boolean {
  if (!search) return true;
  if (search.numberDigits !== null && entry.applicationNumber.includes(search.numberDigits)) return true;
  return [entry.applicationNumber, entry.title, entry.clientMatter, entry.responsibleName, entry.responsibleEmail, entry.status, entry.examiner].some((v) =>
    v?.toLowerCase().includes(search.text),
  );
}
