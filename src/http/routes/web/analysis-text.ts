import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../../errors.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { analysisTextSchema } from '../../../presenters/analysis.ts';

/**
 * GET /api/analyses/{id}/text: the office-action text an analysis ran on, so the analysis page can
 * show it beside the claim table with every evidence span (offsets into this text) highlighted.
 */
export function analysisTextRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/analyses/:id/text',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['analyses'],
        params: z.object({ id: z.string().max(100) }),
        summary: 'The office-action text of an analysis (evidence spans are offsets into it)',
        response: { 200: analysisTextSchema },
      },
    },
    async (request) => {
      const row = await ctx.database.db
        .selectFrom('analyses')
        .select(['id', 'text', 'text_sha256'])
        .where('id', '=', request.params.id)
        .where('account_id', '=', accountIdOf(request))
        .executeTakeFirst();
      if (!row) throw notFound('Analysis', 'analysis_not_found', 'Check the analysis_id; analyses are visible only to the account that created them.');
      return { analysis_id: row.id, text: row.text, text_sha256: row.text_sha256 };
    },
  );
}
