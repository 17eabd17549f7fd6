import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { presentExaminerProfile } from '../../../presenters/examiner-profile.ts';
import { findExaminerProfile } from '../examiner-lookup.ts';
import { errorObjectSchema } from '../../schemas.ts';

const rate = z.number().min(0).max(1).nullable();
const window = z.object({ from: z.string().nullable(), to: z.string().nullable() });

const examinerProfileSchema = z
  .object({
    examiner_name: z.string(),
    art_unit: z.string(),
    allowance_rate: rate,
    avg_actions_to_allowance: z.number().nullable(),
    top_rejection_bases: z.array(z.string()),
    interview_success_rate: rate,
    total_cases_analyzed: z.number().int(),
    allowance_rate_without_interview: rate,
    interview_lift: z.number().nullable(),
    interview_rates_reason: z.string().nullable(),
    avg_rces_to_allowance: z.number().nullable(),
    interviewed_cases: z.number().int(),
    not_interviewed_cases: z.number().int(),
    pending_cases: z.number().int(),
    art_unit_stats: z.object({ art_unit: z.string(), allowance_rate: rate, total_cases_analyzed: z.number().int() }).loose().nullable(),
    data_window: window,
    as_of: z.string().nullable(),
    sample_size_warning: z.string().nullable(),
  })
  .loose();

const candidateSchema = z.object({
  examiner_name: z.string(),
  examiner_id: z.string().nullable(),
  art_unit: z.string().nullable(),
  total_cases_analyzed: z.number().int(),
  pending_cases: z.number().int(),
});

const ambiguousSchema = errorObjectSchema.extend({ candidates: z.array(candidateSchema) });

/** REST #7: GET /v1/prosa/examiner/{examiner_name}. X-API-Key; not billed. */
export function examinerRoute(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/examiner/:examiner_name',
    {
      config: { auth: 'api_key' },
      schema: {
        summary: 'Examiner intelligence profile',
        description:
          'examiner_name in the form LASTNAME, FIRSTNAME M, URL-encoded; case, spacing and punctuation are ignored and a middle initial matches a middle name. ' +
          'Rates are fractions 0-1 over disposed, examined applications (null when none); definitions in docs/examiner-profile.md. ' +
          'interview_success_rate counts applicant-initiated interviews only and is null, with interview_rates_reason, below 10 disposed applications with and 10 without one. ' +
          'Several matching examiners give 409 examiner_ambiguous with a candidates array. Retired: use the MCP server.',
        deprecated: true,
        tags: ['retired REST v1'],
        params: z.object({ examiner_name: z.string().max(200) }),
        querystring: z.object({
          art_unit: z.string().max(16).optional(),
          examiner_id: z.string().max(32).optional(),
          from_year: z.coerce.number().int().min(1900).max(2200).optional(),
          to_year: z.coerce.number().int().min(1900).max(2200).optional(),
        }),
        response: { 200: examinerProfileSchema, 400: errorObjectSchema, 401: errorObjectSchema, 404: errorObjectSchema, 409: ambiguousSchema },
      },
    },
    async (request, reply) => {
      const found = await findExaminerProfile(
        ctx.database.db,
        request.params.examiner_name,
        { ...request.query, art_unit: request.query.art_unit?.trim() || undefined },
        accountIdOf(request),
      );
      return found.ok ? presentExaminerProfile(found.profile) : reply.code(409).send(found.ambiguous);
    },
  );
}
