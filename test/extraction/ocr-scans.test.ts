/**
 * Scanned PDFs (issue 22 item 6): an image-only PDF is read by OCR (pdftoppm + tesseract in the
 * extraction child) through every upload surface, says its text came from OCR with the mean word
 * confidence, and is refused with a clear error past the OCR page budget, or, where this server
 * has no OCR, with how to enable it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startExtractionService } from '../../src/extraction/extract.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { scannedPdf } from '../support/scanned-pdf.ts';
import { fileAccount, multipart, type FileAccount } from '../file/support.ts';

const ACTION_LINES = ['DETAILED ACTION', 'Claims 1-3 are rejected under 35 U.S.C. 103 as being', 'unpatentable over Laroia in view of Smith.'];
const REFERENCE_LINES = [
  '[0001] The present invention relates to wireless communication',
  'systems and, more particularly, to methods of scheduling',
  'transmissions between a base station and mobile terminals.',
];

let t: TestApp;
let acct: FileAccount;

beforeAll(async () => {
  t = await createTestApp();
  acct = await fileAccount(t.app);
  startExtractionService();
});
afterAll(async () => {
  startExtractionService();
  await t?.close();
});

async function uploadAction(filename: string, bytes: Buffer) {
  const form = multipart({}, { name: filename, type: 'application/pdf', data: bytes });
  const res = await acct.call({ method: 'POST', url: '/api/office-action-text', payload: form.payload, headers: form.headers });
  return { status: res.statusCode, body: res.json() };
}

describe('an image-only PDF read by OCR', () => {
  test('office action upload: 200 with the text, text_source ocr, its confidence and the warning; recorded with it', async () => {
    const res = await uploadAction('scanned-action.pdf', scannedPdf(ACTION_LINES));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ filename: 'scanned-action.pdf', format: 'pdf', pages: 1, text_source: 'ocr' });
    expect(res.body.text.replace(/\s+/g, ' ')).toContain('Claims 1-3 are rejected under 35 U.S.C. 103');
    const confidence = res.body.ocr_confidence;
    expect(confidence).toBeGreaterThanOrEqual(60);
    expect(confidence).toBeLessThanOrEqual(100);
    expect(res.body.warnings).toEqual([`Text read by OCR (confidence ${confidence}%): check quotations against the original.`]);

    // The "record an office action" form sends the confidence with the text: the paper keeps it.
    const recorded = await acct.call({
      method: 'POST',
      url: `/api/docket/${acct.entryId}/office-actions`,
      payload: { kind: 'CTNF', mailing_date: '2016-10-04', text: res.body.text, ocr_confidence: confidence },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json().correspondence).toMatchObject({ text_source: 'ocr', ocr_confidence: confidence, has_text: true });
    const paper = await acct.call({ method: 'GET', url: `/api/correspondence/${recorded.json().correspondence.id}` });
    expect(paper.json()).toMatchObject({ text_source: 'ocr', ocr_confidence: confidence });
  });

  test('a text PDF is still read from its text layer: text_source text, no confidence', async () => {
    const { minimalPdf } = await import('../support/minimal-pdf.ts');
    const res = await uploadAction('action.pdf', minimalPdf(ACTION_LINES));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ text_source: 'text', ocr_confidence: null });
    expect(res.body.warnings.join(' ')).not.toMatch(/OCR/);
  });

  test('a scanned reference added to the application file is stored with text_source ocr, its confidence and the warning', async () => {
    const form = multipart(
      { kind: 'reference', publication_number: 'US 2005/0025220 A1' },
      { name: 'laroia-scan.pdf', type: 'application/pdf', data: scannedPdf(REFERENCE_LINES) },
    );
    const added = await acct.call({ method: 'POST', url: `/api/docket/${acct.entryId}/documents`, payload: form.payload, headers: form.headers });
    expect(added.statusCode, added.body).toBe(201);
    const doc = added.json();
    expect(doc).toMatchObject({ kind: 'reference', format: 'pdf', text_source: 'ocr' });
    expect(doc.ocr_confidence).toBeGreaterThanOrEqual(60);
    expect(doc.warnings).toContain(`Text read by OCR (confidence ${doc.ocr_confidence}%): check quotations against the original.`);
    const listed = await acct.call({ method: 'GET', url: `/api/docket/${acct.entryId}/documents` });
    const held = listed.json().documents.find((d: { document_id: string }) => d.document_id === doc.document_id);
    expect(held).toMatchObject({ text_source: 'ocr', ocr_confidence: doc.ocr_confidence });
    const detail = await acct.call({ method: 'GET', url: `/api/docket/${acct.entryId}/documents/${doc.document_id}` });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(
      detail
        .json()
        .paragraph_list.map((p: { text: string }) => p.text)
        .join(' ')
        .replace(/\s+/g, ' '),
    ).toContain('methods of scheduling transmissions');
  });

  test('a scan over the OCR page budget is refused before any page is read, naming the limit', async () => {
    startExtractionService({ budgets: { maxOcrPages: 2 } });
    const res = await uploadAction('long-scan.pdf', scannedPdf(ACTION_LINES, 3));
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body).toMatchObject({
      error: true,
      error_code: 'document_too_complex',
      message: 'The file is a scan (no text layer) of 3 pages; at most 2 pages of a scan are read by OCR.',
      agent_suggestion: expect.stringMatching(/Upload only the pages you need/),
    });
    startExtractionService();
  });

  test('without OCR on the server, a scan is refused with how to enable it', async () => {
    startExtractionService({ ocr: null });
    const res = await uploadAction('scan.pdf', scannedPdf(ACTION_LINES));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error_code: 'ocr_unavailable',
      message: expect.stringMatching(/scanned images, with no text layer, and OCR is not installed on this server/),
    });
    expect(res.body.agent_suggestion).toMatch(/installing tesseract-ocr/);
    startExtractionService();
  });
});
