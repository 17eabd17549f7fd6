import { z } from 'zod';
import { defineTool, READ_ONLY, WRITE, type ToolContext } from '../tool.ts';
import { seg } from '../backend-client.ts';
import { drawingInput, extensionInput, idsInput, interviewInput } from '../../requests/export-inputs.ts';
import { clientReportInput, issueFeeInput, noticeOfAppealInput, preAppealInput, rceInput, terminalDisclaimerInput } from '../../requests/form-inputs.ts';
import { idsTimingSchema, type IdsTimingWire } from '../../presenters/ids-timing.ts';
import { applicationNumber, describeJob, idempotencyKey, jobObject, readJob } from './shared.ts';
import { exportSubmissionSchema, type ExportSubmissionWire } from '../../presenters/export-submission.ts';
import { draftJobPageSchema } from '../../presenters/draft-job.ts';

/**
 * Patent-office forms, billed at the spec's export prices (IDS 9.00, Form 5.00, Drawing 5.00),
 * built by the same job queue as responses. Each returns a job: poll get_export until complete.
 */

/** POST /api/exports' answer (IDS timing or USPTO fees where the export has them). */
const submission = exportSubmissionSchema;

async function submitExport(ctx: ToolContext, body: Record<string, unknown>, key: string | undefined) {
  const job = await ctx.api.post<ExportSubmissionWire>('/api/exports', body, { idempotencyKey: key });
  return { data: job, summary: `Charged ${job.price} credits. ${describeJob(job)} Call get_export with job_id ${job.job_id}.` };
}

const prepareIds = defineTool({
  name: 'prepare_ids',
  title: 'Prepare an Information Disclosure Statement',
  description:
    "Builds an IDS (PTO/SB/08 content, 37 CFR 1.97-1.98) as a DOCX: U.S. patents, U.S. publications, foreign documents and non-patent literature. The 1.97 window (b), (c) or (d) comes from the docket (see get_ids_timing): leave ids.timing out to use it; the 1.17(p) fee is authorized where the window needs it, at the amount for the application's entity status; (d) also needs ids.statement (1.97(e)(1) or (e)(2)), which only the signer can make. A stated timing that does not fit, or an IDS after the issue fee, is refused uncharged. Costs 9.00 credits (402 if the balance is short). Returns a job with ids_timing: poll get_export.",
  group: 'forms',
  price: '9.00',
  input: z.object({ application_number: applicationNumber, ids: idsInput, idempotency_key: idempotencyKey }),
  output: submission,
  annotations: WRITE,
  async run(args, ctx) {
    const res = await submitExport(ctx, { type: 'ids', application_number: args.application_number, input: args.ids }, args.idempotency_key);
    const timing = (res.data as { ids_timing?: { window: string; explanation: string } }).ids_timing;
    return timing ? { data: res.data, summary: `${res.summary} Window: ${timing.explanation}` } : res;
  },
});

const getIdsTiming = defineTool({
  name: 'get_ids_timing',
  title: 'IDS timing window (37 CFR 1.97)',
  description:
    "Which window of 37 CFR 1.97 an IDS filed on `date` (default today) falls in, from the docket's dates (filing, first action on the merits, final/allowance/Quayle, RCE, issue fee): 1.97(b) nothing needed; 1.97(c) the 1.97(e) statement or the 1.17(p) fee; 1.97(d) both; after the issue fee, not considered. Gives the basis dates and the 1.17(p) fee for the application's entity status. Free. Next: prepare_ids (9.00).",
  group: 'forms',
  price: 'free',
  input: z.object({
    application_number: applicationNumber,
    date: z.iso.date().optional().describe('The day the IDS would be filed, YYYY-MM-DD; default today'),
  }),
  output: idsTimingSchema,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const r = await ctx.api.get<IdsTimingWire>(`/api/applications/${seg(args.application_number)}/ids-timing`, { date: args.date });
    return { data: r, summary: `${r.application_number}, IDS filed ${r.filed_on}: ${r.explanation}` };
  },
});

const prepareExtensionPetition = defineTool({
  name: 'prepare_extension_petition',
  title: 'Prepare a petition for extension of time',
  description:
    "Builds a 37 CFR 1.136(a) petition for extension of time for the application's pending action: months (default: the fewest that make the petition date timely, from the deadline engine) and the 1.17(a) fee for the application's entity status. Costs 5.00 credits. Use get_extension_options first to show the user the months and fees. Returns a job: poll get_export.",
  group: 'forms',
  price: '5.00',
  input: z.object({ application_number: applicationNumber, petition: extensionInput.default({}), idempotency_key: idempotencyKey }),
  output: submission,
  annotations: WRITE,
  run: (args, ctx) =>
    submitExport(ctx, { type: 'form', form: 'extension_of_time', application_number: args.application_number, input: args.petition }, args.idempotency_key),
});

const prepareInterviewRequest = defineTool({
  name: 'prepare_interview_request',
  title: 'Prepare an interview request (PTOL-413A)',
  description:
    'Builds an Applicant Initiated Interview Request (PTOL-413A content) with an agenda drawn from an analysis: the claims and grounds to discuss and the proposed strategy per claim. Costs 5.00 credits. Needs an analysis_id (analyze_office_action or list_analyses). Returns a job: poll get_export.',
  group: 'forms',
  price: '5.00',
  input: z.object({ application_number: applicationNumber, analysis_id: z.string().min(1).max(100), request: interviewInput, idempotency_key: idempotencyKey }),
  output: submission,
  annotations: WRITE,
  run: (args, ctx) =>
    submitExport(
      ctx,
      { type: 'form', form: 'interview_request', application_number: args.application_number, analysis_id: args.analysis_id, input: args.request },
      args.idempotency_key,
    ),
});

const prepareDrawingSheet = defineTool({
  name: 'prepare_drawing_sheet',
  title: 'Prepare a drawing sheet',
  description:
    'Draws a block diagram or flowchart sheet within 37 CFR 1.84 margins from nodes and edges (reference numerals on every element). Costs 5.00 credits. Returns a job: poll get_export.',
  group: 'forms',
  price: '5.00',
  input: z.object({ application_number: applicationNumber.optional(), drawing: drawingInput, idempotency_key: idempotencyKey }),
  output: submission,
  annotations: WRITE,
  run: (args, ctx) =>
    submitExport(
      ctx,
      { type: 'drawing', ...(args.application_number ? { application_number: args.application_number } : {}), input: args.drawing },
      args.idempotency_key,
    ),
});

const formSubmission = submission;

/** A form at the Form price: the same /api/exports call, the USPTO fees named in the summary. */
async function submitForm(
  ctx: ToolContext,
  form: string,
  args: { application_number: string; analysis_id?: string; idempotency_key?: string },
  input: unknown,
) {
  const res = await submitExport(
    ctx,
    { type: 'form', form, application_number: args.application_number, ...(args.analysis_id ? { analysis_id: args.analysis_id } : {}), input },
    args.idempotency_key,
  );
  const fees = (res.data as { uspto_fees?: { citation: string; amount: string | null }[] }).uspto_fees ?? [];
  return fees.length
    ? { data: res.data, summary: `${res.summary} USPTO fees on the paper: ${fees.map((f) => `${f.citation} ${f.amount ?? 'n/a'} USD`).join(', ')}.` }
    : res;
}

const analysisId = z.string().min(1).max(100);

/**
 * What sets one Form-price tool apart from another: its name and words, the form it asks
 * /api/exports for, the argument its form input travels in, and whether it reads an analysis.
 */
interface FormToolSpec {
  name: string;
  title: string;
  description: string;
  form: string;
  /** The argument holding the form's input (e.g. `rce`), with its schema; none for a form with no input of its own. */
  inputArg?: { name: string; schema: z.ZodType };
  analysis: 'none' | 'optional' | 'required';
}

/** One tool per form at the Form price (5.00), all submitted the same way (submitForm). */
function formTool(spec: FormToolSpec) {
  const shape: Record<string, z.ZodType> = { application_number: applicationNumber };
  if (spec.analysis === 'required') shape.analysis_id = analysisId;
  if (spec.analysis === 'optional') shape.analysis_id = analysisId.optional();
  if (spec.inputArg) shape[spec.inputArg.name] = spec.inputArg.schema;
  shape.idempotency_key = idempotencyKey;
  return defineTool({
    name: spec.name,
    title: spec.title,
    description: spec.description,
    group: 'forms',
    price: '5.00',
    input: z.object(shape),
    output: formSubmission,
    annotations: WRITE,
    run: (args, ctx) => {
      const a = args as { application_number: string; analysis_id?: string; idempotency_key?: string } & Record<string, unknown>;
      return submitForm(ctx, spec.form, a, spec.inputArg ? a[spec.inputArg.name] : {});
    },
  });
}

const prepareRceTransmittal = formTool({
  name: 'prepare_rce_transmittal',
  title: 'Prepare an RCE transmittal (PTO/SB/30)',
  description:
    "Builds a request for continued examination (37 CFR 1.114, PTO/SB/30 content) for an application whose prosecution is closed (final, allowance or Quayle action, issue fee unpaid): the submission (a reply previously filed, or amendment/IDS/declaration enclosed), the 1.17(e)(1) or (e)(2) fee for the application's entity status (first or later RCE, from the docket) and an extension of time when the period has run. Refused uncharged (409 rce_not_available) while prosecution is open. Costs 5.00 credits. Returns a job: poll get_export.",
  form: 'rce_transmittal',
  inputArg: { name: 'rce', schema: rceInput },
  analysis: 'none',
});

const prepareNoticeOfAppeal = formTool({
  name: 'prepare_notice_of_appeal',
  title: 'Prepare a notice of appeal',
  description:
    "Builds a notice of appeal to the PTAB (37 CFR 41.31) with the 41.20(b)(1) fee for the application's entity status, and an extension of time when the period has run. The claims must have been twice rejected (409 not_twice_rejected otherwise, uncharged). Costs 5.00 credits. Returns a job: poll get_export.",
  form: 'notice_of_appeal',
  inputArg: { name: 'appeal', schema: noticeOfAppealInput.default({}) },
  analysis: 'none',
});

const preparePreAppealRequest = formTool({
  name: 'prepare_pre_appeal_request',
  title: 'Prepare a pre-appeal brief request for review',
  description:
    'Builds a pre-appeal brief request for review (1296 OG 67): filed with the notice of appeal, no USPTO fee, at most 5 pages of arguments (about 1,750 words; 400 beyond). With analysis_id, one section per rejection ground (arguments matched by ground_id, unargued grounds left as counted places). Costs 5.00 credits. Returns a job: poll get_export.',
  form: 'pre_appeal_request',
  inputArg: { name: 'request', schema: preAppealInput.default({}) },
  analysis: 'optional',
});

const prepareTerminalDisclaimer = formTool({
  name: 'prepare_terminal_disclaimer',
  title: 'Prepare a terminal disclaimer',
  description:
    "Builds a terminal disclaimer to obviate a nonstatutory double patenting rejection (37 CFR 1.321(c)) over the named patent or application (or the one the analysis's DP ground names, with analysis_id), with the common-ownership agreement, the eTD note and the 1.20(d) fee. Costs 5.00 credits. Returns a job: poll get_export.",
  form: 'terminal_disclaimer',
  inputArg: { name: 'disclaimer', schema: terminalDisclaimerInput.default({}) },
  analysis: 'optional',
});

const prepareIssueFeeTransmittal = formTool({
  name: 'prepare_issue_fee_transmittal',
  title: 'Prepare an issue fee transmittal (PTOL-85B)',
  description:
    "Builds the issue fee transmittal content (PTOL-85 Part B) for an application with an unpaid notice of allowance: issue fee 1.18(a) and publication fee 1.18(d)(1) for the application's entity status, the non-extendable three-month due date (37 CFR 1.311(a)), front-page names and assignee, and notes on reasons for allowance and continuations. 409 without a notice of allowance or after the due date, uncharged. Costs 5.00 credits. Returns a job: poll get_export.",
  form: 'issue_fee_transmittal',
  inputArg: { name: 'transmittal', schema: issueFeeInput.default({}) },
  analysis: 'none',
});

const prepareClientReport = formTool({
  name: 'prepare_client_report',
  title: 'Prepare a client reporting letter',
  description:
    "Builds a letter to the client on an office action from its analysis: the rejections and objections by ground and claims (the examiner's words), the deadlines (period set, each extension month with its last day and USPTO fee), the options with their USPTO fees (RCE, appeal, issue fee... as the action allows), every decision the client must make with its fees and effects (terminal disclaimer, election, narrowing amendments...) and the recommendation, promising no outcome. Needs analysis_id. Costs 5.00 credits. Returns a job: poll get_export.",
  form: 'client_report',
  inputArg: { name: 'report', schema: clientReportInput.default({}) },
  analysis: 'required',
});

const prepareClaimChart = formTool({
  name: 'prepare_claim_chart',
  title: 'Prepare the claim chart as a document',
  description:
    "Builds the claim chart of an analysed action as a DOCX working paper (landscape tables per rejected claim: limitation, the examiner's words, the passage cited as the reference reads, what was noticed), from the file as it stands (get_claim_chart shows the same chart free). Needs analysis_id. Costs 5.00 credits. Returns a job: poll get_export.",
  form: 'claim_chart',
  analysis: 'required',
});

const listExports = defineTool({
  name: 'list_exports',
  title: 'List documents',
  description:
    "The account's generated documents (responses, IDSs, forms, drawings), newest first, each with its status and, when complete, a fresh download link valid 1 hour. Free.",
  group: 'forms',
  price: 'free',
  input: z.object({
    type: z.enum(['oa_response', 'ids', 'form', 'drawing']).optional(),
    limit: z.number().int().min(1).max(100).default(20),
    before: z.string().max(100).optional().describe('next_cursor from a previous page'),
  }),
  output: draftJobPageSchema,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const page = await ctx.api.get<z.infer<typeof draftJobPageSchema>>('/api/exports', {
      type: args.type,
      limit: args.limit,
      before: args.before,
    });
    return { data: page, summary: `${page.exports.length} document(s)${page.next_cursor ? `; more with before=${page.next_cursor}` : ''}.` };
  },
});

const getExport = defineTool({
  name: 'get_export',
  title: 'Document job status',
  description:
    'Status of a document job (any kind: response, IDS, form, drawing). When complete it carries a download link valid 1 hour (calling again issues a fresh one). Poll about every 5 seconds; free.',
  group: 'forms',
  price: 'free',
  input: z.object({ job_id: z.string().min(1).max(100) }),
  output: jobObject,
  annotations: READ_ONLY,
  run: (args, ctx) => readJob(ctx, args.job_id),
});

export const FORM_TOOLS = [
  prepareIds,
  getIdsTiming,
  prepareExtensionPetition,
  prepareInterviewRequest,
  prepareRceTransmittal,
  prepareNoticeOfAppeal,
  preparePreAppealRequest,
  prepareTerminalDisclaimer,
  prepareIssueFeeTransmittal,
  prepareClientReport,
  prepareClaimChart,
  prepareDrawingSheet,
  listExports,
  getExport,
];
