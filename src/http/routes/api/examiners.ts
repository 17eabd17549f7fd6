import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { notFound, validationError } from '../../../errors.ts';
import { artUnitFigures } from '../../../queries/examiner-profile.ts';
import { searchExaminers } from '../../../queries/examiner-search.ts';
import { errorObjectSchema } from '../../schemas.ts';
import {
  accountExaminerProfileSchema,
  examinerCandidateSchema,
  artUnitAnswerSchema,
  examinerSearchSchema,
  presentAccountExaminerProfile,
  presentArtUnitProfile,
  presentExaminerHit,
} from '../../../presenters/examiner-profile.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { findExaminerProfile } from '../examiner-lookup.ts';
import { refreshIfSmall } from '../../../sources/examiner-stats/refresh.ts';

const artUnit = z.string().regex(/^\d{4}$/, 'must be a 4-digit art unit, e.g. 1727');
const years = {
  from_year: z.coerce.number().int().min(1900).max(2200).optional(),
  to_year: z.coerce.number().int().min(1900).max(2200).optional(),
};

/**
 * Examiner intelligence for the account: search, the full profile and an art unit's figures.
 * All figures rest on public USPTO data; a profile also counts the bases of this account's own
 * analyses (never another account's). Definitions: docs/decisions/examiner-profile.md "The figures".
 */
export function examinerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  r.get(
    '/examiners',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['examiners'],
        summary: 'Search examiners by name fragment and/or art unit',
        description:
          'q matches anywhere in the written name (LASTNAME, FIRSTNAME M; case and punctuation ignored); art_unit keeps examiners who examined there. At least one of them. Most cases first; each hit has its art units and case counts. Open one with GET /api/examiners/{examiner_name}.',
        querystring: z.object({
          q: z.string().trim().min(2, 'must be at least 2 characters').max(100).optional(),
          art_unit: artUnit.optional(),
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: examinerSearchSchema },
      },
    },
    async (request) => {
      const { q, art_unit, limit } = request.query;
      if (!q && !art_unit) throw validationError('querystring.q', 'give a name fragment (q) or an art unit (art_unit)');
      const result = await searchExaminers(db, { q: q?.normalize('NFKC'), artUnit: art_unit, limit });
      return { examiners: result.examiners.map(presentExaminerHit), truncated: result.truncated, stats_current: result.statsCurrent };
    },
  );

  r.get(
    '/examiners/:examiner_name',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['examiners'],
        summary: 'Examiner profile with every figure',
        description:
          "REST #7's profile (allowance rate, actions to allowance, top rejection bases, interview success) plus excluded_cases, rejection_actions, analysis_bases_counted and the art unit's full figures. 409 examiner_ambiguous with candidates; 404 examiner_not_found.",
        params: z.object({ examiner_name: z.string().max(200) }),
        querystring: z.object({ art_unit: artUnit.optional(), examiner_id: z.string().max(32).optional(), ...years }),
        response: {
          200: accountExaminerProfileSchema,
          409: errorObjectSchema.extend({
            candidates: z
              .array(examinerCandidateSchema)
              .optional()
              .describe('examiner_ambiguous: the examiners the name matches: ask again with art_unit or examiner_id'),
          }),
        },
      },
    },
    async (request, reply) => {
      const found = await findExaminerProfile(db, request.params.examiner_name, request.query, accountIdOf(request));
      return found.ok ? presentAccountExaminerProfile(found.profile) : reply.code(409).send(found.ambiguous);
    },
  );

  r.get(
    '/art-units/:art_unit',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['examiners'],
        summary: "An art unit's figures",
        description:
          'Over every examiner of the art unit (public USPTO data): allowance rate, actions to allowance, top rejection bases with their counts, interview figures, examiner count and the sample sizes behind each rate. 404 art_unit_not_found when Prosa has no application of it.',
        params: z.object({ art_unit: artUnit }),
        querystring: z.object(years),
        response: { 200: artUnitAnswerSchema },
      },
    },
    async (request) => {
      const statsCurrent = await refreshIfSmall(db);
      const figures = await artUnitFigures(db, request.params.art_unit, { fromYear: request.query.from_year ?? null, toYear: request.query.to_year ?? null });
      if (figures.examiners === 0) {
        throw notFound(
          `Art unit ${request.params.art_unit}`,
          'art_unit_not_found',
          "Check the 4-digit art unit (the current_art_unit of an application's lookup record). Prosa has figures only for art units of the applications in its USPTO data.",
        );
      }
      return { ...presentArtUnitProfile(figures), stats_current: statsCurrent };
    },
  );
}
