/**
 * The error objects extraction answers with. Every budget has its own message naming the limit,
 * and a suggestion of what the person can do (a smaller or text-based file, or pasting the text).
 * The child builds them too: they cross the IPC channel as plain {status, code, message, suggestion}.
 */
import { AppError } from '../errors.ts';

export const megabytes = (bytes: number): string => {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
};

const SMALLER = 'Upload a shorter document (only the part you need, e.g. the claims or the office action without its attachments), or paste its text.';

export const fileTooLarge = (bytes: number, limit: number): AppError =>
  new AppError(413, 'payload_too_large', `The file is ${megabytes(bytes)}; files of at most ${megabytes(limit)} are read.`, SMALLER);

export const textTooLong = (limit: number, purpose: string): AppError =>
  new AppError(
    413,
    'payload_too_large',
    `The text of the file is longer than ${megabytes(limit)}, the limit for ${purpose === 'office_action' ? 'an office action' : 'a document'}.`,
    SMALLER,
  );

const SIMPLER = `${SMALLER} A PDF printed again from its viewer ("Print to PDF"), or a .docx saved again from Word, is often simpler.`;

/** A budget of the document's structure (size inflated, paragraphs, pages, operators, memory). */
export const tooComplex = (what: string): AppError => new AppError(422, 'document_too_complex', `The file could not be read: ${what}.`, SIMPLER);

/** "20 seconds", "1 second", "0.3 seconds". */
const seconds = (ms: number) => (ms === 1000 ? '1 second' : `${ms % 1000 === 0 ? ms / 1000 : (ms / 1000).toFixed(1)} seconds`);

/** The time budget: the child reading the file was stopped. */
export const tooSlow = (ms: number): AppError =>
  new AppError(422, 'document_too_complex', `The file could not be read within ${seconds(ms)}, the time one file may take.`, SIMPLER);

export const unsupportedType = (filename: string): AppError =>
  new AppError(
    415,
    'unsupported_file_type',
    `"${filename}" is not a .txt, .docx, .pdf or USPTO full-text .xml file.`,
    'Upload the document as .txt, .docx, .pdf or .xml (or a .zip holding one .xml), or paste its text.',
  );

export const unreadable = (what: string, why?: string): AppError =>
  new AppError(
    422,
    'unreadable_document',
    `The file could not be read as ${what}${why ? ` (${why})` : ''}.`,
    'Check that the file opens on your computer and is not password-protected, or paste its text instead.',
  );

export const noTextFound = (filename: string, format: string): AppError =>
  new AppError(
    422,
    'no_text_found',
    format === 'pdf' ? `No text was found in "${filename}": the PDF seems to be scanned images, with no text layer.` : `No text was found in "${filename}".`,
    format === 'pdf'
      ? 'Upload a text-based PDF (or the .docx), run OCR on the scan first, or paste the text.'
      : 'Check that you chose the right file, or paste the text.',
  );

const SCAN_SUGGESTION = 'Upload a text-based PDF (or the .docx), run OCR on the scan first, or paste the text.';

/** A scan the OCR found no words in (a blank or photographic page). */
export const noTextFoundByOcr = (filename: string): AppError =>
  new AppError(
    422,
    'no_text_found',
    `No text was found in "${filename}": the PDF seems to be scanned images, with no text layer, and OCR found no words in them.`,
    SCAN_SUGGESTION,
  );

/** A scan, where this server has no OCR installed: the way forward for whoever runs it. */
export const ocrUnavailable = (filename: string): AppError =>
  new AppError(
    422,
    'ocr_unavailable',
    `No text was found in "${filename}": the PDF seems to be scanned images, with no text layer, and OCR is not installed on this server.`,
    `Whoever runs Prosa can enable OCR by installing tesseract-ocr, tesseract-ocr-eng and poppler-utils (Debian/Ubuntu: apt-get install tesseract-ocr tesseract-ocr-eng poppler-utils) and restarting it. Meanwhile: ${SCAN_SUGGESTION}`,
  );

/** A scan longer than the OCR page budget. */
export const ocrTooManyPages = (pages: number, limit: number): AppError =>
  new AppError(
    422,
    'document_too_complex',
    `The file is a scan (no text layer) of ${pages.toLocaleString('en-US')} pages; at most ${limit.toLocaleString('en-US')} pages of a scan are read by OCR.`,
    'Upload only the pages you need (e.g. the claims, or the office action without its attachments), a text-based PDF, or paste the text.',
  );

/** OCR of a page, or of the whole scan, past its time budget. */
export const ocrTooSlow = (what: string, ms: number): AppError =>
  new AppError(
    422,
    'document_too_complex',
    `OCR of ${what} took longer than ${seconds(ms)}, the time it may take.`,
    'Upload fewer pages of the scan, a text-based PDF, or paste the text.',
  );

export const extractionBusy = (): AppError =>
  new AppError(
    503,
    'extraction_busy',
    'The server is reading as many uploaded files as it can at once.',
    'Retry after the number of seconds in the Retry-After header; the file was not read.',
    { 'Retry-After': '5' },
  );

export const extractionUnavailable = (): AppError =>
  new AppError(503, 'extraction_unavailable', 'The reader of uploaded files stopped before it finished.', 'Retry the same upload; nothing was stored.', {
    'Retry-After': '1',
  });

/** What crosses the IPC channel for an AppError. */
export interface WireError {
  status: number;
  code: string;
  message: string;
  suggestion: string;
  headers?: Record<string, string>;
}

export const toWire = (e: AppError): WireError => ({ status: e.status, code: e.code, message: e.message, suggestion: e.agentSuggestion, headers: e.headers });
export const fromWire = (w: WireError): AppError => new AppError(w.status, w.code, w.message, w.suggestion, w.headers ?? {});
