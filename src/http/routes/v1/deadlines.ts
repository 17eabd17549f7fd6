import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { normalizeApplicationNumber } from '../../../domain/application-number.ts';
import { publicApplicationOrFetch } from '../../../sources/odp/live-lookup.ts';
import { pendingAction } from '../../../queries/application-deadlines.ts';
import { presentDeadlinesRecord } from '../../../presenters/deadlines.ts';
import { errorObjectSchema } from '../../schemas.ts';
import { appNotFound } from './lookup.ts';
import { cachedPublicRecord } from '../../../queries/public-record-cache.ts';
import { sendJson, serializedJson } from '../../serialized-json.ts';

const deadlinesRecordSchema = z
  .object({
    application_number: z.string(),
    deadlines: z
      .object({
        response_deadline: z.string().nullable(),
        critical_deadline_date: z.string().nullable(),
        critical_deadline_correspondence_id: z.string().nullable(),
      })
      .loose(),
  })
  .loose();

/** REST #2: GET /v1/prosa/deadlines/{application_number}. Free, no authentication. */
export function deadlinesRoute(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/deadlines/:application_number',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Response deadlines of an application',
        description:
          'Computed from the latest office action still awaiting a reply, per 35 U.S.C. 133, 37 CFR 1.136 and MPEP 710; null fields when nothing is pending. Retired: use the MCP server.',
        deprecated: true,
        tags: ['retired REST v1'],
        params: z.object({ application_number: z.string().max(64) }),
        response: { 200: deadlinesRecordSchema, 404: errorObjectSchema, 502: errorObjectSchema },
      },
    },
    async (request, reply) => {
      const raw = request.params.application_number;
      const number = normalizeApplicationNumber(raw);
      // Cached for a moment (public-record-cache.ts) as the JSON the response schema serializes
      // (so a hit costs no serialization); a miss is cached too, as null.
      const json = number
        ? await cachedPublicRecord(ctx.database, `deadlines:${number}`, async () => {
            const app = await publicApplicationOrFetch(ctx, number);
            return app ? serializedJson(reply, presentDeadlinesRecord(app.application_number, await pendingAction(ctx.database.db, app.id))) : null;
          })
        : null;
      if (!json) throw appNotFound(raw);
      return sendJson(reply, json);
    },
  );
}
