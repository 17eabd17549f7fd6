/**
 * A .docx: its sizes checked from the zip's central directory, its paragraphs counted in
 * word/document.xml, and only then mammoth. `text` is mammoth's raw text; `clean_text` (only when
 * something is struck through) is the text with struck-through and double-struck runs removed, how
 * a claim listing marks deletions (37 CFR 1.121(c)(2)).
 */
import mammoth from 'mammoth';
import JSZip from 'jszip';
import type { DocumentBudgets } from '../budgets.ts';
import { megabytes, tooComplex, unreadable } from '../errors.ts';
import { openZip, type ZipReader } from './zip.ts';

const MAIN_PART = 'word/document.xml';
const WHAT = 'a Word (.docx) document';

/** `<w:p>`, `<w:p w:rsidR=...>` and `<w:p/>`, not `<w:pPr>` or `<w:proofErr>`. */
const PARAGRAPH = /<w:p[\s>/]/g;
/** A run property that strikes through (not `w:val="false"`, `"0"` or `"off"`). */
const STRUCK = /<w:d?strike(?:\s+w:val="(?!false|0|off)[^"]*")?\s*\/>/;

function countParagraphs(xml: string, stopAfter: number): number {
  PARAGRAPH.lastIndex = 0;
  let n = 0;
  while (PARAGRAPH.exec(xml) && n <= stopAfter) n++;
  return n;
}

async function checkedMainPart(zip: ZipReader, budgets: DocumentBudgets): Promise<string> {
  const total = zip.entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (total > budgets.maxDocxUncompressedBytes)
    throw tooComplex(`it inflates to ${megabytes(total)}, more than the ${megabytes(budgets.maxDocxUncompressedBytes)} a .docx may`);
  const main = zip.entries.find((e) => e.name === MAIN_PART);
  if (!main) throw unreadable(WHAT, 'it has no word/document.xml');
  if (main.uncompressedSize > budgets.maxDocxDocumentXmlBytes) {
    throw tooComplex(
      `its text part (word/document.xml) is ${megabytes(main.uncompressedSize)} uncompressed, more than ${megabytes(budgets.maxDocxDocumentXmlBytes)}`,
    );
  }
  let xml: string;
  try {
    xml = (await zip.read(MAIN_PART, budgets.maxDocxDocumentXmlBytes)).toString('utf8');
  } catch {
    throw unreadable(WHAT, 'its text part is damaged');
  }
  if (countParagraphs(xml, budgets.maxDocxParagraphs) > budgets.maxDocxParagraphs) {
    throw tooComplex(`it has more than ${budgets.maxDocxParagraphs.toLocaleString('en-US')} paragraphs`);
  }
  // The other parts mammoth inflates (styles, numbering, relationships; never the images) are
  // inflated once here too, so none of them can inflate past what the directory declared.
  try {
    for (const e of zip.entries) if (e.name !== MAIN_PART && /\.(xml|rels)$/i.test(e.name)) await zip.read(e.name, budgets.maxDocxUncompressedBytes);
  } catch {
    throw unreadable(WHAT, 'a part of it is damaged');
  }
  return xml;
}

/** mammoth's HTML to text: deleted runs dropped, a blank line after each paragraph as extractRawText does. */
function textWithoutDeletions(html: string): string {
  return html
    .replace(/<del>[\s\S]*?<\/del>/g, '')
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<\/(p|h[1-6]|li)>/g, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]!)
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +\n/g, '\n');
}

/** mammoth reads `w:strike` only: double strikethrough is made single in a copy of the document. */
async function withDoubleStrikeAsStrike(bytes: Buffer, xml: string): Promise<Buffer> {
  if (!xml.includes('<w:dstrike')) return bytes;
  const zip = await JSZip.loadAsync(bytes);
  zip.file(MAIN_PART, xml.replaceAll('<w:dstrike', '<w:strike'));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
}

export async function readDocx(bytes: Buffer, budgets: DocumentBudgets): Promise<{ text: string; clean_text?: string }> {
  let zip: ZipReader;
  try {
    zip = await openZip(bytes);
  } catch {
    throw unreadable(WHAT, 'it is not a valid zip file');
  }
  let xml: string;
  try {
    xml = await checkedMainPart(zip, budgets);
  } finally {
    zip.close();
  }
  let text: string;
  try {
    text = (await mammoth.extractRawText({ buffer: bytes })).value;
  } catch {
    throw unreadable(WHAT);
  }
  if (!STRUCK.test(xml)) return { text };
  const html = (
    await mammoth.convertToHtml(
      { buffer: await withDoubleStrikeAsStrike(bytes, xml) },
      // Images are never read (converted to empty <img>): only the text matters here.
      { styleMap: ['strike => del'], convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
    )
  ).value;
  return html.includes('<del>') ? { text, clean_text: textWithoutDeletions(html) } : { text };
}
