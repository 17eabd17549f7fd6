/**
 * Docket in and out (issue 21 part 4):
 * - POST /api/docket/import/preview: a CSV (multipart field "file", or the file itself as a
 *   text/csv body with ?file_name=) read and judged line by line, nothing written to the docket;
 * - POST /api/docket/import/customer-number: the same preview for the applications of a USPTO
 *   customer number (ODP search; needs PROSA_USPTO_API_KEY);
 * - POST /api/docket/import/commit {preview_id}: adds the preview's 'add' rows, once;
 * - GET /api/docket/export.csv: the docket with every upcoming deadline.
 */
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../../errors.ts';
import { errorObjectSchema } from '../../schemas.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { actorOf } from '../../actor.ts';
import { DocketCsvError, IMPORT_LIMITS, parseDocketCsv, type ImportRow } from '../../../domain/docket-import.ts';
import type { ApplicationNumber } from '../../../domain/application-number.ts';
import { docketImportPreviewer } from '../../../commands/docket-import-previewer.ts';
import { docketImportCommitter } from '../../../commands/docket-import-committer.ts';
import { docketExportCsv, importCommitSchema, importPreviewSchema, presentImportCommit, presentImportPreview } from '../../../presenters/docket-import.ts';
import { docketExportItems } from '../../../queries/docket-export.ts';
import { odpClientFor } from '../../../sources/odp/shared-client.ts';
import { customerNumberApplications } from '../../../sources/odp/customer-number.ts';
import { OdpRejectedError, OdpUnavailableError } from '../../../sources/odp/odp-client.ts';
import { usptoRejectedKey } from '../../../sources/odp/live-lookup.ts';
import { todayUtc } from '../../../clock.ts';

const tags = ['docket'];
const errors = {
  400: errorObjectSchema,
  401: errorObjectSchema,
  404: errorObjectSchema,
  410: errorObjectSchema,
  413: errorObjectSchema,
  415: errorObjectSchema,
  502: errorObjectSchema,
  503: errorObjectSchema,
};
/** The text/csv body may be a little over the file cap, so the answer names the cap rather than a generic 413. */
const BODY_LIMIT = IMPORT_LIMITS.maxBytes + 256 * 1024;

interface Upload {
  fileName: string | null;
  bytes: Buffer;
}
const uploads = new WeakMap<FastifyRequest, Upload>();

function tooLarge(): AppError {
  return new AppError(
    413,
    'payload_too_large',
    `The file is larger than ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB.`,
    `Split the docket into files of at most 2 MB (${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows) and import them one after the other. Nothing was written.`,
  );
}

/** UTF-8 (a BOM is dropped later); a file that is not valid UTF-8 is read as Windows-1252, what Excel writes as "CSV" on Windows. */
function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function readCsv(text: string) {
  try {
    return parseDocketCsv(text);
  } catch (err) {
    if (err instanceof DocketCsvError) throw new AppError(err.status, err.status === 413 ? 'payload_too_large' : 'invalid_csv', err.message, err.suggestion);
    throw err;
  }
}

export async function docketImportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 1000 } });
    for (const type of ['text/csv', 'text/plain', 'application/csv', 'text/tab-separated-values']) {
      scope.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
    }
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/docket/import/preview',
      {
        config: { auth: 'account' },
        bodyLimit: BODY_LIMIT,
        schema: {
          tags,
          summary: 'Preview a docket CSV: what would be added, what is a duplicate, what is malformed (nothing is written to the docket)',
          description:
            'Send the CSV as multipart/form-data (field "file") or as the body with Content-Type text/csv (name it with ?file_name=). ' +
            'Columns are found by their header, case-insensitive: Application Number / App No / Serial No; Matter / Client Matter / Docket No / Attorney Docket; Entity / Entity Status; Notes / Comments. ' +
            'Without a recognisable header, a first column of application numbers is read as number, matter, entity status, notes. Comma, semicolon or tab delimiters, a BOM and CRLF are accepted. ' +
            `At most ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB and ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows (413 beyond). Commit the answer's preview_id with POST /api/docket/import/commit.`,
          querystring: z.object({ file_name: z.string().max(200).optional() }),
          response: { 200: importPreviewSchema, ...errors },
        },
        preValidation: async (request) => {
          if (!request.isMultipart()) return;
          for await (const part of request.parts()) {
            if (part.type !== 'file') continue;
            if (part.fieldname !== 'file')
              throw new AppError(400, 'validation_error', 'file: the CSV must be in the multipart field "file".', 'Send the CSV in the field "file".');
            let bytes: Buffer;
            try {
              bytes = await part.toBuffer();
            } catch {
              throw tooLarge();
            }
            uploads.set(request, { fileName: part.filename || null, bytes });
          }
        },
      },
      async (request) => {
        const accountId = accountIdOf(request);
        const upload = uploads.get(request) ?? (Buffer.isBuffer(request.body) ? { fileName: request.query.file_name ?? null, bytes: request.body } : undefined);
        if (!upload) {
          throw new AppError(
            request.isMultipart() ? 400 : 415,
            request.isMultipart() ? 'file_missing' : 'unsupported_media_type',
            'No CSV was sent: upload it as multipart/form-data in the field "file", or send it as the body with Content-Type text/csv.',
            'Send the CSV file.',
          );
        }
        if (upload.bytes.length > IMPORT_LIMITS.maxBytes) throw tooLarge();
        const parsed = readCsv(decode(upload.bytes));
        const fileName = (request.query.file_name ?? upload.fileName)?.slice(0, 200) ?? null;
        const preview = await docketImportPreviewer(db, {
          accountId,
          source: 'csv',
          label: fileName,
          content: upload.bytes.toString('base64'),
          columns: parsed.columns,
          rows: parsed.rows,
        });
        return presentImportPreview(preview);
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/docket/import/customer-number',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'Preview the applications of a USPTO customer number for the docket (nothing is written to the docket)',
        description:
          "Lists the customer number's applications through the USPTO Open Data Portal search (applicationMetaData.customerNumber), up to 2,000, and answers the same preview as a CSV upload; " +
          'the attorney docket number on the USPTO record becomes the matter number. Commit with POST /api/docket/import/commit. 503 uspto_connector_off when this server has no USPTO API key.',
        body: z
          .object({
            customer_number: z
              .string()
              .trim()
              .regex(/^\d{1,10}$/, "must be the customer number's digits (e.g. 26111)"),
          })
          .strict(),
        response: { 200: importPreviewSchema, ...errors },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const client = odpClientFor(ctx.config);
      if (!client) {
        throw new AppError(
          503,
          'uspto_connector_off',
          "The USPTO connector is off on this server (no USPTO Open Data Portal API key is configured), so a customer number's applications cannot be listed.",
          'Import the applications from a CSV instead (POST /api/docket/import/preview), or ask the Prosa operator to set PROSA_USPTO_API_KEY.',
        );
      }
      const customerNumber = request.body.customer_number.replace(/^0+(?=\d)/, '');
      let listed: Awaited<ReturnType<typeof customerNumberApplications>>;
      try {
        listed = await customerNumberApplications(db, client, customerNumber);
      } catch (err) {
        if (err instanceof OdpRejectedError) throw usptoRejectedKey();
        if (err instanceof OdpUnavailableError)
          throw new AppError(
            502,
            'uspto_unavailable',
            "The USPTO Open Data Portal did not answer, so the customer number's applications could not be listed.",
            'Retry in a minute, or import a CSV of the applications instead.',
          );
        throw err;
      }
      const rows: ImportRow[] = listed.applications.map((a, i) => ({
        line: i + 1,
        application_number: a.application_number,
        number: /^\d{8}$/.test(a.application_number) ? (a.application_number as ApplicationNumber) : null,
        client_matter: a.docket_number?.slice(0, IMPORT_LIMITS.field.client_matter) ?? null,
        entity_size: null,
        notes: null,
        status: /^\d{8}$/.test(a.application_number) ? 'add' : 'malformed',
        reason: /^\d{8}$/.test(a.application_number) ? null : 'not a US application number (e.g. a PCT application)',
      }));
      const preview = await docketImportPreviewer(db, {
        accountId,
        source: 'customer_number',
        label: customerNumber,
        content: JSON.stringify(listed.applications),
        columns: { application_number: 'applicationNumberText', client_matter: 'docketNumber' },
        rows,
      });
      return presentImportPreview({ ...preview, found: listed.found, truncated: listed.truncated });
    },
  );

  r.post(
    '/docket/import/commit',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: "Add an import preview's rows to the docket, in one transaction, once",
        description:
          'Adds the rows the preview marked "add" (one audit row, docket.imported). Committing the same preview again adds nothing (already_committed: true). Another account\'s or an unknown preview_id is 404; a preview older than 24 hours is 410.',
        body: z.object({ preview_id: z.string().min(1).max(100) }).strict(),
        response: { 200: importCommitSchema, ...errors },
      },
    },
    async (request) => {
      const result = await docketImportCommitter(db, actorOf(request), {
        accountId: accountIdOf(request),
        previewId: request.body.preview_id,
        now: new Date(),
      });
      return presentImportCommit(result);
    },
  );

  r.get(
    '/docket/export.csv',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'The docket as CSV, with every upcoming deadline',
        description:
          'UTF-8 CSV with a header row: one row per docket entry and upcoming deadline (response: without an extension fee; final: the last day to reply at all), and one row with empty deadline cells for an entry with none. Cells starting with = + - @ are prefixed with an apostrophe (CSV injection).',
        produces: ['text/csv'],
        response: { 200: z.string().describe('UTF-8 CSV with a header row (text/csv)') },
      },
    },
    async (request, reply) => {
      const accountId = accountIdOf(request);
      const today = todayUtc();
      const entries = await docketExportItems(db, accountId, today);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="prosa-docket-${today}.csv"`)
        .header('cache-control', 'no-store');
      return docketExportCsv(entries, today);
    },
  );
}
