/** POST /api/office-action-text: the text read from an uploaded office action (nothing stored). */
import { z } from 'zod';

export const officeActionTextSchema = z.object({
  filename: z.string(),
  format: z.enum(['txt', 'docx', 'pdf', 'xml']),
  characters: z.number().int(),
  pages: z.number().int().nullable(),
  text_source: z
    .enum(['text', 'ocr'])
    .describe('ocr: the PDF was a scan with no text layer, read by OCR; send ocr_confidence with the text to POST /api/docket/{id}/office-actions'),
  ocr_confidence: z.number().int().min(0).max(100).nullable().describe('OCR only: the mean confidence of the words read, 0-100'),
  warnings: z.array(z.string()).describe('What the reader should know, e.g. "Text read by OCR (confidence 87%): check quotations against the original."'),
  text: z.string(),
});
export type OfficeActionText = z.infer<typeof officeActionTextSchema>;
