/**
 * A PDF through unpdf (pdf.js): the inflated size of its streams and its page count are checked
 * before any page is read; then each page's text items, joined as pdf.js orders them (a line break
 * where pdf.js marks one, a blank line between pages), and, on a grant's two-column pages, each
 * printed line with its column and line number (pdf-columns.ts). Pages are read one at a time and
 * released, and reading stops once the text passes its budget.
 */
import { getDocumentProxy } from 'unpdf';
import type { DocumentBudgets } from '../budgets.ts';
import { megabytes, textTooLong, tooComplex, unreadable } from '../errors.ts';
import type { ColumnLine } from '../types.ts';
import { columnLines, type TextItem } from './pdf-columns.ts';
import { inflatedStreamBytes } from './pdf-streams.ts';

const STRIKETHROUGH_WARNING = 'PDF text layer: strikethrough and underlining are not visible, so amended claims read as if nothing were deleted.';

interface RawItem {
  str?: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL?: boolean;
}

async function open(bytes: Buffer) {
  try {
    // isEvalSupported: false keeps pdf.js from compiling font programs (CVE-2024-4367); unpdf's default too.
    return await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, verbosity: 0 });
  } catch (err) {
    if ((err as Error)?.name === 'PasswordException') throw unreadable('a PDF', 'it is password-protected');
    throw unreadable('a PDF');
  }
}

export async function readPdf(
  bytes: Buffer,
  budgets: DocumentBudgets,
  purpose: string,
): Promise<{ text: string; pages: number; column_lines: ColumnLine[] | null; warnings: string[] }> {
  const inflated = await inflatedStreamBytes(bytes, budgets.maxPdfInflatedBytes);
  if (inflated > budgets.maxPdfInflatedBytes) throw tooComplex(`its compressed contents inflate to more than ${megabytes(budgets.maxPdfInflatedBytes)}`);
  const pdf = await open(bytes);
  try {
    const pages = pdf.numPages;
    if (pages > budgets.maxPdfPages)
      throw tooComplex(`it has ${pages.toLocaleString('en-US')} pages; at most ${budgets.maxPdfPages.toLocaleString('en-US')} are read`);
    const texts: string[] = [];
    const lines: ColumnLine[] = [];
    let length = 0;
    let columned = false;
    for (let n = 1; n <= pages; n++) {
      const page = await pdf.getPage(n);
      let raw: RawItem[];
      try {
        raw = (await page.getTextContent()).items as RawItem[];
      } catch {
        throw unreadable('a PDF', `page ${n} is damaged`);
      }
      const items: TextItem[] = raw
        .filter((i) => i.str != null)
        .map((i) => ({ str: i.str!, x: i.transform[4]!, y: i.transform[5]!, width: i.width, height: i.height }));
      const pageText = raw.map((i) => (i.str ?? '') + (i.hasEOL ? '\n' : '')).join('');
      length += pageText.length + 2;
      if (length > budgets.maxTextChars) throw textTooLong(budgets.maxTextChars, purpose);
      texts.push(pageText);
      const found = columnLines(items, page.view[2]! - page.view[0]!, n);
      if (found) {
        columned = true;
        lines.push(...found);
      }
      page.cleanup();
    }
    return { text: texts.join('\n\n'), pages, column_lines: columned ? lines : null, warnings: [STRIKETHROUGH_WARNING] };
  } finally {
    await pdf.destroy();
  }
}
