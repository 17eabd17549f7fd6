// Which papers of an application's file wrapper make up Prosa's "application file", picked from the
// ODP documents list (`GET …/{n}/documents`, documentBag; real sample test/fixtures/odp/
// documents-17248024.json). Pure: no I/O; file-documents.ts fetches what this picks.
//
// Document codes (IFW codes; the ODP's `documentCode`):
// - CLM "Claims": every claim amendment carries a complete listing of all claims (37 CFR
//   1.121(c)), so the latest CLM paper is the current claim set.
// - SPEC "Specification", ABST "Abstract": the papers filed with the application. A later SPEC is an
//   amendment to the specification (in the sample a 1-page paper with the preliminary amendment,
//   against the 42-page specification as filed), and new matter is judged against the disclosure
//   as filed (35 U.S.C. 132(a)), so the specification is the one of the filing date.
// - Applicant replies: REM "Applicant Arguments/Remarks Made in an Amendment", A.PE "Preliminary
//   Amendment" (both in the sample), A... "Response after Non-Final Action", A.NE "Response after
//   Final Action" (uspto-data.md §1.5), AMSB "Amendment Submitted/Entered with Filing of CPA/RCE"
//   (the reply codes src/queries/application-deadlines.ts already counts). All of them, newest first.
//
// Format per paper: the XML archive first (structured text, no OCR), then MS_WORD, then PDF. The
// ODP offers XML and MS_WORD only for some papers (sample: CLM/SPEC/ABST/REM have XML, most
// incoming papers are PDF only); PNG and other options are never chosen.

export type FileDocumentKind = 'claims' | 'specification' | 'response';
export const FILE_DOCUMENT_KINDS: readonly FileDocumentKind[] = ['claims', 'specification', 'response'];

export type DownloadFormat = 'XML' | 'MS_WORD' | 'PDF';
const FORMAT_ORDER: readonly DownloadFormat[] = ['XML', 'MS_WORD', 'PDF'];

const RESPONSE_CODES: ReadonlySet<string> = new Set(['REM', 'A...', 'A.NE', 'A.PE', 'AMSB']);

export interface DownloadOption {
  format: DownloadFormat;
  url: string;
  /** `pageTotalQuantity`, given for PDFs only. */
  pages: number | null;
}

export interface FileDocumentChoice {
  kind: FileDocumentKind;
  documentCode: string;
  /** `documentCodeDescriptionText`, e.g. "Claims". */
  description: string;
  /** YYYY-MM-DD, the date as the USPTO states it (its own time zone). */
  officialDate: string;
  documentIdentifier: string;
  /** Usable downloads, best first (XML, MS_WORD, PDF); never empty. */
  downloads: DownloadOption[];
}

/** One documentBag entry, read defensively: the ODP's JSON is data, not a contract. */
interface Paper {
  code: string;
  description: string;
  officialDate: string;
  /** For ordering: the full timestamp with its offset. */
  at: number;
  identifier: string;
  direction: string;
  downloads: DownloadOption[];
}

/** The papers of `kinds` (all by default): the latest claims, the specification and abstract as filed, every reply. */
export function selectFileDocuments(documentBag: unknown, kinds: readonly FileDocumentKind[] = FILE_DOCUMENT_KINDS): FileDocumentChoice[] {
  const papers = readPapers(documentBag).filter((p) => p.downloads.length > 0 && p.direction !== 'OUTGOING' && p.direction !== 'INTERNAL');
  const out: FileDocumentChoice[] = [];
  if (kinds.includes('claims')) {
    const latest = best(latestDay(papers.filter((p) => p.code === 'CLM')));
    if (latest) out.push(choice('claims', latest));
  }
  if (kinds.includes('specification')) {
    for (const code of ['SPEC', 'ABST']) {
      const asFiled = best(earliestDay(papers.filter((p) => p.code === code)));
      if (asFiled) out.push(choice('specification', asFiled));
    }
  }
  if (kinds.includes('response')) {
    const replies = papers.filter((p) => RESPONSE_CODES.has(p.code)).sort((a, b) => b.at - a.at);
    for (const p of replies) out.push(choice('response', p));
  }
  return out;
}

function choice(kind: FileDocumentKind, p: Paper): FileDocumentChoice {
  return { kind, documentCode: p.code, description: p.description, officialDate: p.officialDate, documentIdentifier: p.identifier, downloads: p.downloads };
}

/** The papers of the latest official day (a reply's papers share one timestamp; a day is enough). */
function latestDay(papers: Paper[]): Paper[] {
  const day = papers.reduce<string | null>((d, p) => (d === null || p.officialDate > d ? p.officialDate : d), null);
  return papers.filter((p) => p.officialDate === day);
}

function earliestDay(papers: Paper[]): Paper[] {
  const day = papers.reduce<string | null>((d, p) => (d === null || p.officialDate < d ? p.officialDate : d), null);
  return papers.filter((p) => p.officialDate === day);
}

/**
 * Of papers of one code filed the same day, the one in the best format, then the longest, then the
 * latest. (The sample's filing day has two SPEC papers: a PDF-only upload and the 42-page
 * specification with its XML — the latter is the one to read.)
 */
function best(papers: Paper[]): Paper | null {
  const rank = (p: Paper) => FORMAT_ORDER.indexOf(p.downloads[0].format);
  const pages = (p: Paper) => Math.max(0, ...p.downloads.map((d) => d.pages ?? 0));
  return [...papers].sort((a, b) => rank(a) - rank(b) || pages(b) - pages(a) || b.at - a.at)[0] ?? null;
}

function readPapers(documentBag: unknown): Paper[] {
  if (!Array.isArray(documentBag)) return [];
  const out: Paper[] = [];
  for (const item of documentBag) {
    if (!isObject(item)) continue;
    const code = str(item.documentCode);
    const identifier = str(item.documentIdentifier);
    const stamp = str(item.officialDate);
    const day = /^\d{4}-\d{2}-\d{2}/.exec(stamp)?.[0];
    if (!code || !identifier || !day) continue;
    const at = Date.parse(stamp);
    out.push({
      code,
      description: str(item.documentCodeDescriptionText),
      officialDate: day,
      at: Number.isNaN(at) ? Date.parse(day) : at,
      identifier,
      direction: str(item.directionCategory).toUpperCase(),
      downloads: readDownloads(item.downloadOptionBag),
    });
  }
  return out;
}

export function readDownloads(bag: unknown): DownloadOption[] {
  if (!Array.isArray(bag)) return [];
  const out: DownloadOption[] = [];
  for (const option of bag) {
    if (!isObject(option)) continue;
    const format = str(option.mimeTypeIdentifier).toUpperCase() as DownloadFormat;
    const url = str(option.downloadUrl);
    if (!FORMAT_ORDER.includes(format) || !url) continue;
    const pages = typeof option.pageTotalQuantity === 'number' ? option.pageTotalQuantity : null;
    out.push({ format, url, pages });
  }
  return out.sort((a, b) => FORMAT_ORDER.indexOf(a.format) - FORMAT_ORDER.indexOf(b.format));
}

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
