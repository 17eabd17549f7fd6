import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { AppError } from '../../src/errors.ts';
import { closeExtractionService, extractDocument, MAX_TEXT_CHARS, startExtractionService, type ExtractionService } from '../../src/extraction/extract.ts';
import { minimalPdf } from '../support/minimal-pdf.ts';
import { BLANK_LINE, leftText, LINES_PER_COLUMN, twoColumnGrantPdf } from '../support/two-column-pdf.ts';
import {
  corruptDocx,
  DOCX_TYPE,
  docxParagraphBomb,
  docxRepeating,
  docxZipBomb,
  imageOnlyPdf,
  inflateBombPdf,
  manyPagesPdf,
  slowPdf,
} from '../support/hostile-files.ts';
import { writeZip } from '../support/zip-writer.ts';

const grantXml = readFileSync(new URL('../fixtures/extraction/us-patent-grant.xml', import.meta.url));

/** The error an extraction fails with (fails the test if it succeeds or throws something else). */
async function failure(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error('the extraction succeeded');
}

const docx = async (children: Paragraph[]) => Packer.toBuffer(new Document({ sections: [{ children }] }));
const pdf = (bytes: Buffer, filename = 'file.pdf') => ({ filename, mimetype: 'application/pdf', bytes });

afterAll(() => closeExtractionService());

describe('formats', () => {
  test('TXT: BOM dropped, NULs removed, CRLF normalised; UTF-16 with its BOM', async () => {
    const r = await extractDocument({ filename: 'a.txt', mimetype: 'text/plain', bytes: Buffer.from('\uFEFFLine one\r\nLine\u0000 two\r\n') });
    expect(r).toEqual({
      format: 'txt',
      text: 'Line one\nLine two',
      pages: null,
      column_lines: null,
      bibliography: null,
      warnings: [],
      text_source: 'text',
      ocr_confidence: null,
    });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Claim 1.', 'utf16le')]);
    expect((await extractDocument({ filename: 'b.txt', mimetype: 'text/plain', bytes: utf16 })).text).toBe('Claim 1.');
  });

  test('DOCX: the text, and clean_text without struck-through and double-struck runs', async () => {
    const plain = await extractDocument({ filename: 'a.docx', mimetype: DOCX_TYPE, bytes: await docx([new Paragraph('1. A widget.')]) });
    expect(plain).toMatchObject({ format: 'docx', text: '1. A widget.' });
    expect(plain).not.toHaveProperty('clean_text');

    const amended = await docx([
      new Paragraph({
        children: [
          new TextRun('1. (Currently amended) A '),
          new TextRun({ text: 'red', strike: true }),
          new TextRun({ text: 'blue', underline: {} }),
          new TextRun(' widget.'),
        ],
      }),
      new Paragraph({
        children: [
          new TextRun('2. (Original) The widget of claim 1, '),
          new TextRun({ text: 'made of steel', doubleStrike: true }),
          new TextRun('wherein it is round.'),
        ],
      }),
    ]);
    const r = await extractDocument({ filename: 'claims.docx', mimetype: DOCX_TYPE, bytes: amended });
    expect(r.text).toBe('1. (Currently amended) A redblue widget.\n\n2. (Original) The widget of claim 1, made of steelwherein it is round.');
    expect(r.clean_text).toBe('1. (Currently amended) A blue widget.\n\n2. (Original) The widget of claim 1, wherein it is round.');
  });

  test('PDF: the text and its pages; no column layout in an ordinary PDF', async () => {
    const r = await extractDocument(pdf(minimalPdf(['DETAILED ACTION', 'Claims 1-3 are rejected.'])));
    expect(r).toMatchObject({ format: 'pdf', pages: 1, column_lines: null, bibliography: null });
    expect(r.text.replace(/\s+/g, ' ')).toBe('DETAILED ACTION Claims 1-3 are rejected.');
    expect(r.warnings[0]).toMatch(/strikethrough/);
  });

  test('grant PDF: each line of the two-column pages with its column and line, counted as printed', async () => {
    const r = await extractDocument(pdf(twoColumnGrantPdf(2), 'US9876543.pdf'));
    expect(r.pages).toBe(3);
    const lines = r.column_lines!;
    // The front page has no column numbers; pages 2 and 3 hold columns 1-4, 20 lines each but the blank one.
    expect(new Set(lines.map((l) => l.page))).toEqual(new Set([2, 3]));
    expect(lines).toHaveLength(4 * LINES_PER_COLUMN - 2);
    expect(lines).toContainEqual({ column: 1, line: 1, text: leftText(1, 1), page: 2 });
    expect(lines).toContainEqual({ column: 2, line: 15, text: leftText(2, 15), page: 2 });
    // After the blank line the numbering still follows the printed gutter numbers.
    expect(lines).toContainEqual({ column: 3, line: BLANK_LINE + 1, text: leftText(3, BLANK_LINE + 1), page: 3 });
    expect(lines.find((l) => l.column === 3 && l.line === BLANK_LINE)).toBeUndefined();
    for (const l of lines) expect(l.text).toBe(leftText(l.column, l.line));
    // Gutter numbers are not text of either column.
    expect(lines.some((l) => /^\d+$/.test(l.text))).toBe(false);
  });

  test('USPTO XML: bare, zipped (an xmlarchive download) and a bulk file of several documents', async () => {
    const bare = await extractDocument({ filename: 'US09876543.xml', mimetype: 'application/xml', bytes: grantXml });
    expect(bare).toMatchObject({
      format: 'xml',
      pages: null,
      column_lines: null,
      bibliography: { dtd: 'us-patent-grant', doc_number: '09876543', kind: 'B2' },
      warnings: [],
    });
    expect(bare.text).toMatch(/^Widget fastening assembly/);

    const zipped = writeZip([
      { name: 'US09876543-20180123.XML', data: grantXml },
      { name: 'US09876543-20180123-D00000.TIF', data: Buffer.alloc(100) },
    ]);
    const z = await extractDocument({ filename: 'US09876543.zip', mimetype: 'application/zip', bytes: zipped });
    expect(z.text).toBe(bare.text);

    const bulk = Buffer.concat([grantXml, Buffer.from(grantXml.toString().replace('09876543', '09999999'))]);
    const b = await extractDocument({ filename: 'ipg180123.xml', mimetype: 'text/xml', bytes: bulk });
    expect(b.bibliography!.doc_number).toBe('09876543');
    expect(b.warnings).toEqual(['The file holds 2 XML documents (a USPTO bulk file); only the first was read.']);
  });
});

describe('budgets and bad files, through extractDocument', () => {
  let service: ExtractionService | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  test('file bytes: 413 payload_too_large; an unsupported type: 415', async () => {
    const big = await failure(extractDocument({ filename: 'big.txt', mimetype: 'text/plain', bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 0x61) }));
    expect([big.status, big.code, big.message]).toEqual([413, 'payload_too_large', 'The file is 10.0 MB; files of at most 10 MB are read.']);
    const exe = await failure(extractDocument({ filename: 'tool.exe', mimetype: 'application/octet-stream', bytes: Buffer.from('MZ\x90\x00') }));
    expect([exe.status, exe.code]).toEqual([415, 'unsupported_file_type']);
    expect(exe.agentSuggestion).toMatch(/\.txt, \.docx, \.pdf or \.xml/);
  });

  test('DOCX zip bomb: refused from the central directory (total, then document.xml), and a zip that lies about its sizes', async () => {
    const total = await failure(extractDocument({ filename: 'bomb.docx', mimetype: DOCX_TYPE, bytes: docxZipBomb(64) }));
    expect([total.status, total.code]).toEqual([422, 'document_too_complex']);
    expect(total.message).toMatch(/inflates to 64\.\d MB, more than the 40 MB a \.docx may/);

    service = startExtractionService({ budgets: { maxDocxDocumentXmlBytes: 1024 * 1024 } });
    const part = await failure(service.extract({ filename: 'bomb.docx', mimetype: DOCX_TYPE, bytes: docxZipBomb(2) }));
    expect(part.message).toMatch(/word\/document\.xml\) is 2\.\d MB uncompressed, more than 1 MB/);

    const lying = await failure(
      service.extract({
        filename: 'liar.docx',
        mimetype: DOCX_TYPE,
        bytes: docxRepeating('<w:p><w:r><w:t>x</w:t></w:r></w:p>', 100_000, { declaredSize: 1000 }),
      }),
    );
    expect([lying.status, lying.code]).toEqual([422, 'unreadable_document']);
    // Another part mammoth would inflate (styles) lying likewise.
    const styles = { name: 'word/styles.xml', data: Buffer.from(`<w:styles>${' '.repeat(5_000_000)}</w:styles>`), declaredSize: 100 };
    const lyingStyles = await failure(
      service.extract({ filename: 'liar.docx', mimetype: DOCX_TYPE, bytes: docxRepeating('<w:p><w:r><w:t>x</w:t></w:r></w:p>', 10, { extra: [styles] }) }),
    );
    expect([lyingStyles.status, lyingStyles.code, lyingStyles.message]).toEqual([
      422,
      'unreadable_document',
      'The file could not be read as a Word (.docx) document (a part of it is damaged).',
    ]);
  });

  test('DOCX paragraph bomb: 422 document_too_complex naming the paragraph limit', async () => {
    const e = await failure(extractDocument({ filename: 'paragraphs.docx', mimetype: DOCX_TYPE, bytes: docxParagraphBomb(300_000) }));
    expect([e.status, e.code, e.message]).toEqual([422, 'document_too_complex', 'The file could not be read: it has more than 100,000 paragraphs.']);
  });

  test('PDF: pages counted before any is read; a deflate bomb of operators refused before pdf.js', async () => {
    const pages = await failure(extractDocument(pdf(manyPagesPdf(20_000))));
    expect([pages.status, pages.code, pages.message]).toEqual([
      422,
      'document_too_complex',
      'The file could not be read: it has 20,000 pages; at most 2,000 are read.',
    ]);
    service = startExtractionService({ budgets: { maxPdfInflatedBytes: 8 * 1024 * 1024 } });
    const bomb = await failure(service.extract(pdf(inflateBombPdf(16))));
    expect([bomb.status, bomb.code, bomb.message]).toEqual([
      422,
      'document_too_complex',
      'The file could not be read: its compressed contents inflate to more than 8 MB.',
    ]);
  });

  test('text over the budget of its purpose: 413', async () => {
    expect(MAX_TEXT_CHARS).toEqual({ office_action: 1024 * 1024, document: 4 * 1024 * 1024 });
    const text = Buffer.from('word '.repeat(300_000)); // 1.5 M characters
    expect((await extractDocument({ filename: 'spec.txt', mimetype: 'text/plain', bytes: text })).text.length).toBe(1_499_999);
    const e = await failure(extractDocument({ filename: 'oa.txt', mimetype: 'text/plain', bytes: text }, { purpose: 'office_action' }));
    expect([e.status, e.code, e.message]).toEqual([413, 'payload_too_large', 'The text of the file is longer than 1 MB, the limit for an office action.']);
  });

  test('corrupt files: 422 unreadable_document; an image-only PDF: 422 no_text_found saying it seems scanned', async () => {
    for (const bad of [
      { filename: 'x.docx', mimetype: DOCX_TYPE, bytes: corruptDocx() },
      pdf(Buffer.from('%PDF-1.4 garbage')),
      { filename: 'x.xml', mimetype: 'text/xml', bytes: Buffer.from('<us-patent-grant><abstract>') },
    ]) {
      const e = await failure(extractDocument(bad));
      expect([e.status, e.code], bad.filename).toEqual([422, 'unreadable_document']);
    }
    const scan = await failure(extractDocument(pdf(imageOnlyPdf(), 'scan.pdf')));
    expect([scan.status, scan.code]).toEqual([422, 'no_text_found']);
    // OCR runs on the scan (a grey square) and finds no words in it.
    expect(scan.message).toBe('No text was found in "scan.pdf": the PDF seems to be scanned images, with no text layer, and OCR found no words in them.');
  });

  test('time budget: the child is killed (422 document_too_complex) and replaced; the next file is read', async () => {
    service = startExtractionService({ processes: 1, timeoutMs: 300 });
    await service.extract({ filename: 'warm.txt', mimetype: 'text/plain', bytes: Buffer.from('warm') });
    const [before] = service.pids();
    const e = await failure(service.extract(pdf(slowPdf())));
    expect([e.status, e.code, e.message]).toEqual([422, 'document_too_complex', 'The file could not be read within 0.3 seconds, the time one file may take.']);
    const next = await service.extract({ filename: 'a.txt', mimetype: 'text/plain', bytes: Buffer.from('still here') });
    expect(next.text).toBe('still here');
    expect(service.pids()).toHaveLength(1);
    expect(service.pids()).not.toContain(before);
  });

  test('memory: a child past the RSS ceiling is killed with 422 document_too_complex naming the limit', async () => {
    // Any child is above 1 MB: the first poll while it reads the (slow) file kills it.
    service = startExtractionService({ processes: 1, rssCeilingBytes: 1024 * 1024 });
    const e = await failure(service.extract(pdf(slowPdf())));
    expect([e.status, e.code, e.message]).toEqual([
      422,
      'document_too_complex',
      'The file could not be read: reading it needed more than the 1 MB of memory a file may use.',
    ]);
  });

  test('heap limit: a child V8 stops for its heap is the file\u2019s fault (422), not a crash', async () => {
    service = startExtractionService({ processes: 1, heapMb: 96, budgets: { maxDocxParagraphs: 10_000_000 } });
    const e = await failure(service.extract({ filename: 'big.docx', mimetype: DOCX_TYPE, bytes: docxZipBomb(28) }));
    expect([e.status, e.code, e.message]).toEqual([
      422,
      'document_too_complex',
      'The file could not be read: reading it needed more than the 96 MB of memory a file may use.',
    ]);
  });

  test('a child that crashes: 503 extraction_unavailable (safe to retry), and it is replaced', async () => {
    service = startExtractionService({ processes: 1 });
    await service.extract({ filename: 'warm.txt', mimetype: 'text/plain', bytes: Buffer.from('warm') });
    const [pid] = service.pids();
    const reading = failure(service.extract(pdf(slowPdf())));
    await new Promise((r) => setTimeout(r, 50));
    process.kill(pid!, 'SIGKILL');
    const e = await reading;
    expect([e.status, e.code, e.headers['Retry-After']]).toEqual([503, 'extraction_unavailable', '1']);
    expect((await service.extract({ filename: 'b.txt', mimetype: 'text/plain', bytes: Buffer.from('again') })).text).toBe('again');
    expect(service.pids()).not.toContain(pid);
  });

  test('a full wait queue: 503 extraction_busy with Retry-After, at once', async () => {
    service = startExtractionService({ processes: 1, maxWaiting: 1, timeoutMs: 500 });
    const results = await Promise.allSettled([1, 2, 3].map(() => service!.extract(pdf(slowPdf()))));
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as AppError).code : 'ok'));
    expect(codes).toEqual(['document_too_complex', 'document_too_complex', 'extraction_busy']);
    expect((results[2] as PromiseRejectedResult).reason.headers['Retry-After']).toBe('5');
  });
});

describe('lifecycle', () => {
  test('an idle extraction child does not keep its process alive', () => {
    const script = `import { extractDocument } from ${JSON.stringify(fileURLToPath(new URL('../../src/extraction/extract.ts', import.meta.url)))};
      const r = await extractDocument({ filename: 'a.txt', mimetype: 'text/plain', bytes: Buffer.from('read') });
      console.log(r.text);`;
    // The script never closes the service: it must still exit once the file is read.
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 25_000 });
    expect([run.status, run.stdout.trim()]).toEqual([0, 'read']);
  });
});
