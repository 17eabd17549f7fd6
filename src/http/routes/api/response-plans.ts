import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../../db/connect.ts';
import type { ResponsePlanRow } from '../../../db/schema.ts';
import { validationError } from '../../../errors.ts';
import { normalizeApplicationNumber } from '../../../domain/application-number.ts';
import { EXPORT_PRICES } from '../../../domain/pricing.ts';
import { formatCredits } from '../../../domain/money.ts';
import { buildPlanView, type PlanView } from '../../../domain/response-plan/plan.ts';
import { completenessOf, type CompletenessReport } from '../../../domain/response-plan/completeness.ts';
import { previewOf } from '../../../domain/response-plan/preview.ts';
import { STRATEGY_CODES } from '../../../domain/response-plan/strategies.ts';
import type { SourceAnalysis } from '../../../domain/response-plan/types.ts';
import { responsePlanCreator } from '../../../commands/response-plans/creator.ts';
import { responsePlanStrategySetter } from '../../../commands/response-plans/strategy-setter.ts';
import { responsePlanClaimTextSetter } from '../../../commands/response-plans/claim-text-setter.ts';
import { responsePlanArgumentSetter } from '../../../commands/response-plans/argument-setter.ts';
import { responsePlanElectionSetter } from '../../../commands/response-plans/election-setter.ts';
import { responsePlanGroundStrategySetter } from '../../../commands/response-plans/ground-strategy-setter.ts';
import { ResponseIncompleteError, responsePlanSubmitter } from '../../../commands/response-plans/submitter.ts';
import { planNotFound } from '../../../commands/response-plans/common.ts';
import { planPaperTally } from '../../../commands/response-plans/paper-tally.ts';
import { editsOf, findResponsePlan, listResponsePlans } from '../../../queries/response-plans.ts';
import { findDraftJob } from '../../../queries/draft-jobs.ts';
import {
  claimEditSchema,
  exportPollUrl,
  groundStrategyEditSchema,
  presentClaimEdit,
  presentCompleteness,
  presentEdit,
  presentGroundStrategyEdit,
  presentPlanGround,
  presentPreview,
  presentResponsePlan,
  presentResponsePlanSummary,
  responsePlanSchema,
  responsePlanPageSchema,
  argumentEditSchema,
  electionEditSchema,
  planCompletenessSchema,
  planPreviewSchema,
  planSubmissionSchema,
  missingItemSchema,
  type PlanSubmissionWire,
} from '../../../presenters/response-plan.ts';
import { errorObjectSchema } from '../../schemas.ts';
import { presentSubmission } from '../../../presenters/draft-job.ts';
import { accountIdOf, memberIdOf } from '../../plugins/auth.ts';
import { actorOf } from '../../actor.ts';
import { errorBody } from '../../../serving/error-body.ts';
import { idempotencyKeyOf } from '../../idempotency-key.ts';
import { attorneyDocketNumber, isoDate, practitionerSchema } from '../../../requests/draft-schemas.ts';
import { unpackJson } from '../../../db/packed-json.ts';

const planParams = z.object({ id: z.string().max(100) });
const claimParams = planParams.extend({ n: z.coerce.number().int().min(1).max(9999) });
const groundParams = planParams.extend({ gid: z.string().max(64) });
const claimGroundParams = claimParams.extend({ ground_id: z.string().max(64) });

const createBody = z.object({ analysis_id: z.string().min(1).max(100) });
const strategyBody = z.object({
  strategy: z
    .string()
    .max(64)
    .describe(`One of ${STRATEGY_CODES.join(', ')}.`),
});
const groundStrategyBody = z.object({
  strategy: z
    .string()
    .max(64)
    .nullable()
    .describe(
      `The answer to this ground for this claim: one of the ground's choices (ground_answers[].choices under the claim), from ${STRATEGY_CODES.join(', ')}; null removes the choice (the answer then follows the claim's strategy).`,
    ),
});
const editErrors = { 400: errorObjectSchema, 401: errorObjectSchema, 404: errorObjectSchema, 409: errorObjectSchema };
const claimTextBody = z.object({
  text: z
    .string()
    .max(50_000)
    .optional()
    .describe('The claim as amended, clean (no markings); "" clears it. Accepted for amend_narrow, amend_clarify and rewrite_independent.'),
  original_text: z.string().max(50_000).optional().describe('The claim as it now stands (the text the amendment is marked against); "" clears it.'),
});
const argumentBody = z.object({ text: z.string().max(100_000).describe('The practitioner\'s argument or reply on this ground; "" removes it.') });
const electionBody = z.object({
  group: z.string().max(64).nullable().optional(),
  species: z.string().max(500).nullable().optional(),
  traverse: z
    .boolean()
    .default(true)
    .describe(
      'Default true: with traverse (37 CFR 1.143); the reasons go in the argument on the restriction ground. false waives the right to petition the requirement.',
    ),
});
const submitBody = z
  .object({
    accept_incomplete: z
      .boolean()
      .optional()
      .describe('Draft even though the completeness report lists missing items; the paper then lists them on its first page.'),
    response_date: isoDate.optional(),
    office_action_date: isoDate.optional(),
    attorney: practitionerSchema.optional(),
    attorney_docket_number: attorneyDocketNumber,
    previously_presented: z.array(z.number().int().min(1).max(9999)).max(1000).optional(),
  })
  .nullish();

interface Loaded {
  row: ResponsePlanRow;
  view: PlanView;
  report: CompletenessReport;
}

/** A plan with its view and completeness, computed from the stored analysis. */
async function loadPlan(db: Db, accountId: string, planId: string, opts: { withText?: boolean; row?: ResponsePlanRow } = {}): Promise<Loaded> {
  const row = opts.row ?? (await findResponsePlan(db, accountId, planId));
  if (!row) throw planNotFound();
  const analysis = opts.withText
    ? await db.selectFrom('analyses').select(['record', 'text']).where('id', '=', row.analysis_id).executeTakeFirstOrThrow()
    : await db.selectFrom('analyses').select(['record']).where('id', '=', row.analysis_id).executeTakeFirstOrThrow();
  const view = buildPlanView(unpackJson<SourceAnalysis>(analysis.record), editsOf(row), 'text' in analysis ? (analysis.text as string) : null);
  return { row, view, report: completenessOf(view) };
}

const tags = ['response plans'];

/**
 * Response plans (/api/response-plans): the guided response wizard's server-side object, edited by
 * the MCP tools and the web app alike; submitting one is the billed draft job of REST #4.
 */
export function responsePlanRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;
  const price = formatCredits(EXPORT_PRICES.oa_response.priceMicro);

  r.post(
    '/response-plans',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'Start a response plan from an analysis (or return the open one)',
        body: createBody,
        response: { 200: responsePlanSchema, 201: responsePlanSchema, 400: errorObjectSchema, 401: errorObjectSchema, 404: errorObjectSchema },
      },
    },
    async (request, reply) => {
      const accountId = accountIdOf(request);
      const { row, created } = await responsePlanCreator(db, actorOf(request), { accountId, analysisId: request.body.analysis_id });
      const { view, report } = await loadPlan(db, accountId, row.id, { row });
      const job = row.draft_job_id ? await findDraftJob(db, accountId, row.draft_job_id) : null;
      return reply.status(created ? 201 : 200).send(presentResponsePlan(row, view, report, job));
    },
  );

  r.get(
    '/response-plans',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: "The account's response plans, newest first",
        querystring: z.object({
          analysis_id: z.string().max(100).optional(),
          application_number: z.string().max(64).optional(),
          status: z.enum(['open', 'submitted']).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(20),
          before: z.string().max(100).optional(),
        }),
        response: { 200: responsePlanPageSchema },
      },
    },
    async (request) => {
      const q = request.query;
      let applicationNumber: string | undefined;
      if (q.application_number) {
        const n = normalizeApplicationNumber(q.application_number);
        if (!n) throw validationError('application_number', 'must be a US application number such as 17/200,011 (8 digits)');
        applicationNumber = n;
      }
      const { plans, nextCursor } = await listResponsePlans(db, accountIdOf(request), {
        analysisId: q.analysis_id,
        applicationNumber,
        status: q.status,
        limit: q.limit,
        before: q.before,
      });
      return { response_plans: plans.map(presentResponsePlanSummary), next_cursor: nextCursor };
    },
  );

  r.get(
    '/response-plans/:id',
    {
      config: { auth: 'account' },
      schema: { tags, summary: 'One response plan', params: planParams, response: { 200: responsePlanSchema, 401: errorObjectSchema, 404: errorObjectSchema } },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const { row, view, report } = await loadPlan(db, accountId, request.params.id);
      const job = row.draft_job_id ? await findDraftJob(db, accountId, row.draft_job_id) : null;
      return presentResponsePlan(row, view, report, job);
    },
  );

  r.put(
    '/response-plans/:id/claims/:n/strategy',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: "Set one claim's strategy",
        description:
          "Answers chosen for single grounds of the claim that no longer fit the new strategy (an answer by amendment other than the claim's new strategy; any, when it is cancelled) are dropped.",
        params: claimParams,
        body: strategyBody,
        response: { 200: claimEditSchema, ...editErrors },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const row = await responsePlanStrategySetter(db, actorOf(request), {
        accountId,
        planId: request.params.id,
        claim: request.params.n,
        strategy: request.body.strategy,
      });
      const { view, report } = await loadPlan(db, accountId, row.id, { row });
      return presentClaimEdit(row, view, report, request.params.n);
    },
  );

  r.put(
    '/response-plans/:id/claims/:n/grounds/:ground_id/strategy',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'Set the answer to one ground of rejection for one claim',
        description:
          'Each ground a claim faces gets its own answer, consistent with the others: e.g. a terminal disclaimer for the double patenting ground beside an amendment for 112(b), or an argument for the 103 ground of a claim amended to clarify. ' +
          "404 plan_not_found (another account's plan), claim_not_found, unknown_ground (not a ground of the action), ground_not_for_claim (the ground does not treat the claim); " +
          '400 strategy_cannot_answer_ground (a terminal disclaimer for anything but nonstatutory double patenting, a clarifying amendment for a 102/103/double-patenting ground, unexpected results outside 103, a choice for the whole claim such as cancel, or a ground that is not a rejection); ' +
          "409 strategy_conflicts_with_claim (an answer by amendment other than the claim's own strategy; any answer for a cancelled claim), plan_submitted. Submitted plans carry each choice to the draft as claim_<n>:<ground_id>.",
        params: claimGroundParams,
        body: groundStrategyBody,
        response: { 200: groundStrategyEditSchema, ...editErrors },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const groundId = request.params.ground_id.trim().toLowerCase();
      const row = await responsePlanGroundStrategySetter(db, actorOf(request), {
        accountId,
        planId: request.params.id,
        claim: request.params.n,
        groundId,
        strategy: request.body.strategy,
      });
      const { view, report } = await loadPlan(db, accountId, row.id, { row });
      return presentGroundStrategyEdit(row, view, report, request.params.n, groundId);
    },
  );

  r.put(
    '/response-plans/:id/claims/:n/text',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: "Set one claim's amended text (and the text it now has); returns the 37 CFR 1.121(c) markup",
        params: claimParams,
        body: claimTextBody,
        response: { 200: claimEditSchema, ...editErrors },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const row = await responsePlanClaimTextSetter(db, actorOf(request), {
        accountId,
        planId: request.params.id,
        claim: request.params.n,
        input: request.body,
      });
      const { view, report } = await loadPlan(db, accountId, row.id, { row });
      return presentClaimEdit(row, view, report, request.params.n);
    },
  );

  r.put(
    '/response-plans/:id/grounds/:gid/argument',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: "Set the practitioner's argument on one ground",
        params: groundParams,
        body: argumentBody,
        response: { 200: argumentEditSchema, ...editErrors },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const row = await responsePlanArgumentSetter(db, actorOf(request), {
        accountId,
        planId: request.params.id,
        groundId: request.params.gid,
        text: request.body.text,
      });
      const { view, report } = await loadPlan(db, accountId, row.id, { row });
      const ground = view.grounds.find((g) => g.id === request.params.gid.trim().toLowerCase())!;
      return presentEdit(row, report, {
        ground: presentPlanGround(
          ground,
          view,
          report.grounds.find((g) => g.ground_id === ground.id),
        ),
      });
    },
  );

  r.put(
    '/response-plans/:id/election',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'Elect a restriction group (and species), with or without traverse',
        params: planParams,
        body: electionBody,
        response: { 200: electionEditSchema, ...editErrors },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const row = await responsePlanElectionSetter(db, actorOf(request), { accountId, planId: request.params.id, election: request.body });
      const { view, report } = await loadPlan(db, accountId, row.id, { row });
      return presentEdit(row, report, { election: view.election });
    },
  );

  r.get(
    '/response-plans/:id/completeness',
    {
      config: { auth: 'account' },
      schema: { tags, summary: 'What the plan answers, by what, and what is missing', params: planParams, response: { 200: planCompletenessSchema } },
    },
    async (request) => {
      const { row, report } = await loadPlan(db, accountIdOf(request), request.params.id);
      return { plan_id: row.id, version: row.version, ...presentCompleteness(report) };
    },
  );

  r.get(
    '/response-plans/:id/preview',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'Unbilled outline of the paper the plan will produce',
        description:
          'Free. placeholders_total is the number of highlighted, bracketed places the paper will leave for the practitioner, counted on the paper built as the draft job builds it (placeholders_source "paper"); "paper_before_model" when a configured language model may fill some; "outline" (an estimate) when the paper cannot be built now.',
        params: planParams,
        response: { 200: planPreviewSchema },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const { row, view, report } = await loadPlan(db, accountId, request.params.id);
      // The places to fill are counted on the paper itself, built (not rendered) as the draft job builds
      // it, signed as the member asking would sign it.
      const paper = await planPaperTally(db, accountId, memberIdOf(request), row, view, report, { llm: ctx.config.llm !== null });
      return presentPreview(row, previewOf(view, report, paper ?? undefined), price);
    },
  );

  r.post(
    '/response-plans/:id/submit',
    {
      config: { auth: 'account', permission: 'sign' },
      schema: {
        tags,
        summary: 'Submit the plan: the billed 49.00 draft job (the same job as REST #4)',
        description:
          'Billed: 49.00 credits, charged at submission; 402 insufficient_credits when the balance cannot cover it; a job that fails is refunded. 422 response_incomplete (with "missing") unless accept_incomplete. Answers 202 with job_id and poll_url (GET /api/exports/{job_id}); an Idempotency-Key retry returns the same job (200) uncharged.',
        params: planParams,
        headers: z.object({ 'idempotency-key': z.string().optional() }).loose(),
        body: submitBody,
        response: {
          200: planSubmissionSchema.describe('An Idempotency-Key retry: the same job, not charged again'),
          202: planSubmissionSchema.describe('Submitted and charged: poll poll_url'),
          422: errorObjectSchema.extend({ missing: z.array(missingItemSchema).optional().describe('response_incomplete: what the plan still lacks') }),
        },
      },
    },
    async (request, reply) => {
      const accountId = accountIdOf(request);
      const queue = await ctx.queue.get();
      try {
        const { job, replayed, report } = await responsePlanSubmitter(db, actorOf(request), {
          accountId,
          planId: request.params.id,
          submission: request.body ?? {},
          idempotencyKey: idempotencyKeyOf(request),
          enqueue: queue.enqueue,
        });
        if (replayed) reply.header('Idempotent-Replayed', 'true');
        return reply.status(replayed ? 200 : 202).send({
          ...presentSubmission(job, exportPollUrl(job.id)),
          export_type: job.export_type,
          price,
          plan_id: request.params.id,
          ...(report ? { completeness: { complete: report.complete, missing_count: report.missing.length } } : {}),
        } satisfies PlanSubmissionWire);
      } catch (err) {
        if (err instanceof ResponseIncompleteError) return reply.status(422).send({ ...errorBody(err), missing: err.missing });
        throw err;
      }
    },
  );
}
