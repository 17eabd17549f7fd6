/**
 * The limits an uploaded file is read within (issue 20 items 1-2, "hostile files"). Each one stops
 * a kind of file the red team sent: a 232 kB .docx of 1.5 M empty paragraphs (4.5 GB of RSS), a
 * 535 kB PDF whose content stream inflates to 150 MB (30 s of event loop), a 20,000-page PDF (82 s).
 * The document budgets travel to the extraction child with each file (tests lower them); the
 * process budgets (time, memory) are the parent's, see extraction-pool.ts.
 */

const MB = 1024 * 1024;

/**
 * Bytes of one uploaded file: 10 MB holds a 300-page text PDF, an office action with its
 * attachments, or a whole application's full-text XML; the multipart limit of the upload routes.
 */
export const MAX_FILE_BYTES = 10 * MB;

/**
 * Uncompressed size of a .docx (every part, images included), from the zip's central directory
 * before anything is inflated: a 500-page specification with figures is about 15 MB; a zip bomb
 * declares gigabytes.
 */
const MAX_DOCX_UNCOMPRESSED_BYTES = 40 * MB;

/**
 * Uncompressed size of word/document.xml: a 500-page specification's is about 10 MB (Word's XML is
 * ~20 bytes of markup per character of text), so 30 MB is three times that.
 */
const MAX_DOCX_DOCUMENT_XML_BYTES = 30 * MB;

/**
 * Paragraphs (`<w:p`) of a .docx: a 500-page specification has about 10,000, a claim listing a
 * few hundred; mammoth holds several objects per paragraph, so 1.5 M empty ones took 4.5 GB.
 */
const MAX_DOCX_PARAGRAPHS = 100_000;

/**
 * Pages of a PDF, read from its page tree before any page is: the longest US applications run to
 * a few hundred pages and a file wrapper excerpt to about a thousand.
 */
const MAX_PDF_PAGES = 2_000;

/**
 * Bytes the PDF's Flate-compressed streams other than images inflate to, counted (and discarded)
 * before pdf.js reads the file: a 2,000-page text PDF's content streams and fonts come to about
 * 60 MB; a deflate bomb of operators inflates 1,000:1.
 */
const MAX_PDF_INFLATED_BYTES = 128 * MB;

/**
 * Bytes of the .xml inside a zipped USPTO XML download (the zip's own size is MAX_FILE_BYTES): the
 * largest applications' full text is about 20 MB.
 */
const MAX_XML_BYTES = 40 * MB;

/**
 * Characters of extracted text, by purpose. An office action's is the limit of
 * POST /api/docket/{id}/office-actions (1 MB); a document (a specification, a whole application, a
 * reference) gets 4 MB, four times the longest specification we have seen.
 */
export const MAX_TEXT_CHARS = { office_action: 1 * MB, document: 4 * MB } as const;

export type Purpose = keyof typeof MAX_TEXT_CHARS;

/**
 * Pages of an image-only PDF (a scan: no text layer) read by OCR (issue 22 item 6). OCR at 300 DPI
 * takes 2-6 s of one core per page here; an office action runs to 10-30 pages and an older
 * reference to 5-20, so 40 pages holds either, and a longer scan is refused before any page is
 * rasterized.
 */
const MAX_OCR_PAGES = 40;

/** Resolution pages of a scan are rasterized at for OCR: tesseract reads best at about 300 DPI. */
export const OCR_DPI = 300;

/** Wall time of one page's OCR (pdftoppm then tesseract); past it the page's processes are killed and the file refused. */
const OCR_PAGE_TIMEOUT_MS = 30_000;

/**
 * Wall time of a whole scan's OCR. When the child finds a PDF has no text layer it tells the
 * server, which moves the file's deadline (EXTRACTION_TIMEOUT_MS) to this plus a margin.
 */
const OCR_DOCUMENT_TIMEOUT_MS = 240_000;

/** The budgets the child applies while it parses (tests lower them). */
export interface DocumentBudgets {
  maxDocxUncompressedBytes: number;
  maxDocxDocumentXmlBytes: number;
  maxDocxParagraphs: number;
  maxPdfPages: number;
  maxPdfInflatedBytes: number;
  maxXmlBytes: number;
  maxTextChars: number;
  /** Pages of an image-only PDF read by OCR. */
  maxOcrPages: number;
  /** Wall time of OCR on one page (rasterizing and recognition). */
  ocrPageTimeoutMs: number;
  /** Wall time of OCR on the whole document. */
  ocrDocumentTimeoutMs: number;
}

export function documentBudgets(purpose: Purpose): DocumentBudgets {
  return {
    maxDocxUncompressedBytes: MAX_DOCX_UNCOMPRESSED_BYTES,
    maxDocxDocumentXmlBytes: MAX_DOCX_DOCUMENT_XML_BYTES,
    maxDocxParagraphs: MAX_DOCX_PARAGRAPHS,
    maxPdfPages: MAX_PDF_PAGES,
    maxPdfInflatedBytes: MAX_PDF_INFLATED_BYTES,
    maxXmlBytes: MAX_XML_BYTES,
    maxTextChars: MAX_TEXT_CHARS[purpose],
    maxOcrPages: MAX_OCR_PAGES,
    ocrPageTimeoutMs: OCR_PAGE_TIMEOUT_MS,
    ocrDocumentTimeoutMs: OCR_DOCUMENT_TIMEOUT_MS,
  };
}

/**
 * Wall time of one file in the child, from when it is handed over: pdf.js reads a 300-page text
 * PDF in about 3 s here; the 20,000-page file took 82 s. Past it the child is killed.
 */
export const EXTRACTION_TIMEOUT_MS = 20_000;

/**
 * V8 heap of a child (`--max-old-space-size`, MB): reading a 10 MB file needs well under 200 MB;
 * past the limit V8 stops the child, which is answered as the file's fault, not as a crash.
 */
export const CHILD_HEAP_MB = 512;

/**
 * Resident memory of a child, polled from /proc while it works: the heap limit does not cover
 * WASM, zlib and Buffers outside the heap; 768 MB is the heap plus room for those.
 */
export const CHILD_RSS_CEILING_BYTES = 768 * MB;

/** How often a working child's RSS is read: a 100 ms step lets a child grow by ~100-200 MB past the ceiling at most. */
export const RSS_POLL_MS = 100;

/**
 * Children reading files at once: one per core the server leaves, at most two. Extraction is CPU
 * work; a third child on a small machine would only slow the server's own requests.
 */
export const defaultExtractionProcesses = (cores: number): number => Math.min(2, Math.max(1, cores - 1));

/**
 * Files waiting for a free child before more are refused (503 extraction_busy): at 20 s per file at
 * worst, eight waiting behind two children is a minute and a half, about what an upload form waits.
 * Each waiting file holds its bytes (up to MAX_FILE_BYTES) in the server's memory.
 */
export const MAX_WAITING_FILES = 8;

/** A child that has not loaded its readers in this time is killed (it loads in well under a second). */
export const CHILD_START_TIMEOUT_MS = 30_000;
