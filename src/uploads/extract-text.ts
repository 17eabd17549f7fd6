import { extractDocument, MAX_FILE_BYTES } from '../extraction/extract.ts';
import type { ExtractFormat } from '../extraction/types.ts';

/** The upload routes' multipart file limit: the extraction layer's file budget. */
export const MAX_UPLOAD_BYTES = MAX_FILE_BYTES;

/**
 * Plain text of an uploaded office action, read by the extraction layer (a child process with
 * budgets, src/extraction/) with the office action's text budget (1 MB, what
 * POST /api/docket/{id}/office-actions accepts).
 */
export async function extractOfficeActionText(
  filename: string,
  mimetype: string,
  buffer: Buffer,
): Promise<{ format: ExtractFormat; text: string; pages: number | null; text_source: 'text' | 'ocr'; ocr_confidence: number | null; warnings: string[] }> {
  const { format, text, pages, text_source, ocr_confidence, warnings } = await extractDocument(
    { filename, mimetype, bytes: buffer },
    { purpose: 'office_action' },
  );
  return { format, text, pages, text_source, ocr_confidence, warnings };
}
