/**
 * The red team's hostile files sent to POST /api/office-action-text: each is answered with its
 * error object, the server keeps answering /health, and a killed reader is replaced.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startExtractionService } from '../../src/extraction/extract.ts';
import { createTestApp, signUp, type TestApp } from '../support/app.ts';
import { corruptDocx, DOCX_TYPE, docxParagraphBomb, docxZipBomb, imageOnlyPdf, inflateBombPdf, manyPagesPdf, slowPdf } from '../support/hostile-files.ts';
import { minimalPdf } from '../support/minimal-pdf.ts';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signUp(t.app)).cookie;
  // Every default budget: the bombs must be refused by their own budgets, not by time, however
  // loaded the machine (a 1 s budget refused the 20,000-page PDF by time under a busy CI).
  startExtractionService();
});
afterAll(async () => {
  await t?.close();
});

async function upload(filename: string, type: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await t.app.inject({ method: 'POST', url: '/api/office-action-text', payload: form, headers: { cookie } });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

async function healthy(): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: '/health' })).statusCode;
}

const PDF = 'application/pdf';

describe('hostile uploads to POST /api/office-action-text', () => {
  test.each([
    {
      what: 'a DOCX zip bomb',
      filename: 'bomb.docx',
      type: DOCX_TYPE,
      build: () => docxZipBomb(64),
      status: 422,
      code: 'document_too_complex',
      message: /inflates to 64\.0 MB, more than the 40 MB/,
    },
    {
      what: 'a DOCX paragraph bomb',
      filename: 'paragraphs.docx',
      type: DOCX_TYPE,
      build: () => docxParagraphBomb(300_000),
      status: 422,
      code: 'document_too_complex',
      message: /more than 100,000 paragraphs/,
    },
    {
      what: 'a PDF of 20,000 pages',
      filename: 'pages.pdf',
      type: PDF,
      build: () => manyPagesPdf(20_000),
      status: 422,
      code: 'document_too_complex',
      message: /20,000 pages; at most 2,000/,
    },
    {
      what: 'a PDF whose content stream inflates to 160 MB',
      filename: 'inflate.pdf',
      type: PDF,
      build: () => inflateBombPdf(160),
      status: 422,
      code: 'document_too_complex',
      message: /inflate to more than 128 MB/,
    },
    {
      what: 'a corrupt DOCX',
      filename: 'broken.docx',
      type: DOCX_TYPE,
      build: corruptDocx,
      status: 422,
      code: 'unreadable_document',
      message: /as a Word \(\.docx\) document/,
    },
    {
      what: 'an image-only PDF',
      filename: 'scan.pdf',
      type: PDF,
      build: imageOnlyPdf,
      status: 422,
      code: 'no_text_found',
      message: /seems to be scanned images/,
    },
    {
      what: 'an unsupported type',
      filename: 'macro.xlsm',
      type: 'application/vnd.ms-excel',
      build: () => Buffer.from('PK\x03\x04macro', 'latin1'),
      status: 415,
      code: 'unsupported_file_type',
      message: /is not a \.txt, \.docx, \.pdf or USPTO full-text \.xml file/,
    },
  ])('$what: $status $code with the error object, and /health still answers', async ({ filename, type, build, status, code, message }) => {
    const res = await upload(filename, type, build());
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ error: true, error_code: code, message: expect.stringMatching(message), agent_suggestion: expect.any(String) });
    expect(await healthy()).toBe(200);
  });

  test('a PDF that keeps the reader past its time budget is refused, and the next upload is read by its replacement', async () => {
    // The time budget lowered to 1 s for this file, so the test does not wait 20 s.
    startExtractionService({ timeoutMs: 1_000 });
    const slow = await upload('slow.pdf', PDF, slowPdf());
    expect(slow.status, JSON.stringify(slow.body)).toBe(422);
    expect(slow.body).toMatchObject({
      error: true,
      error_code: 'document_too_complex',
      message: expect.stringMatching(/could not be read within 1 second, the time one file may take/),
    });
    const next = await upload('action.pdf', PDF, minimalPdf(['DETAILED ACTION', 'Claims 1-3 are rejected.']));
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body).toMatchObject({ filename: 'action.pdf', format: 'pdf', pages: 1 });
    expect(await healthy()).toBe(200);
    startExtractionService();
  });

  test('office-action text over 1 MB: 413 naming the limit', async () => {
    const res = await upload('long.txt', 'text/plain', Buffer.from('word '.repeat(250_000)));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error_code: 'payload_too_large', message: 'The text of the file is longer than 1 MB, the limit for an office action.' });
  });
});
