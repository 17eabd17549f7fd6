import { z } from 'zod';
import { defineTool, READ_ONLY, WRITE, WRITE_IDEMPOTENT } from '../tool.ts';
import { BackendError, seg } from '../backend-client.ts';
import { STRATEGY_CODES } from '../../domain/response-plan/strategies.ts';
import {
  argumentEditSchema,
  claimEditSchema,
  electionEditSchema,
  groundStrategyEditSchema,
  type missingItemSchema,
  planCompletenessSchema,
  planPreviewSchema,
  planSubmissionSchema,
  responsePlanSchema,
  type ArgumentEditWire,
  type ElectionEditWire,
  type PlanCompletenessWire,
  type PlanPreviewWire,
  type PlanSubmissionWire,
  type ResponsePlanWire,
} from '../../presenters/response-plan.ts';
import { draftJobWireSchema } from '../../presenters/draft-job.ts';
import { idempotencyKey, jobObject, readJob, type JobObject } from './shared.ts';

/**
 * The guided response wizard: a response plan persisted server-side (the web app shows and edits
 * the same plan). Start it from an analysis, choose a strategy per claim, write amended claims and
 * arguments, check completeness, preview, then submit: the billed 49.00 draft (REST #4's job).
 */

const planId = z.string().min(1).max(100).describe('plan_id from start_response');
const strategy = z.enum(STRATEGY_CODES as [string, ...string[]]);

type MissingItem = z.infer<typeof missingItemSchema>;
const planOutput = responsePlanSchema;
type PlanOutput = ResponsePlanWire;

function missingText(missing: readonly MissingItem[], max = 3): string {
  if (!missing.length) return '';
  return ` Missing: ${missing
    .slice(0, max)
    .map((m) => m.message)
    .join(' ')}${missing.length > max ? ` (+${missing.length - max} more: check_response_completeness)` : ''}`;
}

function describePlan(p: PlanOutput): string {
  const grounds = p.grounds.map((g) => `${g.ground_id} ${g.answered ? 'answered' : 'NOT answered'}`).join(', ');
  const head = `Plan ${p.plan_id} (${p.status}, version ${p.version}) for ${p.application_number}, ${p.office_action.kind.replaceAll('_', ' ')}: ${p.claims.length} claims; grounds: ${grounds || 'none'}.`;
  if (p.status === 'submitted') return `${head} Submitted as job ${p.draft_job?.job_id}: use get_draft_status.`;
  return p.completeness.complete
    ? `${head} Complete: preview_response, then submit_response (49.00 credits).`
    : `${head} Incomplete (${p.completeness.missing_count} items).${missingText(p.completeness.missing)}`;
}

const startResponse = defineTool({
  name: 'start_response',
  title: 'Start a response to an office action',
  description:
    "Starts the guided response from an analysis (or returns the open plan for it): every ground of rejection and objection listed with its id, a default strategy per claim (the analysis' recommendation), and a completeness report. Free. The plan is saved: the user sees and can edit the same plan in the Prosa web app. " +
    'Next: set_claim_strategy, set_claim_text (amended claims, with the claim as it stands for the 1.121(c) markup), add_argument per ground, set_election for a restriction, then check_response_completeness, preview_response and submit_response.',
  group: 'response',
  price: 'free',
  input: z.object({ analysis_id: z.string().min(1).max(100).describe('From analyze_office_action or list_analyses') }),
  output: planOutput,
  annotations: WRITE_IDEMPOTENT,
  async run(args, ctx) {
    const plan = await ctx.api.post<PlanOutput>('/api/response-plans', { analysis_id: args.analysis_id });
    return { data: plan, summary: describePlan(plan) };
  },
});

const getResponsePlan = defineTool({
  name: 'get_response_plan',
  title: 'Get a response plan',
  description:
    "The response plan as it stands (including edits made in the web app): grounds with their arguments and answered state, each claim's strategy, texts and 1.121(c) markup, the election, what is missing, and the draft job once submitted. Free.",
  group: 'response',
  price: 'free',
  input: z.object({ plan_id: planId }),
  output: planOutput,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const plan = await ctx.api.get<PlanOutput>(`/api/response-plans/${seg(args.plan_id)}`);
    return { data: plan, summary: describePlan(plan) };
  },
});

const claimEditOutput = claimEditSchema;
/** set_claim_strategy: the claim; with ground_id, also that ground's answer for it and where the ground stands. */
const strategyEditOutput = claimEditSchema.extend({
  ground_answer: groundStrategyEditSchema.shape.ground_answer.optional(),
  ground: groundStrategyEditSchema.shape.ground.optional(),
});
type StrategyEdit = z.infer<typeof strategyEditOutput>;

const strategyWords = (code: string | null) => (code ?? 'none').replaceAll('_', ' ');

const setClaimStrategy = defineTool({
  name: 'set_claim_strategy',
  title: 'Choose the strategy for a claim',
  description:
    `Sets one claim's strategy in the plan. Codes: amend_narrow (add a limitation; needs set_claim_text), amend_clarify (formal or 112(b) amendment; needs set_claim_text), rewrite_independent (needs set_claim_text), argue_distinction / argue_unexpected_results (need add_argument on each of the claim's grounds), cancel, terminal_disclaimer (double patenting only), no_action, elect, provide_information. Every code the analysis recommends is accepted. ` +
    `With ground_id (a ground of rejection of the claim), sets that ground's own answer instead, e.g. terminal_disclaimer for r1-dp beside amend_clarify for the claim's 112(b) ground, or argue_distinction for a 103 ground of a claim amended to clarify; strategy null removes it. Each claim lists its grounds' answers and allowed choices in ground_answers. Refused: unknown_ground, ground_not_for_claim, strategy_cannot_answer_ground, strategy_conflicts_with_claim. Free.`,
  group: 'response',
  price: 'free',
  input: z.object({
    plan_id: planId,
    claim_number: z.number().int().min(1).max(9999),
    ground_id: z.string().min(1).max(64).optional().describe("A ground of rejection of this claim (e.g. r1-dp): set that ground's answer only"),
    strategy: strategy.nullable().describe("null only with ground_id: the ground's answer follows the claim's strategy again"),
  }),
  output: strategyEditOutput,
  annotations: WRITE_IDEMPOTENT,
  async run(args, ctx) {
    if (args.ground_id === undefined) {
      if (args.strategy === null) {
        throw new BackendError(
          400,
          {
            error: true,
            error_code: 'validation_error',
            message: "strategy: a claim's strategy cannot be null (null removes the answer chosen for one ground, with ground_id)",
            agent_suggestion: "Send one of the strategy codes, or add ground_id to remove that ground's own answer.",
          },
          {},
        );
      }
      const r = await ctx.api.put<StrategyEdit>(`/api/response-plans/${seg(args.plan_id)}/claims/${seg(args.claim_number)}/strategy`, {
        strategy: args.strategy,
      });
      const c = r.claim;
      return {
        data: r,
        summary: `Claim ${c.claim_number}: ${c.strategy}${c.carried_out ? '' : ` (not yet carried out: ${c.problems[0] ?? 'see the plan'})`}. Plan ${r.completeness.complete ? 'complete' : `incomplete (${r.completeness.missing_count} items)`}.`,
      };
    }
    const r = await ctx.api.put<StrategyEdit>(
      `/api/response-plans/${seg(args.plan_id)}/claims/${seg(args.claim_number)}/grounds/${seg(args.ground_id)}/strategy`,
      { strategy: args.strategy },
    );
    const a = r.ground_answer!;
    const g = r.ground!;
    return {
      data: r,
      summary: `Claim ${r.claim.claim_number}, ground ${a.ground_id}: answered by ${strategyWords(a.answer)}${a.chosen ? ' (chosen for this ground)' : " (follows the claim's strategy)"}; the ground is ${g.answered ? 'answered' : `not yet answered${g.unanswered_plain ? `: ${g.unanswered_plain}` : ''}`}. Plan ${r.completeness.complete ? 'complete' : `incomplete (${r.completeness.missing_count} items)`}.`,
    };
  },
});

const setClaimText = defineTool({
  name: 'set_claim_text',
  title: 'Write an amended claim',
  description:
    "Sets the amended text of a claim (clean, no markings) and/or the claim as it now stands, and returns the 37 CFR 1.121(c) markup Prosa will file: additions underlined, deletions struck through or in [[double brackets]] for five characters or fewer. The claim's strategy must amend it (amend_narrow, amend_clarify, rewrite_independent; set_claim_strategy first). Send original_text once per claim: without it no markup can be made. An empty string clears a text. Free.",
  group: 'response',
  price: 'free',
  input: z.object({
    plan_id: planId,
    claim_number: z.number().int().min(1).max(9999),
    text: z.string().max(50_000).optional().describe('The claim as amended, clean text'),
    original_text: z.string().max(50_000).optional().describe('The claim as it currently stands (before this amendment)'),
  }),
  output: claimEditOutput,
  annotations: WRITE_IDEMPOTENT,
  async run(args, ctx) {
    const body: Record<string, string> = {};
    if (args.text !== undefined) body.text = args.text;
    if (args.original_text !== undefined) body.original_text = args.original_text;
    const r = await ctx.api.put<z.infer<typeof claimEditOutput>>(`/api/response-plans/${seg(args.plan_id)}/claims/${seg(args.claim_number)}/text`, body);
    const c = r.claim;
    const m = c.markup
      ? `Markup: ${c.markup.marked_text}`
      : c.amended_text
        ? 'No markup yet: send original_text (the claim as it stands).'
        : 'Amended text cleared.';
    return { data: r, summary: `Claim ${c.claim_number} (${c.strategy}). ${m}` };
  },
});

const argumentOutput = argumentEditSchema;

const addArgument = defineTool({
  name: 'add_argument',
  title: 'Write the argument for a ground',
  description:
    "Sets the practitioner's argument (or reply) for one ground of the plan (ground_id, e.g. r1-103, o1-abstract, x1-restriction for traverse reasons, i1-information). It is placed verbatim under that ground in the drafted paper, in place of the generated skeleton for the claims argued. Replaces any earlier argument on the ground; an empty text removes it. Use explain_rejection first for the examiner's reasoning and the legal standard. Free.",
  group: 'response',
  price: 'free',
  input: z.object({ plan_id: planId, ground_id: z.string().min(1).max(64), text: z.string().max(100_000) }),
  output: argumentOutput,
  annotations: WRITE_IDEMPOTENT,
  async run(args, ctx) {
    const r = await ctx.api.put<ArgumentEditWire>(`/api/response-plans/${seg(args.plan_id)}/grounds/${seg(args.ground_id)}/argument`, {
      text: args.text,
    });
    return {
      data: r,
      summary: `${r.ground.ground_id} (${r.ground.title}): argument ${r.ground.argument ? 'saved' : 'removed'}; the ground is ${r.ground.answered ? 'answered' : 'not yet answered'}. Plan ${r.completeness.complete ? 'complete' : `incomplete (${r.completeness.missing_count} items)`}.`,
    };
  },
});

const electionOutput = electionEditSchema;

const setElection = defineTool({
  name: 'set_election',
  title: 'Elect a restriction group',
  description:
    'For a restriction or election requirement: elects one group (label as the requirement writes it, e.g. "II") and a species where required, with traverse unless traverse is false (a traverse keeps the requirement open to reconsideration and petition, 37 CFR 1.143, 1.144). The plan then elects exactly that group\'s claims and withdraws the others (37 CFR 1.142(b)); a label the requirement does not define is refused. A traverse needs its reasons: add_argument on x1-restriction. A restriction reply is not drafted without an election. Free.',
  group: 'response',
  price: 'free',
  input: z.object({
    plan_id: planId,
    group: z.string().max(64).optional(),
    species: z.string().max(500).optional(),
    traverse: z.boolean().optional().describe('Default true (with traverse).'),
  }),
  output: electionOutput,
  annotations: WRITE_IDEMPOTENT,
  async run(args, ctx) {
    const r = await ctx.api.put<ElectionEditWire>(`/api/response-plans/${seg(args.plan_id)}/election`, {
      group: args.group ?? null,
      species: args.species ?? null,
      traverse: args.traverse ?? true,
    });
    const e = r.election;
    // The API's schema allows null (a plan without an election); after a PUT it holds one.
    if (!e) return { data: r, summary: 'No election is recorded on the plan.' };
    return {
      data: r,
      summary: `Elected ${e.group ? `Group ${e.group}` : 'the invention'}${e.species ? `, species ${e.species}` : ''} ${e.traverse ? 'with' : 'without'} traverse: claims ${e.elected_claims.join(', ') || '(to be named)'}; withdrawn ${e.withdrawn_claims.join(', ') || 'none'}.`,
    };
  },
});

const completenessOutput = planCompletenessSchema;

const checkResponseCompleteness = defineTool({
  name: 'check_response_completeness',
  title: 'Check the response is complete',
  description:
    "Whether the reply answers every ground of rejection and objection (37 CFR 1.111(b)) and carries out every claim's strategy: for each ground, answered or not and by what (amendment, argument, cancellation, terminal disclaimer, abeyance, election); for each claim, carried out or not; and the list of what is missing. submit_response refuses an incomplete plan unless accept_incomplete. Free.",
  group: 'response',
  price: 'free',
  input: z.object({ plan_id: planId }),
  output: completenessOutput,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const r = await ctx.api.get<PlanCompletenessWire>(`/api/response-plans/${seg(args.plan_id)}/completeness`);
    const answered = r.grounds.filter((g) => g.answered).length;
    return {
      data: r,
      summary: r.complete
        ? `Complete: all ${r.grounds.length} grounds answered and every strategy carried out. Next: preview_response, submit_response (49.00).`
        : `Incomplete: ${answered}/${r.grounds.length} grounds answered, ${r.missing_count} items missing.${missingText(r.missing, 5)}`,
    };
  },
});

const previewOutput = planPreviewSchema;

const previewResponse = defineTool({
  name: 'preview_response',
  title: 'Preview the response',
  description:
    "An unbilled outline of the paper the plan will produce: its title, each section in order with what it will say (the practitioner's arguments quoted), and the placeholders a person must still fill, counted. Free; submit_response is what costs 49.00.",
  group: 'response',
  price: 'free',
  input: z.object({ plan_id: planId }),
  output: previewOutput,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const p = await ctx.api.get<PlanPreviewWire>(`/api/response-plans/${seg(args.plan_id)}/preview`);
    return {
      data: p,
      summary: `${p.title}: ${p.sections.map((s) => s.heading).join(' / ')}. ${p.placeholders_total} placeholder(s) left; ${p.complete ? 'complete' : `incomplete (${p.missing_count} items)`}. Submitting costs ${p.price_to_submit} credits.`,
    };
  },
});

const submissionOutput = planSubmissionSchema;

const submitResponse = defineTool({
  name: 'submit_response',
  title: 'Draft the response (49.00 credits)',
  description:
    "Submits the plan: drafts the response DOCX (amended claim listing with 1.121(c) markup, remarks answering each ground with the practitioner's arguments) as a job. Costs 49.00 credits (402 if the balance is short; refunded if the job fails). Refused while the plan is incomplete unless accept_incomplete is true (the paper then lists what is missing on its first page). Confirm the price with the user first. Pass an idempotency_key to retry safely. Next: get_draft_status until complete, then get_download_link.",
  group: 'response',
  price: '49.00',
  input: z.object({
    plan_id: planId,
    accept_incomplete: z.boolean().optional(),
    response_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional()
      .describe('Date the response is signed; default today'),
    office_action_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional()
      .describe('Mailing date of the action, when neither its text nor the docket gives it'),
    attorney: z
      .object({
        name: z.string().max(200).optional(),
        registration_number: z.string().max(32).optional(),
        firm: z.string().max(200).optional(),
        telephone: z.string().max(64).optional(),
        customer_number: z.string().max(32).optional(),
      })
      .optional()
      .describe('Default: your own practitioner profile (set_practitioner_profile)'),
    idempotency_key: idempotencyKey,
  }),
  output: submissionOutput,
  annotations: WRITE,
  async run(args, ctx) {
    const { plan_id, idempotency_key, ...body } = args;
    const r = await ctx.api.post<PlanSubmissionWire>(`/api/response-plans/${seg(plan_id)}/submit`, body, { idempotencyKey: idempotency_key });
    return {
      data: r,
      summary: `Charged ${r.price} credits; response job ${r.job_id} is ${r.status}${r.completeness && !r.completeness.complete ? ' (drafted from an incomplete plan)' : ''}. Call get_draft_status with job_id ${r.job_id} about every 5 seconds.`,
    };
  },
});

const getDraftStatus = defineTool({
  name: 'get_draft_status',
  title: 'Response draft status',
  description:
    'Status of a drafted response (job_id from submit_response): queued, in progress with percent and step, complete (with a download link valid 1 hour) or failed (refunded). Poll about every 5 seconds; free.',
  group: 'response',
  price: 'free',
  input: z.object({ job_id: z.string().min(1).max(100) }),
  output: jobObject,
  annotations: READ_ONLY,
  run: (args, ctx) => readJob(ctx, args.job_id),
});

/** A complete job's link: the job object's fields, the link required, the optional ones null when absent. */
const linkOutput = z.object({
  job_id: draftJobWireSchema.shape.job_id,
  download_url: draftJobWireSchema.shape.download_url.unwrap(),
  download_expires_at: draftJobWireSchema.shape.download_expires_at.unwrap().nullable(),
  filename: draftJobWireSchema.shape.filename.unwrap(),
});

const getDownloadLink = defineTool({
  name: 'get_download_link',
  title: 'Download link for a drafted document',
  description:
    'A fresh signed download link (valid 1 hour, no sign-in needed to fetch it) for a completed document job. Free. Fails with job_not_complete while the job is still running: call get_draft_status.',
  group: 'response',
  price: 'free',
  input: z.object({ job_id: z.string().min(1).max(100) }),
  output: linkOutput,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const job = await ctx.api.get<JobObject>(`/api/exports/${seg(args.job_id)}`);
    if (job.status !== 'complete' || !job.download_url) {
      throw new BackendError(
        409,
        {
          error: true,
          error_code: job.status === 'failed' ? 'job_failed' : 'job_not_complete',
          message:
            job.status === 'failed'
              ? `Job ${job.job_id} failed: ${job.error_message ?? 'no document was produced'} (its charge was refunded).`
              : `Job ${job.job_id} is ${job.status}; the document is not ready.`,
          agent_suggestion:
            job.status === 'failed'
              ? 'Tell the user; fix what the message names and submit again.'
              : 'Call get_draft_status about every 5 seconds until the status is complete, then ask again.',
        },
        {},
      );
    }
    const data = { job_id: job.job_id, download_url: job.download_url, download_expires_at: job.download_expires_at ?? null, filename: job.filename ?? null };
    return {
      data,
      summary: `Download ${data.filename ?? 'the document'} (link valid until ${data.download_expires_at ?? 'one hour from now'}): ${data.download_url}`,
    };
  },
});

export const RESPONSE_TOOLS = [
  startResponse,
  getResponsePlan,
  setClaimStrategy,
  setClaimText,
  addArgument,
  setElection,
  checkResponseCompleteness,
  previewResponse,
  submitResponse,
  getDraftStatus,
  getDownloadLink,
];
