/**
 * The application file (issue 18 item 1): documents a docket application holds (claim listings,
 * the specification, the application as filed or published, earlier responses, the references the
 * examiner cites), added as a file upload (multipart, field "file", with the fields beside it) or
 * as JSON text; listed, read, removed; a drafted response marked filed; the claim versions.
 */
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../../errors.ts';
import { findDocketItem } from '../../../queries/docket.ts';
import { claimVersions, findFileDocument, listFileDocuments } from '../../../queries/file-documents.ts';
import { findApplicationClaims } from '../../../queries/application-claims.ts';
import { intakeDocument, type IntakeContent } from '../../../commands/file/document-intake.ts';
import { removeFileDocument } from '../../../commands/file/document-remover.ts';
import { markResponseFiled } from '../../../commands/file/response-filer.ts';
import { analysisEngine } from '../../../analysis/analysis-engine.ts';
import { MAX_UPLOAD_BYTES } from '../../../uploads/extract-text.ts';
import {
  addDocumentJsonBody,
  addedDocumentSchema,
  documentDetailSchema,
  documentListSchema,
  presentAddedDocument,
  presentDocumentDetail,
  presentDocumentSummary,
} from '../../../presenters/file-documents.ts';
import { claimVersionsSchema, presentClaimVersions } from '../../../presenters/claim-versions.ts';
import { errorObjectSchema } from '../../schemas.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { actorOf } from '../../actor.ts';

const tags = ['file'];
const entryParams = z.object({ id: z.string().max(100) });
const documentParams = z.object({ id: z.string().max(100), documentId: z.string().max(100) });
const errors = {
  400: errorObjectSchema,
  401: errorObjectSchema,
  404: errorObjectSchema,
  413: errorObjectSchema,
  415: errorObjectSchema,
  422: errorObjectSchema,
  503: errorObjectSchema,
};

/** The body a multipart upload is turned into before validation: its fields, and the file kept aside. */
const uploadBody = addDocumentJsonBody;
type UploadedFile = { filename: string; mimetype: string; bytes: Buffer };
const uploads = new WeakMap<FastifyRequest, UploadedFile>();

/** Reads a multipart body: one file part ("file") and the description fields, into request.body. */
async function readMultipart(request: FastifyRequest): Promise<void> {
  const body: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file')
        throw new AppError(
          400,
          'validation_error',
          `file: the upload must be in the field "file" (got "${part.fieldname.slice(0, 40)}").`,
          'Send the document in the multipart field "file".',
        );
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch {
        throw new AppError(
          413,
          'payload_too_large',
          `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
          'Upload a smaller file (the document alone), or send its text as JSON. Nothing was stored.',
        );
      }
      uploads.set(request, { filename: part.filename || 'upload', mimetype: part.mimetype, bytes });
    } else {
      body[part.fieldname] = String(part.value);
    }
  }
  request.body = body;
}

/** A file sent as base64 in JSON (assistants cannot send multipart). */
function fileOfBase64(data: string | undefined, filename: string | undefined): UploadedFile | undefined {
  if (data === undefined) return undefined;
  if (!filename)
    throw new AppError(
      400,
      'validation_error',
      'filename: is required with file_base64 (its extension tells the format: .pdf, .docx, .txt, .xml).',
      "Send the file's name with it.",
    );
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length > MAX_UPLOAD_BYTES)
    throw new AppError(
      413,
      'payload_too_large',
      `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
      'Upload a smaller file (the document alone), or send its text. Nothing was stored.',
    );
  return { filename, mimetype: 'application/octet-stream', bytes };
}

export async function fileDocumentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const entryOf = async (accountId: string, entryId: string) => {
    const item = await findDocketItem(db, accountId, entryId);
    if (!item) throw notFound('Docket entry', 'docket_entry_not_found');
    return item;
  };

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 8, parts: 10, fieldSize: 1000 } });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/docket/:id/documents',
      {
        config: { auth: 'account' },
        bodyLimit: 4 * 4 * 1024 * 1024,
        schema: {
          tags,
          summary: "Add a document to the application's file",
          description:
            'Upload a file (multipart/form-data: the file in "file" as PDF, DOCX, TXT or USPTO full-text XML, with "kind" and, for references, "publication_number" or "reference_name" as fields) or send its text as JSON. ' +
            "The text is read into numbered paragraphs, figures and claims. A claim listing, an uploaded response, or an application when the docket holds no claims yet, becomes the docket's current claims. " +
            'A reference must be one the analysed office actions cite (422 reference_not_cited lists them). 201 with the document; 200 with duplicate: true when the same file is already held. Free.',
          params: entryParams,
          body: uploadBody,
          response: { 200: addedDocumentSchema, 201: addedDocumentSchema, ...errors },
        },
        preValidation: async (request) => {
          if (request.isMultipart()) await readMultipart(request);
        },
      },
      async (request, reply) => {
        const accountId = accountIdOf(request);
        const item = await entryOf(accountId, request.params.id);
        const body = request.body;
        const file = uploads.get(request) ?? fileOfBase64(body.file_base64, body.filename);
        if ((file === undefined) === (body.text === undefined)) {
          throw new AppError(
            400,
            'validation_error',
            file
              ? 'Send either a file or text, not both.'
              : 'No document was sent: upload a file in the multipart field "file", or send JSON with "text" (or "file_base64" and "filename").',
            'Send the document once, as a file or as text.',
          );
        }
        const content: IntakeContent = file ? { type: 'file', ...file } : { type: 'text', text: body.text!, filename: body.filename ?? null };
        const added = await intakeDocument(
          { db, engine: analysisEngine() },
          actorOf(request),
          accountId,
          item,
          { kind: body.kind as never, publication_number: body.publication_number, reference_name: body.reference_name, document_date: body.document_date },
          content,
        );
        reply.code(added.duplicate ? 200 : 201);
        return presentAddedDocument(added.row, added);
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/docket/:id/documents',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: "The documents of the application's file",
        params: entryParams,
        response: { 200: documentListSchema, 401: errorObjectSchema, 404: errorObjectSchema },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const item = await entryOf(accountId, request.params.id);
      const docs = await listFileDocuments(db, accountId, item.application.id);
      return { docket_entry_id: item.entry.id, application_number: item.application.application_number, documents: docs.map(presentDocumentSummary) };
    },
  );

  r.get(
    '/docket/:id/documents/:documentId',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'One document of the file, with its paragraphs, claims and figures as read',
        params: documentParams,
        response: { 200: documentDetailSchema, 401: errorObjectSchema, 404: errorObjectSchema },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const item = await entryOf(accountId, request.params.id);
      const doc = await findFileDocument(db, accountId, item.application.id, request.params.documentId);
      if (!doc) throw notFound('Document', 'document_not_found', 'List the documents of the docket entry (GET /api/docket/{id}/documents) to find its id.');
      return presentDocumentDetail(doc);
    },
  );

  r.delete(
    '/docket/:id/documents/:documentId',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: "Remove a document from the file (the docket's current claims stay as they are)",
        params: documentParams,
        response: { 204: z.null(), 401: errorObjectSchema, 404: errorObjectSchema },
      },
    },
    async (request, reply) => {
      const accountId = accountIdOf(request);
      const item = await entryOf(accountId, request.params.id);
      await removeFileDocument(db, actorOf(request), {
        accountId,
        applicationId: item.application.id,
        docketEntryId: item.entry.id,
        documentId: request.params.documentId,
      });
      reply.code(204);
      return null;
    },
  );

  r.post(
    '/docket/:id/documents/:documentId/filed',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'Mark a response Prosa drafted as filed: its claims become the claims of record',
        description:
          "Until then a drafted response does not change the docket's claims. 409 response_already_filed; 422 not_a_draft_response for any other document.",
        params: documentParams,
        response: { 200: claimVersionsSchema, 401: errorObjectSchema, 404: errorObjectSchema, 409: errorObjectSchema, 422: errorObjectSchema },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const item = await entryOf(accountId, request.params.id);
      await markResponseFiled(db, actorOf(request), {
        accountId,
        applicationId: item.application.id,
        docketEntryId: item.entry.id,
        documentId: request.params.documentId,
      });
      return presentClaimVersions(
        item,
        await findApplicationClaims(db, accountId, item.application.id),
        await claimVersions(db, accountId, item.application.id),
      );
    },
  );

  r.get(
    '/docket/:id/claims/versions',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'The claim versions the file holds (as filed, listings, responses filed and drafted) and which is current',
        params: entryParams,
        response: { 200: claimVersionsSchema, 401: errorObjectSchema, 404: errorObjectSchema },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const item = await entryOf(accountId, request.params.id);
      return presentClaimVersions(
        item,
        await findApplicationClaims(db, accountId, item.application.id),
        await claimVersions(db, accountId, item.application.id),
      );
    },
  );
}
