import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { notFound } from '../../errors.ts';
import { idempotencyKeyOf } from '../idempotency-key.ts';
import { analysisCreator, MAX_OFFICE_ACTION_BYTES } from '../../commands/analysis-creator.ts';
import { examinerStatsFor } from '../../analysis/examiner-intel.ts';
import { createLlmProvider } from '../../analysis/llm/index.ts';
import { accountIdOf } from '../plugins/auth.ts';
import { actorOf } from '../actor.ts';
import { errorObjectSchema } from '../schemas.ts';
import { analysisListSchema, asAnalysisRecordWire, storedAnalysisRecordSchema } from '../../presenters/analysis.ts';
import { unpackJson } from '../../db/packed-json.ts';

/** JSON escaping can grow 1 MB of text; the text's own size is checked against 1 MB (413). */
const ANALYZE_BODY_LIMIT = 4 * MAX_OFFICE_ACTION_BYTES;

const analyzeBody = z.object({
  application_number: z.string().max(64).optional(),
  office_action_text: z.string(),
  // Not defaulted here: a type the caller did not state is not reported as requested (the parser is still told CTNF, the spec's default).
  office_action_type: z
    .enum(['CTNF', 'CTFR', 'CTED', 'CTRS'])
    .optional()
    .meta({ default: 'CTNF' })
    .describe(
      "CTNF non-final (default), CTFR final, CTED restriction, CTRS requirement for information (the interface's codes, not the USPTO's: its CTRS is a restriction). The text decides when it shows the kind of paper.",
    ),
  include_examiner_intel: z.boolean().default(true),
});

const analysisRecordSchema = z
  .object({
    analysis_id: z.string(),
    application_number: z.string(),
    rejection_type: z.string(),
    claim_analyses: z.array(
      z.object({ claim_number: z.number().int(), status: z.string(), basis: z.string(), prior_art: z.array(z.string()), recommendation: z.string() }).loose(),
    ),
    glass_box: z
      .object({
        experts_invoked: z.array(z.string()),
        citations_verified: z.boolean(),
        confidence_scores: z.record(z.string(), z.number()),
        model_versions: z.record(z.string(), z.string()),
        elapsed_seconds: z.number(),
      })
      .loose(),
  })
  .loose();

/**
 * Runs one analysis for the caller: REST #3 and POST /api/analyses share it (one language-model
 * provider per surface that analyzes).
 */
function analyzer(ctx: AppContext) {
  const { db } = ctx.database;
  const llm = createLlmProvider(ctx.config.llm);
  return async (request: FastifyRequest, body: z.infer<typeof analyzeBody>) => {
    const { record, replayed } = await analysisCreator(db, actorOf(request), {
      accountId: accountIdOf(request),
      text: body.office_action_text,
      officeActionType: body.office_action_type ?? null,
      includeExaminerIntel: body.include_examiner_intel,
      applicationNumber: body.application_number ?? null,
      idempotencyKey: idempotencyKeyOf(request),
      examinerStats: (name, accountId) => examinerStatsFor(db, name, accountId),
      llm,
    });
    return { record, replayed };
  };
}

/** REST #3: POST /v1/prosa/analyze (API key), in the /v1/prosa surface. */
export function analyzeRoute(app: FastifyInstance, ctx: AppContext): void {
  const analyze = analyzer(ctx);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/analyze',
    {
      bodyLimit: ANALYZE_BODY_LIMIT,
      config: { auth: 'api_key' },
      schema: {
        summary: 'Analyze an office action claim by claim',
        description:
          'Billed per token (50.00 / 200.00 credits per 1M input / output tokens x the model multiplier); never blocked by the balance. An Idempotency-Key header makes a retry return the same analysis without a second charge. office_action_text may be up to 1 MB. Retired: use the MCP server.',
        deprecated: true,
        tags: ['retired REST v1'],
        security: [{ apiKey: [] }],
        headers: z.object({ 'idempotency-key': z.string().optional() }).loose(),
        body: analyzeBody,
        response: { 200: analysisRecordSchema, 400: errorObjectSchema, 401: errorObjectSchema, 413: errorObjectSchema },
      },
    },
    async (request, reply) => {
      const { record, replayed } = await analyze(request, request.body);
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return record;
    },
  );
}

/** The account API's analyses (/api/analyses), in the /api surface. */
export function analysisRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;
  const analyze = analyzer(ctx);

  r.post(
    '/analyses',
    {
      bodyLimit: ANALYZE_BODY_LIMIT,
      config: { auth: 'account' },
      // 201 a new analysis; 200 the same one again for a repeated Idempotency-Key (Idempotent-Replayed: true).
      schema: { tags: ['analyses'], body: analyzeBody, response: { 200: storedAnalysisRecordSchema, 201: storedAnalysisRecordSchema } },
    },
    async (request, reply) => {
      const { record, replayed } = await analyze(request, request.body);
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.status(replayed ? 200 : 201).send(asAnalysisRecordWire(record));
    },
  );

  r.get(
    '/analyses',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['analyses'],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: analysisListSchema },
      },
    },
    async (request) => {
      const rows = await db
        .selectFrom('analyses')
        .select(['id', 'application_number', 'office_action_type', 'input_tokens', 'output_tokens', 'cost_micro', 'created_at'])
        .where('account_id', '=', accountIdOf(request))
        .orderBy('created_at', 'desc')
        .limit(request.query.limit)
        .execute();
      return {
        analyses: rows.map((a) => ({
          analysis_id: a.id,
          application_number: a.application_number,
          rejection_type: a.office_action_type,
          input_tokens: a.input_tokens,
          output_tokens: a.output_tokens,
          created_at: a.created_at.toISOString(),
        })),
      };
    },
  );

  r.get(
    '/analyses/:id',
    {
      config: { auth: 'account' },
      schema: { tags: ['analyses'], params: z.object({ id: z.string().max(100) }), response: { 200: storedAnalysisRecordSchema } },
    },
    async (request) => {
      const row = await db
        .selectFrom('analyses')
        .select('record')
        .where('id', '=', request.params.id)
        .where('account_id', '=', accountIdOf(request))
        .executeTakeFirst();
      if (!row) throw notFound('Analysis', 'analysis_not_found', 'Check the analysis_id; analyses are visible only to the account that created them.');
      return asAnalysisRecordWire(unpackJson(row.record));
    },
  );
}
