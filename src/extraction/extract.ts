/**
 * Interim: the text of an uploaded file through the office-action reader. Replaced by the
 * bounded extraction service (branch `extract`).
 */
import { extractOfficeActionText } from '../uploads/extract-text.ts';
import type { ExtractedText } from './types.ts';

export const MAX_DOCUMENT_TEXT_CHARS = 4 * 1024 * 1024;

export async function extractDocument(input: { filename: string; mimetype: string; bytes: Buffer }, _opts: { purpose?: 'office_action' | 'document' } = {}): Promise<ExtractedText> {
  const out = await extractOfficeActionText(input.filename, input.mimetype, input.bytes);
  return { format: out.format, text: out.text, pages: out.pages, column_lines: null, bibliography: null, warnings: [] };
}
