/**
 * One file read into an ExtractedText by the reader of its format, with the budgets of its
 * purpose. Runs in the extraction child (extraction-child.ts); no I/O of its own except OCR of a
 * scan (readers/ocr.ts runs pdftoppm and tesseract), so unit tests may call it in process.
 */
import type { DocumentBudgets } from './budgets.ts';
import { noTextFound, textTooLong } from './errors.ts';
import { ocrWarning } from './ocr-tsv.ts';
import type { OcrTools } from './ocr-tools.ts';
import { ocrPdf } from './readers/ocr.ts';
import { readDocx } from './readers/docx.ts';
import { readPdf } from './readers/pdf.ts';
import { readTxt } from './readers/txt.ts';
import { readXml } from './readers/xml.ts';
import { normaliseText } from './text.ts';
import type { ExtractedText, ExtractFormat } from './types.ts';

export interface ReadRequest {
  filename: string;
  format: ExtractFormat;
  /** A zipped XML download (a .docx is always a zip). */
  zipped: boolean;
  bytes: Buffer;
  purpose: 'office_action' | 'document';
  budgets: DocumentBudgets;
  /** The OCR programs, for a PDF with no text layer; null when this server has none. */
  ocr: OcrTools | null;
}

export interface ReadHooks {
  /** Called when a PDF turns out to be a scan, before its OCR starts (the server moves the file's deadline). */
  onOcrStart?: () => void;
}

async function read(req: ReadRequest): Promise<ExtractedText> {
  const none = { pages: null, column_lines: null, bibliography: null, warnings: [] as string[], text_source: 'text' as const, ocr_confidence: null };
  switch (req.format) {
    case 'txt':
      return { format: 'txt', text: readTxt(req.bytes), ...none };
    case 'docx':
      return { format: 'docx', ...(await readDocx(req.bytes, req.budgets)), ...none };
    case 'pdf':
      return { format: 'pdf', bibliography: null, text_source: 'text', ocr_confidence: null, ...(await readPdf(req.bytes, req.budgets, req.purpose)) };
    case 'xml':
      return {
        format: 'xml',
        pages: null,
        column_lines: null,
        text_source: 'text',
        ocr_confidence: null,
        ...(await readXml(req.bytes, req.zipped, req.budgets, req.purpose)),
      };
  }
}

/** A PDF with no text layer read again by OCR: its text, confidence and warning replace the empty ones. */
async function readScan(req: ReadRequest, out: ExtractedText, hooks: ReadHooks): Promise<ExtractedText> {
  hooks.onOcrStart?.();
  const { text, confidence } = await ocrPdf(req.bytes, req.filename, out.pages ?? 1, req.ocr, req.budgets, req.purpose);
  // A scan has no strikethrough to lose, nor a grant's printed column lines to find.
  return { ...out, text: normaliseText(text), column_lines: null, text_source: 'ocr', ocr_confidence: confidence, warnings: [ocrWarning(confidence)] };
}

export async function readDocument(req: ReadRequest, hooks: ReadHooks = {}): Promise<ExtractedText> {
  let out = await read(req);
  out.text = normaliseText(out.text);
  if (out.clean_text !== undefined) out.clean_text = normaliseText(out.clean_text);
  if (!out.text && req.format === 'pdf') out = await readScan(req, out, hooks);
  if (!out.text) throw noTextFound(req.filename, req.format);
  if (out.text.length > req.budgets.maxTextChars) throw textTooLong(req.budgets.maxTextChars, req.purpose);
  return out;
}
