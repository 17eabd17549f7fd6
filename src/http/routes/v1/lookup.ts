import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../../errors.ts';
import { normalizeApplicationNumber } from '../../../domain/application-number.ts';
import { publicApplicationWithDeadlinesOrFetch } from '../../../sources/odp/live-lookup.ts';
import { presentApplication } from '../../../presenters/application.ts';
import { errorObjectSchema } from '../../schemas.ts';
import { cachedPublicRecord } from '../../../queries/public-record-cache.ts';
import { sendJson, serializedJson } from '../../serialized-json.ts';

export function appNotFound(raw: string): AppError {
  return new AppError(
    404,
    'app_not_found',
    `No application ${JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw)} was found.`,
    'Check the application number (8 digits, e.g. 17/200,011). Unpublished applications have no public record: add them to your docket with their details in the Prosa web app or through the MCP server.',
  );
}

const applicationRecordSchema = z
  .object({
    application_number: z.string(),
    invention_title: z.string(),
    status: z.string(),
    filing_date: z.string().nullable(),
    examiner_name: z.string(),
    current_art_unit: z.string(),
    response_deadline: z.string().nullable(),
    critical_deadline_date: z.string().nullable(),
    critical_deadline_correspondence_id: z.string().nullable(),
  })
  .loose();

/** REST #1: GET /v1/prosa/lookup/{application_number}. Free, no authentication. */
export function lookupRoute(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/lookup/:application_number',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Look up a patent application',
        description:
          'Slashes, commas and spaces are removed before use, so 17200011, 17/200,011 and 17 200 011 name the same application. Retired: use the MCP server.',
        deprecated: true,
        tags: ['retired REST v1'],
        params: z.object({ application_number: z.string().max(64) }),
        response: { 200: applicationRecordSchema, 404: errorObjectSchema, 502: errorObjectSchema },
      },
    },
    async (request, reply) => {
      const raw = request.params.application_number;
      const number = normalizeApplicationNumber(raw);
      // Cached for a moment (public-record-cache.ts) as the JSON the response schema serializes
      // (so a hit costs no serialization); a miss is cached too, as null.
      const json = number
        ? await cachedPublicRecord(ctx.database, `lookup:${number}`, async () => {
            const found = await publicApplicationWithDeadlinesOrFetch(ctx, number);
            return found ? serializedJson(reply, presentApplication(found.application, found.deadlines)) : null;
          })
        : null;
      if (!json) throw appNotFound(raw);
      return sendJson(reply, json);
    },
  );
}
