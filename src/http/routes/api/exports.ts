import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { draftJobCreator } from '../../../commands/draft-job-creator.ts';
import { prepareDrawing, prepareExtension, prepareIds, prepareInterview } from '../../../commands/draft-requests/exports.ts';
import { EXPORT_PRICES } from '../../../domain/pricing.ts';
import { formatCredits } from '../../../domain/money.ts';
import { findDraftJob, listDraftJobs } from '../../../queries/draft-jobs.ts';
import { presentDraftJob, presentSubmission } from '../../../presenters/draft-job.ts';
import type { PreparedDraft } from '../../../jobs/requests.ts';
import type { DraftJobRow } from '../../../db/schema.ts';
import type { IdsTimingResult } from '../../../domain/ids-timing.ts';
import { usptoFeesOf } from '../../../presenters/form-fees.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { actorOf } from '../../actor.ts';
import { idempotencyKeyOf } from '../../idempotency-key.ts';
import { downloadLinkFor } from '../../download-links.ts';
import { clientReportInput, issueFeeInput, noticeOfAppealInput, preAppealInput, rceInput, terminalDisclaimerInput } from './form-inputs.ts';
import { prepareRceTransmittal } from '../../../commands/draft-requests/forms/rce-transmittal.ts';
import { prepareNoticeOfAppeal } from '../../../commands/draft-requests/forms/notice-of-appeal.ts';
import { preparePreAppealRequest } from '../../../commands/draft-requests/forms/pre-appeal-request.ts';
import { prepareTerminalDisclaimer } from '../../../commands/draft-requests/forms/terminal-disclaimer.ts';
import { prepareIssueFeeTransmittal } from '../../../commands/draft-requests/forms/issue-fee-transmittal.ts';
import { prepareClientReport } from '../../../commands/draft-requests/forms/client-report.ts';
import { prepareClaimChart } from '../../../commands/draft-requests/forms/claim-chart.ts';
import { attorneyDocketNumber, isoDate, jobIdParams, practitionerSchema, strategySelectionsSchema } from '../draft-schemas.ts';
import { jobNotFound } from '../v1/draft-roa.ts';

const text = (max = 500) => z.string().max(max);

const usDocument = z.object({
  number: text(32),
  kind_code: text(8).optional(),
  date: isoDate,
  patentee_or_applicant: text(200),
  relevant_passages: text(500).optional(),
});

export const idsInput = z.object({
  timing: z.enum(['1.97(b)', '1.97(c)', '1.97(d)']).optional().describe('Default: the window the docket gives (GET /api/applications/{number}/ids-timing); a stated timing that does not fit is refused (422 ids_timing_mismatch).'),
  statement: z.enum(['1.97(e)(1)', '1.97(e)(2)']).optional(),
  pay_fee_1_17_p: z.boolean().optional(),
  us_patents: z.array(usDocument).max(1000).optional(),
  us_publications: z.array(usDocument).max(1000).optional(),
  foreign_documents: z.array(usDocument.extend({
    country_code: z.string().regex(/^[A-Z]{2}$/),
    translation_attached: z.boolean().optional(),
    concise_explanation: text(2000).optional().describe('Concise explanation of relevance for a document not in English without a translation (37 CFR 1.98(a)(3)(i)); without it the paper leaves a counted place'),
  })).max(1000).optional(),
  non_patent_literature: z.array(z.object({
    citation: text(2000),
    translation_attached: z.boolean().optional(),
    english: z.boolean().optional().describe('false for an item not in English: it then needs concise_explanation or a translation'),
    concise_explanation: text(2000).optional(),
  })).max(1000).optional(),
  items_previously_submitted: z.number().int().min(0).max(100_000).optional(),
  date: isoDate.optional(),
  deposit_account: text(32).optional().describe('Default: the practitioner profile\'s'),
  practitioner: practitionerSchema.optional(),
  attorney_docket_number: attorneyDocketNumber,
});

export const extensionInput = z.object({
  months: z.number().int().min(1).max(5).optional().describe('Default: the fewest months that make petition_date timely, per the deadline engine.'),
  entity_size: z.enum(['large', 'small', 'micro']).optional().describe('Default: the application\'s entity status (docket entry, USPTO record), else the account\'s'),
  petition_date: isoDate.optional(),
  deposit_account: text(32).optional().describe('Default: the practitioner profile\'s'),
  practitioner: practitionerSchema.optional(),
  attorney_docket_number: attorneyDocketNumber,
});

export const interviewInput = z.object({
  interview_type: z.enum(['telephonic', 'video', 'in_person']),
  strategy_selections: strategySelectionsSchema,
  participants: z.array(z.object({ name: text(200), role: z.enum(['attorney', 'agent', 'applicant', 'inventor', 'other']), registration_number: text(32).optional() })).max(20).optional(),
  proposed_slots: z.array(z.object({ date: isoDate, time: text(64).optional() })).max(10).optional(),
  exhibit: text(2000).optional(),
  request_date: isoDate.optional(),
  office_action_date: isoDate.optional(),
  practitioner: practitionerSchema.optional(),
  attorney_docket_number: attorneyDocketNumber,
});

export const drawingInput = z.object({
  title: text(500).optional(),
  figure_label: text(32),
  kind: z.enum(['block', 'flow']),
  nodes: z.array(z.object({ id: text(64), label: text(200), ref_numeral: z.union([text(16), z.number().int().min(0)]), shape: z.enum(['box', 'decision', 'terminal', 'io', 'storage']).optional() })).max(60),
  edges: z.array(z.object({ from: text(64), to: text(64), label: text(100).optional() })).max(200),
  paper: z.enum(['letter', 'a4']).optional(),
  sheet: z.object({ number: z.number().int().min(1), of: z.number().int().min(1) }).optional(),
  application_number: text(64).optional(),
  first_named_inventor: text(200).optional(),
  attorney_docket_number: text(64).optional(),
  sheet_label: z.enum(['replacement', 'new', 'annotated']).optional().describe('For a sheet filed after the filing date: "Replacement Sheet", "New Sheet" or "Annotated Sheet Showing Changes" in the top margin (37 CFR 1.121(d))'),
});

const exportBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ids'), application_number: text(64), input: idsInput }),
  z.discriminatedUnion('form', [
    z.object({ type: z.literal('form'), form: z.literal('extension_of_time'), application_number: text(64), input: extensionInput.default({}) }),
    z.object({ type: z.literal('form'), form: z.literal('interview_request'), application_number: text(64), analysis_id: text(100), input: interviewInput }),
    z.object({ type: z.literal('form'), form: z.literal('rce_transmittal'), application_number: text(64), input: rceInput }),
    z.object({ type: z.literal('form'), form: z.literal('notice_of_appeal'), application_number: text(64), input: noticeOfAppealInput.default({}) }),
    z.object({ type: z.literal('form'), form: z.literal('pre_appeal_request'), application_number: text(64), analysis_id: text(100).optional(), input: preAppealInput.default({}) }),
    z.object({ type: z.literal('form'), form: z.literal('terminal_disclaimer'), application_number: text(64), analysis_id: text(100).optional(), input: terminalDisclaimerInput.default({}) }),
    z.object({ type: z.literal('form'), form: z.literal('issue_fee_transmittal'), application_number: text(64), input: issueFeeInput.default({}) }),
    z.object({ type: z.literal('form'), form: z.literal('client_report'), application_number: text(64), analysis_id: text(100), input: clientReportInput.default({}) }),
    z.object({ type: z.literal('form'), form: z.literal('claim_chart'), application_number: text(64), analysis_id: text(100), input: z.object({ date: isoDate.optional(), attorney_docket_number: attorneyDocketNumber }).strict().default({}) }),
  ]),
  z.object({ type: z.literal('drawing'), application_number: text(64).optional(), input: drawingInput }),
]);

type ExportBody = z.infer<typeof exportBody>;

/** What the submission decided that the caller should see at once: an IDS's 37 CFR 1.97 window. */
function submissionDetails(job: DraftJobRow): Record<string, unknown> {
  const request = job.request as { timing?: IdsTimingResult } | null;
  if (job.export_type === 'ids' && request?.timing) return { ids_timing: request.timing };
  const fees = usptoFeesOf(job.request);
  return fees.length ? { uspto_fees: fees } : {};
}

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

  const prepare = (accountId: string, body: ExportBody): Promise<PreparedDraft> => {
    switch (body.type) {
      case 'ids':
        return prepareIds(db, accountId, body.application_number, body.input);
      case 'drawing':
        return prepareDrawing(db, accountId, body.application_number, body.input);
      case 'form':
        switch (body.form) {
          case 'extension_of_time':
            return prepareExtension(db, accountId, body.application_number, body.input);
          case 'interview_request':
            return prepareInterview(db, accountId, body.application_number, body.analysis_id, body.input);
          case 'rce_transmittal':
            return prepareRceTransmittal(db, accountId, body.application_number, body.input);
          case 'notice_of_appeal':
            return prepareNoticeOfAppeal(db, accountId, body.application_number, body.input);
          case 'pre_appeal_request':
            return preparePreAppealRequest(db, accountId, body.application_number, body.analysis_id, body.input);
          case 'terminal_disclaimer':
            return prepareTerminalDisclaimer(db, accountId, body.application_number, body.analysis_id, body.input);
          case 'issue_fee_transmittal':
            return prepareIssueFeeTransmittal(db, accountId, body.application_number, body.input);
          case 'client_report':
            return prepareClientReport(db, accountId, body.application_number, body.analysis_id, body.input);
          case 'claim_chart':
            return prepareClaimChart(db, accountId, body.application_number, body.analysis_id, body.input);
        }
    }
  };

  r.post('/api/exports', {
    config: { auth: 'account', permission: 'sign' },
    schema: { tags: ['exports'], headers: z.object({ 'idempotency-key': z.string().optional() }).loose(), body: exportBody },
  }, async (request, reply) => {
    const accountId = accountIdOf(request);
    const queue = await ctx.queue.get();
    const { job, replayed } = await draftJobCreator(db, actorOf(request), {
      accountId,
      idempotencyKey: idempotencyKeyOf(request),
      requestForFingerprint: ['exports', request.body],
      prepare: () => prepare(accountId, request.body),
      enqueue: queue.enqueue,
    });
    if (replayed) reply.header('Idempotent-Replayed', 'true');
    const price = EXPORT_PRICES[job.export_type as keyof typeof EXPORT_PRICES];
    return reply.status(replayed ? 200 : 202).send({
      ...presentSubmission(job, exportPollUrl(job.id)),
      export_type: job.export_type,
      ...(job.form_kind ? { form: job.form_kind } : {}),
      price: formatCredits(price.priceMicro),
      ...submissionDetails(job),
    });
  });

  r.get('/api/exports/:job_id', { config: { auth: 'account' }, schema: { tags: ['exports'], params: jobIdParams } }, async (request) => {
    const job = await findDraftJob(db, accountIdOf(request), request.params.job_id);
    if (!job) throw jobNotFound();
    return presentDraftJob(job, await downloadLinkFor(ctx, job));
  });

  r.get('/api/exports', {
    config: { auth: 'account' },
    schema: {
      tags: ['exports'],
      querystring: z.object({
        limit: z.coerce.number().int().min(1).max(100).default(20),
        before: z.string().max(100).optional(),
        type: z.enum(['oa_response', 'ids', 'form', 'drawing']).optional(),
      }),
    },
  }, async (request) => {
    const { jobs, nextCursor } = await listDraftJobs(db, accountIdOf(request), { limit: request.query.limit, before: request.query.before, exportType: request.query.type });
    return { exports: await Promise.all(jobs.map(async (j) => presentDraftJob(j, await downloadLinkFor(ctx, j)))), next_cursor: nextCursor };
  });
}
