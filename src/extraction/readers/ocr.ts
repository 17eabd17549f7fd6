/**
 * OCR of a PDF with no text layer (a scan), in the extraction child: each page rasterized by
 * `pdftoppm` at OCR_DPI (grey, to stdout) and piped into `tesseract ... tsv`, one page at a time,
 * each within its time budget and the whole within the document's. The text is the pages'
 * words as tesseract laid them out; the confidence is the mean of every word's (0-100).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OCR_DPI, type DocumentBudgets } from '../budgets.ts';
import { noTextFoundByOcr, ocrTooManyPages, ocrTooSlow, ocrUnavailable, textTooLong, unreadable } from '../errors.ts';
import { meanConfidence, readOcrTsv } from '../ocr-tsv.ts';
import type { OcrTools } from '../ocr-tools.ts';

/** Bytes of tesseract's TSV for one page: a dense page is about 100 kB. */
const MAX_TSV_BYTES = 4 * 1024 * 1024;

export interface OcrResult {
  text: string;
  confidence: number;
}

/** One page: pdftoppm | tesseract, killed together past the page's budget. */
function ocrPage(tools: OcrTools, file: string, page: number, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    // OMP_THREAD_LIMIT=1: tesseract's own threads would compete with the server for its cores.
    const env = { OMP_THREAD_LIMIT: '1' };
    const raster = spawn(tools.pdftoppm, ['-r', String(OCR_DPI), '-gray', '-f', String(page), '-l', String(page), file], {
      env,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const ocr = spawn(tools.tesseract, ['stdin', 'stdout', '-l', 'eng', '--psm', '3', 'tsv'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let settled = false;
    const done = (err: Error | null, value?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) {
        raster.kill('SIGKILL');
        ocr.kill('SIGKILL');
        reject(err);
      } else resolve(value!);
    };
    const timer = setTimeout(() => done(ocrTooSlow(`page ${page}`, timeoutMs)), timeoutMs);
    raster.on('error', () => done(unreadable('a PDF', `page ${page} could not be rasterized for OCR`)));
    ocr.on('error', () => done(ocrUnavailable('the file')));
    ocr.stdin.on('error', () => {}); // tesseract closing early is answered by its exit
    raster.stdout.pipe(ocr.stdin);
    ocr.stdout.on('data', (d: Buffer) => {
      size += d.length;
      if (size > MAX_TSV_BYTES) return done(unreadable('a PDF', `OCR of page ${page} gave more than 4 MB of output`));
      out.push(d);
    });
    ocr.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2048)));
    raster.on('exit', (code) => {
      if (code !== 0) done(unreadable('a PDF', `page ${page} could not be rasterized for OCR`));
    });
    ocr.on('close', (code) => {
      if (code === 0) return done(null, Buffer.concat(out).toString('utf8'));
      if (/Failed loading language|Error opening data file/i.test(stderr)) return done(ocrUnavailable('the file'));
      done(unreadable('a PDF', `OCR of page ${page} failed`));
    });
  });
}

/**
 * The text of a scan of `pages` pages. `tools` null: refused with how to enable OCR. Over
 * maxOcrPages: refused before any page is rasterized.
 */
export async function ocrPdf(
  bytes: Buffer,
  filename: string,
  pages: number,
  tools: OcrTools | null,
  budgets: DocumentBudgets,
  purpose: string,
): Promise<OcrResult> {
  if (!tools) throw ocrUnavailable(filename);
  if (pages > budgets.maxOcrPages) throw ocrTooManyPages(pages, budgets.maxOcrPages);
  const dir = await mkdtemp(join(tmpdir(), 'prosa-ocr-'));
  try {
    const file = join(dir, 'scan.pdf');
    await writeFile(file, bytes);
    const started = performance.now();
    const texts: string[] = [];
    const confidences: number[] = [];
    let length = 0;
    for (let n = 1; n <= pages; n++) {
      const left = budgets.ocrDocumentTimeoutMs - (performance.now() - started);
      if (left <= 0) throw ocrTooSlow(`the scan's ${pages} pages`, budgets.ocrDocumentTimeoutMs);
      const page = readOcrTsv(
        await ocrPage(tools, file, n, Math.min(budgets.ocrPageTimeoutMs, left)).catch((err) => {
          // The document's budget ran out during the page: say so, not the page's.
          if (performance.now() - started >= budgets.ocrDocumentTimeoutMs) throw ocrTooSlow(`the scan's ${pages} pages`, budgets.ocrDocumentTimeoutMs);
          throw err;
        }),
      );
      length += page.text.length + 2;
      if (length > budgets.maxTextChars) throw textTooLong(budgets.maxTextChars, purpose);
      texts.push(page.text);
      confidences.push(...page.confidences);
    }
    const confidence = meanConfidence(confidences);
    const text = texts.join('\n\n');
    if (confidence === null || !text.trim()) throw noTextFoundByOcr(filename);
    return { text, confidence };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
