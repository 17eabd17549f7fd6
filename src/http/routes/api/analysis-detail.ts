import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../../errors.ts';
import { groundById, groundsOf, groundsOfClaim } from '../../../domain/response-plan/grounds.ts';
import { standardsFor } from '../../../domain/response-plan/legal-standards.ts';
import { findAnalysisForAccount } from '../../../queries/analyses.ts';
import { presentAnalysisClaim, presentAnalysisGround, presentGroundSummary } from '../../../presenters/response-plan.ts';
import { analysisClaimSchema, analysisGroundSchema, analysisGroundsSchema } from '../../../presenters/analysis-views.ts';
import { analysisNotFound } from '../../../commands/response-plans/common.ts';
import { accountIdOf } from '../../plugins/auth.ts';

const tags = ['analyses'];

/**
 * One claim and one ground of an analysis (the MCP tools get_claim_analysis and explain_rejection):
 * statements and reasoning quoted from the action with their spans, references with the
 * examiner's pinpoints, and the legal standard with its MPEP sections.
 */
export function analysisDetailRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  r.get(
    '/analyses/:id/claims/:n',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'One claim of an analysis: status, grounds, references with pinpoints, evidence quoted from the action',
        params: z.object({ id: z.string().max(100), n: z.coerce.number().int().min(1).max(9999) }),
        response: { 200: analysisClaimSchema },
      },
    },
    async (request) => {
      const analysis = await findAnalysisForAccount(db, accountIdOf(request), request.params.id);
      if (!analysis) throw analysisNotFound();
      const claim = analysis.record.claim_analyses.find((c) => c.claim_number === request.params.n);
      if (!claim) {
        const numbers = analysis.record.claim_analyses.map((c) => c.claim_number).sort((a, b) => a - b);
        throw new AppError(
          404,
          'claim_not_found',
          `Claim ${request.params.n} is not treated by this office action (its claims: ${numbers.join(', ') || 'none'}).`,
          "Use a claim number from the analysis' claim_analyses.",
        );
      }
      return presentAnalysisClaim(analysis.record, claim, groundsOfClaim(groundsOf(analysis.record), claim.claim_number));
    },
  );

  r.get(
    '/analyses/:id/grounds',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'Every ground of rejection and objection of an analysis, with its stable id',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: analysisGroundsSchema },
      },
    },
    async (request) => {
      const analysis = await findAnalysisForAccount(db, accountIdOf(request), request.params.id);
      if (!analysis) throw analysisNotFound();
      return { analysis_id: analysis.id, grounds: groundsOf(analysis.record).map(presentGroundSummary) };
    },
  );

  r.get(
    '/analyses/:id/grounds/:gid',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: "One ground of an analysis: statute, the examiner's reasoning quoted, references, the legal standard with its MPEP sections",
        params: z.object({ id: z.string().max(100), gid: z.string().max(64) }),
        response: { 200: analysisGroundSchema },
      },
    },
    async (request) => {
      const analysis = await findAnalysisForAccount(db, accountIdOf(request), request.params.id, { withText: true });
      if (!analysis) throw analysisNotFound();
      const grounds = groundsOf(analysis.record, analysis.text);
      const ground = groundById(grounds, request.params.gid);
      if (!ground) {
        throw new AppError(
          404,
          'ground_not_found',
          `Ground ${JSON.stringify(request.params.gid.slice(0, 40))} is not in this analysis: its grounds are ${grounds.map((g) => g.id).join(', ') || '(none)'}.`,
          'Use a ground_id listed by the analysis claim view or the response plan (e.g. r1-103, o1-claims).',
        );
      }
      return presentAnalysisGround(analysis.record, ground, standardsFor(ground));
    },
  );
}
