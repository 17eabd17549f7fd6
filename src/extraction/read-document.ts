/**
 * One file read into an ExtractedText by the reader of its format, with the budgets of its
 * purpose. Runs in the extraction child (extraction-child.ts); no I/O of its own, so unit tests
 * may call it in process.
 */
import type { DocumentBudgets } from './budgets.ts';
import { noTextFound, textTooLong } from './errors.ts';
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
}

async function read(req: ReadRequest): Promise<ExtractedText> {
  const none = { pages: null, column_lines: null, bibliography: null, warnings: [] as string[] };
  switch (req.format) {
    case 'txt':
      return { format: 'txt', text: readTxt(req.bytes), ...none };
    case 'docx':
      return { format: 'docx', ...(await readDocx(req.bytes, req.budgets)), ...none };
    case 'pdf':
      return { format: 'pdf', bibliography: null, ...(await readPdf(req.bytes, req.budgets, req.purpose)) };
    case 'xml':
      return { format: 'xml', pages: null, column_lines: null, ...(await readXml(req.bytes, req.zipped, req.budgets, req.purpose)) };
  }
}

export async function readDocument(req: ReadRequest): Promise<ExtractedText> {
  const out = await read(req);
  out.text = normaliseText(out.text);
  if (out.clean_text !== undefined) out.clean_text = normaliseText(out.clean_text);
  if (!out.text) throw noTextFound(req.filename, req.format);
  if (out.text.length > req.budgets.maxTextChars) throw textTooLong(req.budgets.maxTextChars, req.purpose);
  return out;
}
