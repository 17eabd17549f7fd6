/**
 * Which reader a file goes to: magic bytes first (a PDF named .txt is still a PDF), then the
 * extension and the browser's MIME type. Cheap, on the request thread: an unsupported file never
 * reaches an extraction child.
 */
import type { ExtractFormat } from './types.ts';
import { unreadable } from './errors.ts';

export type Sniffed = { format: ExtractFormat; zipped: boolean };

const ZIP = Buffer.from('PK\x03\x04', 'latin1');
/** OLE compound file: a legacy .doc, or a password-protected .docx (Word encrypts into one). */
const OLE = Buffer.from('d0cf11e0a1b11ae1', 'hex');

function extensionOf(filename: string): string {
  return /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
}

/** Text that starts (after a BOM and blanks) with an XML declaration. */
function looksLikeXml(bytes: Buffer): boolean {
  return /^(\uFEFF)?\s*<\?xml[\s?]/.test(bytes.subarray(0, 256).toString('utf8'));
}

/** The format, or null when no reader takes the file. Throws for a Word file Word has encrypted or an old .doc. */
export function sniffFormat(filename: string, mimetype: string, bytes: Buffer): Sniffed | null {
  const ext = extensionOf(filename);
  const mime = mimetype.toLowerCase();
  // pdf.js accepts a header anywhere in the first kilobyte, as Acrobat does.
  if (bytes.subarray(0, 1024).includes('%PDF-')) return { format: 'pdf', zipped: false };
  if (bytes.subarray(0, 4).equals(ZIP)) {
    if (ext === 'docx' || mime.includes('wordprocessingml')) return { format: 'docx', zipped: true };
    if (ext === 'xml' || ext === 'zip' || mime.includes('xml') || mime.includes('zip')) return { format: 'xml', zipped: true };
    return null;
  }
  if (bytes.subarray(0, 8).equals(OLE) && (ext === 'docx' || ext === 'doc' || mime.includes('word'))) {
    throw unreadable('a Word (.docx) document', 'it is password-protected or an old .doc file; save it as .docx without a password');
  }
  if (ext === 'txt') return { format: 'txt', zipped: false };
  if (ext === 'xml' || mime === 'application/xml' || mime === 'text/xml' || (mime !== 'text/plain' && looksLikeXml(bytes)))
    return { format: 'xml', zipped: false };
  if (mime.startsWith('text/plain')) return { format: 'txt', zipped: false };
  return null;
}
