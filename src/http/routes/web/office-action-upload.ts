import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../../errors.ts';
import { extractOfficeActionText, MAX_UPLOAD_BYTES } from '../../../uploads/extract-text.ts';
import { officeActionTextSchema, type OfficeActionText } from '../../../presenters/office-action-text.ts';

/**
 * POST /api/office-action-text: an office action uploaded as .txt, .docx or .pdf (multipart,
 * field `file`), answered as plain text for the "record an office action" form. Nothing is
 * stored; the text is then recorded with POST /api/docket/{id}/office-actions. The file is read
 * off the request thread, in a child process with budgets (src/extraction/).
 */
export async function officeActionUploadRoutes(app: FastifyInstance, _ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    // Multipart's file limit (10 MB) applies to the upload; a JSON body keeps the default 1 MB
    // limit (413 above it) and is refused with 415 by the handler.
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 2 } });
    scope.post(
      '/office-action-text',
      {
        config: { auth: 'account' },
        schema: {
          tags: ['docket'],
          summary: 'Extract the text of an office action uploaded as .txt, .docx or .pdf',
          description:
            'A scanned PDF (no text layer) is read by OCR: text_source "ocr", ocr_confidence and a warning. Without OCR on the server, 422 ocr_unavailable.',
          response: { 200: officeActionTextSchema },
        },
      },
      async (request): Promise<OfficeActionText> => {
        if (!request.isMultipart())
          throw new AppError(415, 'unsupported_media_type', 'Send the file as multipart/form-data in the field "file".', 'Upload a .txt, .docx or .pdf file.');
        const file = await request.file();
        if (!file) throw new AppError(400, 'file_missing', 'No file was uploaded.', 'Upload a .txt, .docx or .pdf file in the field "file".');
        let buffer: Buffer;
        try {
          buffer = await file.toBuffer();
        } catch {
          throw new AppError(
            413,
            'payload_too_large',
            `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
            'Upload a smaller file, or paste the text.',
          );
        }
        const result = await extractOfficeActionText(file.filename, file.mimetype, buffer);
        return {
          filename: file.filename,
          format: result.format,
          characters: result.text.length,
          pages: result.pages,
          // A scan read by OCR: text_source 'ocr', its mean word confidence, and the warning to show.
          text_source: result.text_source,
          ocr_confidence: result.ocr_confidence,
          warnings: result.warnings,
          text: result.text,
        };
      },
    );
  });
}
