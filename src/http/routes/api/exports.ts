import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { prepareDrawing, prepareExtension, prepareIds, prepareInterview } from '../../../commands/draft-requests/exports.ts';
import { EXPORT_PRICES } from '../../../domain/pricing.ts';
import { formatCredits } from '../../../domain/money.ts';
import { findDraftJob, listDraftJobs } from '../../../queries/draft-jobs.ts';
import { draftJobPageSchema, draftJobWireSchema, presentDraftJob } from '../../../presenters/draft-job.ts';
import { exportSubmissionSchema, presentExportSubmission } from '../../../presenters/export-submission.ts';
import type { PreparedDraft } from '../../../commands/draft-requests/request-types.ts';
import { accountIdOf, memberIdOf } from '../../plugins/auth.ts';
import { downloadLinkFor } from '../../download-links.ts';
import { clientReportInput, issueFeeInput, noticeOfAppealInput, preAppealInput, rceInput, terminalDisclaimerInput } from '../../../requests/form-inputs.ts';
import { prepareRceTransmittal } from '../../../commands/draft-requests/forms/rce-transmittal.ts';
import { prepareNoticeOfAppeal } from '../../../commands/draft-requests/forms/notice-of-appeal.ts';
import { preparePreAppealRequest } from '../../../commands/draft-requests/forms/pre-appeal-request.ts';
import { prepareTerminalDisclaimer } from '../../../commands/draft-requests/forms/terminal-disclaimer.ts';
import { prepareIssueFeeTransmittal } from '../../../commands/draft-requests/forms/issue-fee-transmittal.ts';
import { prepareClientReport } from '../../../commands/draft-requests/forms/client-report.ts';
import { prepareClaimChart } from '../../../commands/draft-requests/forms/claim-chart.ts';
import { attorneyDocketNumber, isoDate, jobIdParams } from '../../../requests/draft-schemas.ts';
import { announceSubmission, jobNotFound, submitDraftJob } from '../draft-submission.ts';
import { publicBase } from '../../public-base.ts';
import { drawingInput, extensionInput, idsInput, interviewInput } from '../../../requests/export-inputs.ts';

const text = (max = 500) => z.string().max(max);

const exportBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ids'), application_number: text(64), input: idsInput }),
  z.discriminatedUnion('form', [
    z.object({ type: z.literal('form'), form: z.literal('extension_of_time'), application_number: text(64), input: extensionInput.default({}) }),
    z.object({ type: z.literal('form'), form: z.literal('interview_request'), application_number: text(64), analysis_id: text(100), input: interviewInput }),
    z.object({ type: z.literal('form'), form: z.literal('rce_transmittal'), application_number: text(64), input: rceInput }),
    z.object({ type: z.literal('form'), form: z.literal('notice_of_appeal'), application_number: text(64), input: noticeOfAppealInput.default({}) }),
    z.object({
      type: z.literal('form'),
      form: z.literal('pre_appeal_request'),
      application_number: text(64),
      analysis_id: text(100).optional(),
      input: preAppealInput.default({}),
    }),
    z.object({
      type: z.literal('form'),
      form: z.literal('terminal_disclaimer'),
      application_number: text(64),
      analysis_id: text(100).optional(),
      input: terminalDisclaimerInput.default({}),
    }),
    z.object({ type: z.literal('form'), form: z.literal('issue_fee_transmittal'), application_number: text(64), input: issueFeeInput.default({}) }),
    z.object({
      type: z.literal('form'),
      form: z.literal('client_report'),
      application_number: text(64),
      analysis_id: text(100),
      input: clientReportInput.default({}),
    }),
    z.object({
      type: z.literal('form'),
      form: z.literal('claim_chart'),
      application_number: text(64),
      analysis_id: text(100),
      input: z.object({ date: isoDate.optional(), attorney_docket_number: attorneyDocketNumber }).strict().default({}),
    }),
  ]),
  z.object({ type: z.literal('drawing'), application_number: text(64).optional(), input: drawingInput }),
]);

type ExportBody = z.infer<typeof exportBody>;

function exportPollUrl(jobId: string): string {
  return `/api/exports/${jobId}`;
}

/**
 * The account API's billed exports (web app and MCP server): IDS (9.00), forms (5.00: petition
 * for extension of time, interview request, RCE transmittal, notice of appeal, pre-appeal brief
 * request, terminal disclaimer, issue-fee transmittal, client report, claim chart) and drawing sheets (5.00). Same job, billing and
 * download path as REST #4; poll GET /api/exports/{job_id}.
 */
export function exportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  // The papers sign with the submitting member's own practitioner profile (migration 033).
  const prepare = (accountId: string, memberId: string, body: ExportBody): Promise<PreparedDraft> => {
    switch (body.type) {
      case 'ids':
        return prepareIds(db, accountId, memberId, body.application_number, body.input);
      case 'drawing':
        return prepareDrawing(db, accountId, memberId, body.application_number, body.input);
      case 'form':
        switch (body.form) {
          case 'extension_of_time':
            return prepareExtension(db, accountId, memberId, body.application_number, body.input);
          case 'interview_request':
            return prepareInterview(db, accountId, memberId, body.application_number, body.analysis_id, body.input);
          case 'rce_transmittal':
            return prepareRceTransmittal(db, accountId, memberId, body.application_number, body.input);
          case 'notice_of_appeal':
            return prepareNoticeOfAppeal(db, accountId, memberId, body.application_number, body.input);
          case 'pre_appeal_request':
            return preparePreAppealRequest(db, accountId, memberId, body.application_number, body.analysis_id, body.input);
          case 'terminal_disclaimer':
            return prepareTerminalDisclaimer(db, accountId, memberId, body.application_number, body.analysis_id, body.input);
          case 'issue_fee_transmittal':
            return prepareIssueFeeTransmittal(db, accountId, memberId, body.application_number, body.input);
          case 'client_report':
            return prepareClientReport(db, accountId, memberId, body.application_number, body.analysis_id, body.input);
          case 'claim_chart':
            return prepareClaimChart(db, accountId, memberId, body.application_number, body.analysis_id, body.input);
        }
    }
  };

  r.post(
    '/exports',
    {
      config: { auth: 'account', permission: 'sign' },
      onRequest: announceSubmission(ctx),
      schema: {
        tags: ['exports'],
        headers: z.object({ 'idempotency-key': z.string().optional() }).loose(),
        body: exportBody,
        response: {
          200: exportSubmissionSchema.describe('An Idempotency-Key retry: the same job, not charged again'),
          202: exportSubmissionSchema.describe('Submitted and charged: poll poll_url'),
        },
      },
    },
    async (request, reply) => {
      const accountId = accountIdOf(request);
      const job = await submitDraftJob(ctx, request, reply, 'exports', () => prepare(accountId, memberIdOf(request), request.body));
      const price = EXPORT_PRICES[job.export_type as keyof typeof EXPORT_PRICES];
      return reply.send(presentExportSubmission(job, exportPollUrl(job.id), formatCredits(price.priceMicro)));
    },
  );

  r.get(
    '/exports/:job_id',
    { config: { auth: 'account' }, schema: { tags: ['exports'], params: jobIdParams, response: { 200: draftJobWireSchema } } },
    async (request) => {
      const job = await findDraftJob(db, accountIdOf(request), request.params.job_id);
      if (!job) throw jobNotFound();
      return presentDraftJob(job, await downloadLinkFor(ctx, publicBase(ctx.config, request), job));
    },
  );

  r.get(
    '/exports',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['exports'],
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(20),
          before: z.string().max(100).optional(),
          type: z.enum(['oa_response', 'ids', 'form', 'drawing']).optional(),
        }),
        response: { 200: draftJobPageSchema },
      },
    },
    async (request) => {
      const { jobs, nextCursor } = await listDraftJobs(db, accountIdOf(request), {
        limit: request.query.limit,
        before: request.query.before,
        exportType: request.query.type,
      });
      return {
        exports: await Promise.all(jobs.map(async (j) => presentDraftJob(j, await downloadLinkFor(ctx, publicBase(ctx.config, request), j)))),
        next_cursor: nextCursor,
      };
    },
  );
}
