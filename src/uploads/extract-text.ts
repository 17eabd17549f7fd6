import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { AppError } from '../errors.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The office-action text limit of POST /api/docket/{id}/office-actions. */
export const MAX_TEXT_CHARS = 1024 * 1024;

export type UploadFormat = 'txt' | 'docx' | 'pdf';

function formatOf(filename: string, mimetype: string, buffer: Buffer): UploadFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  if (buffer.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (buffer.subarray(0, 2).toString('latin1') === 'PK' && (ext === 'docx' || mimetype.includes('wordprocessingml'))) return 'docx';
  if (ext === 'txt' || mimetype.startsWith('text/plain')) return 'txt';
  return null;
}

function unreadable(what: string): AppError {
  return new AppError(422, 'unreadable_document', `The file could not be read as ${what}.`, 'Check that the file opens, or paste the text of the action instead.');
}

/** Plain text of an uploaded office action: mammoth for .docx, unpdf (pdf.js) for .pdf, UTF-8 for .txt. */
export async function extractOfficeActionText(filename: string, mimetype: string, buffer: Buffer): Promise<{ format: UploadFormat; text: string; pages: number | null }> {
  const format = formatOf(filename, mimetype, buffer);
  if (!format) throw new AppError(415, 'unsupported_file_type', `"${filename}" is not a .txt, .docx or .pdf file.`, 'Upload the action as .txt, .docx or .pdf, or paste its text.');
  let text: string;
  let pages: number | null = null;
  if (format === 'txt') {
    text = new TextDecoder('utf-8', { fatal: false }).decode(buffer).replace(/^\uFEFF/, '');
  } else if (format === 'docx') {
    try {
      text = (await mammoth.extractRawText({ buffer })).value;
    } catch {
      throw unreadable('a Word (.docx) document');
    }
  } else {
    try {
      const pdf = await getDocumentProxy(new Uint8Array(buffer));
      const out = await extractText(pdf, { mergePages: false });
      pages = out.totalPages;
      text = (out.text as string[]).join('\n\n');
    } catch {
      throw unreadable('a PDF');
    }
  }
  text = text.replace(/\r\n?/g, '\n').replace(/\u0000/g, '').replace(/\n{4,}/g, '\n\n\n').trim();
  if (!text) throw new AppError(422, 'no_text_found', `No text was found in "${filename}" (a scanned PDF has only images).`, 'Paste the text of the action, or upload a text-based PDF or .docx.');
  if (text.length > MAX_TEXT_CHARS) throw new AppError(413, 'payload_too_large', 'The extracted text is longer than 1 MB.', 'Upload only the office action itself.');
  return { format, text, pages };
}
