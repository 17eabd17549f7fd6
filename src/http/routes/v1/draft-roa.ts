import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { announceSubmission, jobNotFound, submitDraftJob } from '../draft-submission.ts';
import { prepareOaResponse } from '../../../commands/draft-requests/oa-response.ts';
import { draftJobCompleteness, findDraftJob } from '../../../queries/draft-jobs.ts';
import { pollUrlOf, presentDraftJob, presentSubmission } from '../../../presenters/draft-job.ts';
import { accountIdOf, memberIdOf } from '../../plugins/auth.ts';
import { downloadLinkFor } from '../../download-links.ts';
import { errorObjectSchema } from '../../schemas.ts';
import {
  attorneyDocketNumber,
  draftJobSchema,
  electionSchema,
  isoDate,
  jobIdParams,
  practitionerSchema,
  strategySelectionsSchema,
  submissionSchema,
} from '../../../requests/draft-schemas.ts';
import { publicBase } from '../../public-base.ts';

const draftRoaBody = z.object({
  application_number: z.string().max(64),
  analysis_id: z.string().max(100),
  strategy_selections: strategySelectionsSchema,
  // Additive: current claim text, dates, the signing practitioner (default: the submitting member's own profile), the docket number, restriction election.
  claims: z.record(z.string().max(16), z.string().max(50_000)).optional().describe('Current text of each claim by number: {"1": "A method ...", ...}'),
  response_date: isoDate.optional().describe('Date the response is signed; default today (UTC).'),
  office_action_date: isoDate.optional().describe("Mailing date of the office action; default: as the analysis or the application's record gives it."),
  attorney: practitionerSchema.optional(),
  attorney_docket_number: attorneyDocketNumber,
  previously_presented: z.array(z.number().int().min(1).max(9999)).max(1000).optional(),
  election: electionSchema.optional(),
  accept_incomplete: z
    .boolean()
    .optional()
    .describe(
      'Draft even if some ground of the action is left unanswered (the paper then says so on page 1). Default false: such a draft is refused with 422 response_incomplete.',
    ),
  confirm_kind_mismatch: z
    .boolean()
    .optional()
    .describe("Draft even if the analysed paper is not the application's pending action. Default false: 409 analysis_kind_mismatch."),
});

/**
 * REST #4 (POST /v1/prosa/draft-roa) and #5 (GET /v1/prosa/draft-roa/status/{job_id}).
 * Submission answers 202 Accepted (a new job) or 200 (an Idempotency-Key replay of an earlier one).
 */
export function draftRoaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  r.post(
    '/draft-roa',
    {
      config: { auth: 'api_key', permission: 'sign' },
      onRequest: announceSubmission(ctx),
      schema: {
        summary: 'Draft a response to an office action (DOCX, asynchronous)',
        description:
          'Billed: 49.00 credits (OA Response), charged at submission; 402 insufficient_credits when the balance cannot cover it. ' +
          'A job that fails is refunded. Answers 202 with job_id, status "queued" and poll_url; poll GET /v1/prosa/draft-roa/status/{job_id}. ' +
          'An Idempotency-Key header makes a retry return the same job (200) without a second charge. Retired: use the MCP server.',
        deprecated: true,
        tags: ['retired REST v1'],
        security: [{ apiKey: [] }],
        headers: z.object({ 'idempotency-key': z.string().optional() }).loose(),
        body: draftRoaBody,
        response: {
          200: submissionSchema,
          202: submissionSchema,
          400: errorObjectSchema,
          401: errorObjectSchema,
          402: errorObjectSchema,
          404: errorObjectSchema,
          409: errorObjectSchema,
          422: errorObjectSchema,
        },
      },
    },
    async (request, reply) => {
      const accountId = accountIdOf(request);
      const job = await submitDraftJob(ctx, request, reply, 'draft-roa', () => prepareOaResponse(db, accountId, memberIdOf(request), request.body));
      return reply.send(presentSubmission(job, pollUrlOf(job.id)));
    },
  );

  r.get(
    '/draft-roa/status/:job_id',
    {
      config: { auth: 'api_key' },
      schema: {
        summary: 'Poll a draft job',
        description:
          'Free. progress (integer percent) and current_step while queued (0) or in progress; download_url (absolute, signed, valid 1 hour, fresh on every poll) when complete; error_message when failed. Retired: use the MCP server.',
        deprecated: true,
        tags: ['retired REST v1'],
        security: [{ apiKey: [] }],
        params: jobIdParams,
        response: { 200: draftJobSchema, 401: errorObjectSchema, 404: errorObjectSchema },
      },
    },
    async (request) => {
      const job = await findDraftJob(db, accountIdOf(request), request.params.job_id);
      if (!job) throw jobNotFound();
      const completeness = job.export_type === 'oa_response' ? await draftJobCompleteness(db, accountIdOf(request), job.id) : null;
      return {
        ...presentDraftJob(job, await downloadLinkFor(ctx, publicBase(ctx.config, request), job)),
        ...(completeness ? { completeness } : {}),
      } as z.infer<typeof draftJobSchema>;
    },
  );
}
