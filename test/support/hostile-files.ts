/**
 * The red team's hostile uploads, built in place (tests and bench/hostile-files.ts): zip and
 * paragraph bombs as .docx, PDFs with too many pages, a deflate bomb of operators, a PDF that
 * keeps the reader busy, a scan without text, and broken files.
 */
import { deflateSync } from 'node:zlib';
import { writePdf, type PdfObject } from './pdf-writer.ts';
import { writeZip, type ZipEntry } from './zip-writer.ts';

const MB = 1024 * 1024;

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const DOC_OPEN =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
const DOC_CLOSE = '</w:body></w:document>';

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A .docx whose body repeats `paragraph` `times` times (a real document when times is small). */
export function docxRepeating(paragraph: string, times: number, opts: { declaredSize?: number; extra?: ZipEntry[] } = {}): Buffer {
  const p = Buffer.from(paragraph);
  const documentXml = Buffer.alloc(DOC_OPEN.length + p.length * times + DOC_CLOSE.length);
  documentXml.write(DOC_OPEN, 0);
  for (let i = 0, at = DOC_OPEN.length; i < times; i++, at += p.length) p.copy(documentXml, at);
  documentXml.write(DOC_CLOSE, DOC_OPEN.length + p.length * times);
  const entries: ZipEntry[] = [
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', data: Buffer.from(RELS) },
    { name: 'word/document.xml', data: documentXml, declaredSize: opts.declaredSize },
    ...(opts.extra ?? []),
  ];
  return writeZip(entries);
}

/** Zip bomb: word/document.xml inflates to `mb` megabytes of text runs (64 MB from ~100 kB). */
export function docxZipBomb(mb = 64): Buffer {
  const paragraph = '<w:p><w:r><w:t>zip bomb</w:t></w:r></w:p>';
  return docxRepeating(paragraph, Math.floor((mb * MB) / paragraph.length));
}

/** Paragraph bomb: hundreds of thousands of empty paragraphs (the red team's: 1.5 M in 232 kB). */
export const docxParagraphBomb = (paragraphs = 300_000): Buffer => docxRepeating('<w:p/>', paragraphs);

/** Not a zip at all, though it starts like one. */
export const corruptDocx = (): Buffer => Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(2048, 0x5a)]);

const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** A PDF of `pages` real pages sharing one content stream with a line of text. */
export function manyPagesPdf(pages = 20_000): Buffer {
  const objects: PdfObject[] = [CATALOG, '', FONT, { dict: '', stream: Buffer.from('BT /F1 12 Tf 72 720 Td (A page of many.) Tj ET') }];
  const first = objects.length + 1;
  for (let i = 0; i < pages; i++)
    objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 3 0 R >> >> >>');
  objects[1] = `<< /Type /Pages /Count ${pages} /Kids [${Array.from({ length: pages }, (_, i) => `${first + i} 0 R`).join(' ')}] >>`;
  return writePdf(objects);
}

/** One page whose content stream is `decodedMb` megabytes of text operators, FlateDecoded (~1,000:1). */
export function inflateBombPdf(decodedMb = 160): Buffer {
  const op = Buffer.from('BT /F1 12 Tf 72 700 Td (bomb) Tj ET\n');
  const decoded = Buffer.alloc(Math.floor((decodedMb * MB) / op.length) * op.length);
  for (let at = 0; at < decoded.length; at += op.length) op.copy(decoded, at);
  const stream = deflateSync(decoded, { level: 9 });
  return writePdf([
    CATALOG,
    '<< /Type /Pages /Count 1 /Kids [5 0 R] >>',
    FONT,
    { dict: '/Filter /FlateDecode', stream },
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 3 0 R >> >> >>',
  ]);
}

/**
 * Keeps the reader busy for seconds while staying inside every size budget: `pages` pages sharing
 * one small compressed content stream of `ops` path operators each (no text: read to the end, it
 * would be no_text_found).
 */
export function slowPdf(pages = 2_000, ops = 5_000): Buffer {
  const content = deflateSync(Buffer.from('0 0 m 10 10 l S\n'.repeat(ops)), { level: 9 });
  const objects: PdfObject[] = [CATALOG, '', FONT, { dict: '/Filter /FlateDecode', stream: content }];
  const first = objects.length + 1;
  for (let i = 0; i < pages; i++) objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>');
  objects[1] = `<< /Type /Pages /Count ${pages} /Kids [${Array.from({ length: pages }, (_, i) => `${first + i} 0 R`).join(' ')}] >>`;
  return writePdf(objects);
}

/** A scanned page: one image, no text layer. */
export function imageOnlyPdf(): Buffer {
  const pixels = Buffer.alloc(64 * 64, 0x80);
  return writePdf([
    CATALOG,
    '<< /Type /Pages /Count 1 /Kids [3 0 R] >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>',
    { dict: '', stream: Buffer.from('q 400 0 0 400 100 300 cm /Im1 Do Q') },
    { dict: '/Type /XObject /Subtype /Image /Width 64 /Height 64 /ColorSpace /DeviceGray /BitsPerComponent 8', stream: pixels },
  ]);
}
