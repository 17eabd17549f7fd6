// The outgoing papers the USPTO watch records, read from an ODP documents list
// (`GET …/{n}/documents`, documentBag; real sample test/fixtures/odp/documents-17248024.json).
// Pure: no I/O. The watch (src/commands/watch/watch-pass.ts) fetches the list and the files.
import { calendarDate, isObject, text } from './json-values.ts';
import { readDownloads, type DownloadOption } from './select-file-documents.ts';
import { watchedPaperKind, type WatchedPaperKind } from '../uspto-codes.ts';

export interface WatchedPaper {
  kind: WatchedPaperKind;
  documentCode: string;
  description: string | null;
  /** The official (mailing) date, YYYY-MM-DD, as the USPTO states it. */
  mailingDate: string;
  documentIdentifier: string;
  /** Usable downloads, best first (XML, MS_WORD, PDF); may be empty. */
  downloads: DownloadOption[];
}

/** At most this many entries are read from one list (the sample has 45; a long file wrapper a few hundred). */
const MAX_LIST_ENTRIES = 5000;

/** The watched papers of a documents list response, oldest first; anything unreadable is left out. */
export function readWatchedPapers(body: unknown): { papers: WatchedPaper[]; newestDate: string | null } {
  const bag = isObject(body) && Array.isArray(body.documentBag) ? body.documentBag.slice(0, MAX_LIST_ENTRIES) : [];
  const papers: WatchedPaper[] = [];
  let newestDate: string | null = null;
  for (const item of bag) {
    if (!isObject(item)) continue;
    const mailingDate = calendarDate(item.officialDate);
    if (mailingDate && (newestDate === null || mailingDate > newestDate)) newestDate = mailingDate;
    const documentCode = text(item.documentCode);
    const documentIdentifier = text(item.documentIdentifier);
    const description = text(item.documentCodeDescriptionText);
    const kind = watchedPaperKind(documentCode, description, text(item.directionCategory));
    if (!kind || !documentCode || !documentIdentifier || !mailingDate) continue;
    papers.push({ kind, documentCode, description, mailingDate, documentIdentifier, downloads: readDownloads(item.downloadOptionBag) });
  }
  papers.sort((a, b) => (a.mailingDate < b.mailingDate ? -1 : a.mailingDate > b.mailingDate ? 1 : 0));
  return { papers, newestDate };
}
