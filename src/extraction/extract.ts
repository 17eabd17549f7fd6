/**
 * The one extraction layer every upload goes through (office actions, claims, specifications,
 * applications, prior-art references, earlier responses): `extractDocument` checks the file's size
 * and type on the request thread, then a child process reads it within the budgets of budgets.ts
 * (extraction-pool.ts). The service starts on the first file and is process-wide;
 * `startExtractionService` replaces it with other settings (tests, benchmarks) and
 * `closeExtractionService` stops its children (the server's stop, tests).
 */
import { availableParallelism } from 'node:os';
import {
  CHILD_HEAP_MB,
  CHILD_RSS_CEILING_BYTES,
  defaultExtractionProcesses,
  documentBudgets,
  EXTRACTION_TIMEOUT_MS,
  MAX_FILE_BYTES,
  MAX_WAITING_FILES,
  RSS_POLL_MS,
  type DocumentBudgets,
  type Purpose,
} from './budgets.ts';
import { fileTooLarge, unsupportedType } from './errors.ts';
import { startExtractionPool, type ExtractionPool, type ExtractionPoolOptions } from './extraction-pool.ts';
import { findOcrTools, type OcrTools } from './ocr-tools.ts';
import { sniffFormat } from './sniff.ts';
import type { ExtractedText } from './types.ts';

export { MAX_FILE_BYTES, MAX_TEXT_CHARS } from './budgets.ts';

export interface ExtractInput {
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

export interface ExtractOptions {
  /** Decides the text budget (MAX_TEXT_CHARS); default 'document'. */
  purpose?: Purpose;
}

export interface ExtractionServiceOptions extends Partial<ExtractionPoolOptions> {
  /** Bytes of one file (default MAX_FILE_BYTES). */
  maxFileBytes?: number;
  /** Document budgets replacing the defaults, whatever the purpose (tests). */
  budgets?: Partial<DocumentBudgets>;
  /** The OCR programs for scans (default: pdftoppm and tesseract found on PATH); null: no OCR (tests). */
  ocr?: OcrTools | null;
}

export interface ExtractionService {
  extract(input: ExtractInput, opts?: ExtractOptions): Promise<ExtractedText>;
  /** Process ids of the children now running. */
  pids(): number[];
  close(): Promise<void>;
}

function createService(options: ExtractionServiceOptions): ExtractionService {
  const pool: ExtractionPool = startExtractionPool({
    processes: options.processes ?? defaultExtractionProcesses(availableParallelism()),
    maxWaiting: options.maxWaiting ?? MAX_WAITING_FILES,
    timeoutMs: options.timeoutMs ?? EXTRACTION_TIMEOUT_MS,
    heapMb: options.heapMb ?? CHILD_HEAP_MB,
    rssCeilingBytes: options.rssCeilingBytes ?? CHILD_RSS_CEILING_BYTES,
    rssPollMs: options.rssPollMs ?? RSS_POLL_MS,
  });
  const maxFileBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
  const ocr = options.ocr === undefined ? findOcrTools() : options.ocr;
  const service: ExtractionService = {
    async extract({ filename, mimetype, bytes }, { purpose = 'document' } = {}) {
      if (bytes.length > maxFileBytes) throw fileTooLarge(bytes.length, maxFileBytes);
      const sniffed = sniffFormat(filename, mimetype, bytes);
      if (!sniffed) throw unsupportedType(filename);
      const budgets = { ...documentBudgets(purpose), ...options.budgets };
      return pool.run({ filename, format: sniffed.format, zipped: sniffed.zipped, bytes, purpose, budgets, ocr });
    },
    pids: () => pool.pids(),
    close() {
      // The next extractDocument starts a fresh default rather than using a closed one.
      if (current === service) current = null;
      return pool.close();
    },
  };
  return service;
}

let current: ExtractionService | null = null;

/** Starts the process's extraction service with these settings, closing the one running before. */
export function startExtractionService(options: ExtractionServiceOptions = {}): ExtractionService {
  const previous = current;
  const service = createService(options);
  void previous?.close();
  current = service;
  return service;
}

/** Stops the process's extraction service (its children exit); the next file starts it again. */
export async function closeExtractionService(): Promise<void> {
  await current?.close();
}

/** The text of an uploaded file, read in a child process within the budgets of its purpose. */
export function extractDocument(input: ExtractInput, opts: ExtractOptions = {}): Promise<ExtractedText> {
  return (current ??= createService({})).extract(input, opts);
}
