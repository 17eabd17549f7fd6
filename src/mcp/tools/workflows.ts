import { z } from 'zod';
import { defineTool, READ_ONLY, WRITE, type ToolContext } from '../tool.ts';
import { BackendError, seg } from '../backend-client.ts';
import { creditsText } from '../../domain/money.ts';
import { interfaceTypeForDocumentCode } from '../../sources/uspto-codes.ts';
import { applicationNumber, describeJob, idempotencyKey } from './shared.ts';
import { planSubmissionSchema, type PlanSubmissionWire } from '../../presenters/response-plan.ts';

/**
 * Workflows: the one call an agent makes when a practitioner says "a new action came in", "what's
 * due" or "get the response ready". Each composes the single-purpose tools' `/api` calls and
 * answers with the facts and the next steps, so an agent need not improvise the sequence.
 */

interface AccountApplication {
  application_number: string;
  invention_title: string;
  examiner_name: string;
  current_art_unit: string;
  docket_entry_id: string | null;
}

interface AccountDeadlines {
  deadlines: { response_deadline: string | null; critical_deadline_date: string | null; critical_deadline_correspondence_id: string | null };
  calculation: { extensions?: { months: number; due: string; due_effective: string; fee_for_entity: string | null }[] } | null;
}

const deadlinesOut = z.object({
  response_deadline: z.string().nullable().describe('Last day to reply without an extension fee'),
  critical_deadline_date: z.string().nullable().describe('Last day a reply can be filed at all'),
  critical_deadline_correspondence_id: z.string().nullable(),
  extensions: z.array(z.object({ months: z.number().int(), due: z.string(), fee: z.string().nullable() })),
});

async function deadlinesOf(ctx: ToolContext, number: string): Promise<z.infer<typeof deadlinesOut>> {
  const d = await ctx.api.get<AccountDeadlines>(`/api/applications/${seg(number)}/deadlines`);
  const extensions = (d.calculation?.extensions ?? []).map((e) => ({ months: e.months, due: e.due_effective, fee: e.fee_for_entity }));
  return { ...d.deadlines, extensions };
}

/** A lookup that answers null for "not found" and lets every other failure through. */
async function orNull<T>(p: Promise<T>, codes: string[]): Promise<T | null> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof BackendError && codes.includes(err.body.error_code)) return null;
    throw err;
  }
}

const examinerOut = z
  .object({
    examiner_name: z.string(),
    art_unit: z.string().nullable(),
    allowance_rate: z.number().nullable(),
    avg_actions_to_allowance: z.number().nullable(),
    interview_success_rate: z.number().nullable(),
    allowance_rate_without_interview: z.number().nullable().optional(),
    interview_rates_reason: z.string().nullable().optional(),
    total_cases_analyzed: z.number().int(),
    top_rejection_bases: z.array(z.string()),
  })
  .nullable();

interface AnalysisSummary {
  analysis_id: string;
  rejection_type: string;
  claim_analyses: { claim_number: number; status: string; basis: string; recommendation: string }[];
  billing?: { cost?: string };
}

const triageOfficeAction = defineTool({
  name: 'triage_office_action',
  title: 'Triage a newly mailed office action',
  description:
    "Use when the practitioner says a new office action came in. In one call: puts the application on the docket if needed, records the action (kind, mailing date, text) so its deadlines go live at once (also for unpublished applications), analyzes it claim by claim (billed by tokens, usually well under 1.00; skip with analyze=false), computes the deadlines with extension fees, and reads the examiner's statistics; answers with suggested next steps. " +
    'Kinds are USPTO codes: CTNF non-final, CTFR final, CTRS restriction/election, CTEQ Ex parte Quayle, NOA notice of allowance. Next: start_response (or prepare_response_package) with the analysis_id.',
  group: 'workflows',
  price: 'tokens (the analysis)',
  input: z.object({
    application_number: applicationNumber,
    kind: z.enum(['CTNF', 'CTFR', 'CTRS', 'CTEQ', 'NOA']).describe('USPTO code of the paper'),
    mailing_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .describe('The notification (mailing) date printed on the action, YYYY-MM-DD'),
    office_action_text: z.string().min(1).max(1_048_576).describe('The full text of the action'),
    period_months: z.number().int().min(1).max(6).optional().describe('Only when the action sets an unusual shortened period'),
    analyze: z.boolean().default(true),
    idempotency_key: idempotencyKey.describe('Reused for the billed analysis when retrying'),
  }),
  output: z.object({
    application_number: z.string(),
    invention_title: z.string(),
    docket_entry_id: z.string(),
    added_to_docket: z.boolean(),
    recorded: z.object({ correspondence_id: z.string().nullable(), already_recorded: z.boolean() }),
    deadlines: deadlinesOut,
    analysis: z
      .object({ analysis_id: z.string(), rejection_type: z.string(), claims: z.number().int(), rejected: z.number().int(), cost: z.string().nullable() })
      .nullable(),
    examiner: examinerOut,
    next_steps: z.array(z.string()),
  }),
  annotations: WRITE,
  async run(args, ctx) {
    let app = await orNull(ctx.api.get<AccountApplication>(`/api/applications/${seg(args.application_number)}`), ['app_not_found']);
    let added = false;
    if (!app) {
      throw new BackendError(
        404,
        {
          error: true,
          error_code: 'app_not_found',
          message: `Application ${args.application_number} has no public record in Prosa and is not on this account's docket.`,
          agent_suggestion:
            'If the application is unpublished, call add_to_docket with an `application` object (at least invention_title), then call triage_office_action again.',
        },
        {},
      );
    }
    if (!app.docket_entry_id) {
      await ctx.api.post('/api/docket', { application_number: app.application_number });
      added = true;
      app = await ctx.api.get<AccountApplication>(`/api/applications/${seg(app.application_number)}`);
    }
    const entryId = app.docket_entry_id!;
    let correspondenceId: string | null = null;
    let already = false;
    try {
      const rec = await ctx.api.call<{ correspondence: { id: string } }>('POST', `/api/docket/${seg(entryId)}/office-actions`, {
        body: {
          kind: args.kind,
          mailing_date: args.mailing_date,
          text: args.office_action_text,
          ...(args.period_months ? { period_months: args.period_months } : {}),
        },
      });
      correspondenceId = rec.body.correspondence.id;
      // 200: the very same paper (kind, date and text) was recorded before; the API answers it, no second row.
      already = rec.status === 200;
    } catch (err) {
      // 409: the same kind and date with another text; the paper recorded first stands.
      if (!(err instanceof BackendError && err.body.error_code === 'office_action_already_recorded')) throw err;
      already = true;
    }
    const deadlines = await deadlinesOf(ctx, app.application_number);
    let analysis: AnalysisSummary | null = null;
    if (args.analyze) {
      analysis = await ctx.api.post<AnalysisSummary>(
        '/api/analyses',
        {
          application_number: app.application_number,
          office_action_text: args.office_action_text,
          // The USPTO's code of the paper in the interface's vocabulary (one mapping, sources/); none
          // for a notice of allowance or a Quayle action, whose kind the text shows.
          ...(interfaceTypeForDocumentCode(args.kind) ? { office_action_type: interfaceTypeForDocumentCode(args.kind) } : {}),
          include_examiner_intel: true,
        },
        { idempotencyKey: args.idempotency_key },
      );
    }
    const examiner = app.examiner_name
      ? await orNull(ctx.api.get<NonNullable<z.infer<typeof examinerOut>>>(`/api/examiners/${seg(app.examiner_name)}`), [
          'examiner_not_found',
          'examiner_ambiguous',
        ])
      : null;

    const rejected = analysis?.claim_analyses.filter((c) => c.status === 'rejected').length ?? 0;
    const steps: string[] = [];
    if (deadlines.response_deadline)
      steps.push(
        `Docket the reply: ${deadlines.response_deadline} without extension fees; ${deadlines.critical_deadline_date} is the last possible day (with paid extensions).`,
      );
    if (args.kind === 'NOA')
      steps.push(
        'A notice of allowance is not answered with a response: pay the issue fee within the non-extendable period (37 CFR 1.311), review the reasons for allowance (comments under 1.104(e) if needed) and consider a continuation before issue.',
      );
    else if (analysis)
      steps.push(
        `Review the analysis (get_analysis ${analysis.analysis_id}; explain_rejection per ground), then start_response or prepare_response_package with analysis_id ${analysis.analysis_id}.`,
      );
    else steps.push('Analyze the action (analyze_office_action) before planning the reply.');
    if (args.kind === 'CTFR')
      steps.push(
        'Final rejection: weigh an after-final reply (37 CFR 1.116), an RCE (1.114) or a notice of appeal (41.31); a reply within two months keeps the advisory-action timing of MPEP 706.07(f).',
      );
    if (args.kind === 'CTRS')
      steps.push(
        'Restriction: elect a group (set_election in the response plan) and decide whether to traverse; the reply must elect even when traversing (37 CFR 1.143).',
      );
    // An interview is suggested on evidence only: applicant-initiated interviews that did better
    // than no interview (null rates below the minimum sample make no claim; docs/decisions/examiner-profile.md).
    const withRate = examiner?.interview_success_rate ?? null;
    const withoutRate = examiner?.allowance_rate_without_interview ?? null;
    if (withRate !== null && withoutRate !== null && withRate - withoutRate >= 0.1 && args.kind !== 'NOA') {
      steps.push(
        `Consider an interview: ${Math.round(withRate * 100)}% of this examiner's decided cases with an applicant-initiated interview were allowed, against ${Math.round(withoutRate * 100)}% without (prepare_interview_request).`,
      );
    }
    return {
      data: {
        application_number: app.application_number,
        invention_title: app.invention_title,
        docket_entry_id: entryId,
        added_to_docket: added,
        recorded: { correspondence_id: correspondenceId, already_recorded: already },
        deadlines,
        analysis: analysis
          ? {
              analysis_id: analysis.analysis_id,
              rejection_type: analysis.rejection_type,
              claims: analysis.claim_analyses.length,
              rejected,
              cost: analysis.billing?.cost ?? null,
            }
          : null,
        examiner: examiner
          ? {
              examiner_name: examiner.examiner_name,
              art_unit: examiner.art_unit ?? null,
              allowance_rate: examiner.allowance_rate ?? null,
              avg_actions_to_allowance: examiner.avg_actions_to_allowance ?? null,
              interview_success_rate: examiner.interview_success_rate ?? null,
              allowance_rate_without_interview: examiner.allowance_rate_without_interview ?? null,
              interview_rates_reason: examiner.interview_rates_reason ?? null,
              total_cases_analyzed: examiner.total_cases_analyzed,
              top_rejection_bases: examiner.top_rejection_bases ?? [],
            }
          : null,
        next_steps: steps,
      },
      summary: [
        `${app.application_number} (${app.invention_title}): ${args.kind} mailed ${args.mailing_date} ${already ? 'was already recorded' : 'recorded'}${added ? '; added to the docket' : ''}.`,
        deadlines.response_deadline
          ? `Reply by ${deadlines.response_deadline} without fees, ${deadlines.critical_deadline_date} at the latest.`
          : 'No reply period runs from this paper.',
        analysis
          ? `Analysis ${analysis.analysis_id}: ${rejected} of ${analysis.claim_analyses.length} claims rejected (billed ${analysis.billing?.cost ?? '0.00'}).`
          : '',
      ]
        .filter(Boolean)
        .join(' '),
    };
  },
});

interface Upcoming {
  application_number: string;
  invention_title?: string;
  client_matter?: string | null;
  overdue?: boolean;
  days_remaining?: number | null;
  next_deadline?: { date: string; kind?: string } | null;
  response_deadline?: string | null;
  critical_deadline_date?: string | null;
}

interface PlanRow {
  plan_id: string;
  application_number: string;
  status: string;
}

const briefingItem = z.object({
  application_number: z.string(),
  invention_title: z.string().nullable(),
  client_matter: z.string().nullable(),
  next_deadline: z.string().nullable(),
  days_remaining: z.number().int().nullable(),
  overdue: z.boolean(),
  critical_deadline_date: z.string().nullable(),
  response_in_progress: z.object({ plan_id: z.string(), submitted: z.boolean() }).nullable(),
  next_step: z.string(),
});

const docketBriefing = defineTool({
  name: 'docket_briefing',
  title: 'Docket briefing: what is due and what to do',
  description:
    'Use when the practitioner asks "what\'s due" or for a docket review. Lists every matter with a deadline within `within_days` (default 30), overdue ones first, each with its next date, days left, the last possible date, whether a response is already in progress, and the next step. Free. Next: triage_office_action for a new paper, prepare_response_package for a matter without a response.',
  group: 'workflows',
  price: 'free',
  input: z.object({ within_days: z.number().int().min(1).max(365).default(30) }),
  output: z.object({
    today: z.string(),
    within_days: z.number().int(),
    due: z.array(briefingItem),
    unanswered: z.number().int(),
    in_progress: z.number().int(),
  }),
  annotations: READ_ONLY,
  async run(args, ctx) {
    const [upcoming, plans] = await Promise.all([
      ctx.api.get<{ today: string; deadlines: Upcoming[] }>('/api/deadlines', { within: `${args.within_days}d` }),
      ctx.api.get<{ response_plans: PlanRow[] }>('/api/response-plans', { limit: 100 }),
    ]);
    const planFor = new Map<string, PlanRow>();
    // Newest first: the first plan seen for an application is its current one.
    for (const p of plans.response_plans) if (!planFor.has(p.application_number)) planFor.set(p.application_number, p);
    const due = upcoming.deadlines.map((d) => {
      const plan = planFor.get(d.application_number) ?? null;
      const submitted = plan?.status === 'submitted';
      const next = d.next_deadline?.date ?? d.response_deadline ?? null;
      const step = d.overdue
        ? `Overdue for a reply without fees: file with a paid extension by ${d.critical_deadline_date ?? 'the last possible day'} (get_extension_options), or the application goes abandoned.`
        : submitted
          ? 'Draft submitted: review the DOCX (get_draft_status), finalize and file it.'
          : plan
            ? `Response in progress (plan ${plan.plan_id}): check_response_completeness, then submit_response.`
            : 'No response started: triage_office_action if the paper is not analysed yet, otherwise prepare_response_package.';
      return {
        application_number: d.application_number,
        invention_title: d.invention_title ?? null,
        client_matter: d.client_matter ?? null,
        next_deadline: next,
        days_remaining: d.days_remaining ?? null,
        overdue: !!d.overdue,
        critical_deadline_date: d.critical_deadline_date ?? null,
        response_in_progress: plan ? { plan_id: plan.plan_id, submitted } : null,
        next_step: step,
      };
    });
    const unanswered = due.filter((d) => !d.response_in_progress).length;
    const inProgress = due.length - unanswered;
    const soonest = due.find((d) => !d.overdue);
    return {
      data: { today: upcoming.today, within_days: args.within_days, due, unanswered, in_progress: inProgress },
      summary:
        due.length === 0
          ? `Nothing due within ${args.within_days} days.`
          : `${due.length} matter(s) due within ${args.within_days} days (${due.filter((d) => d.overdue).length} overdue, ${unanswered} without a response started).${soonest ? ` Next: ${soonest.application_number} on ${soonest.next_deadline} (${soonest.days_remaining} days).` : ''}`,
    };
  },
});

interface QuoteAnswer {
  total: string;
  balance: string;
  balance_after: string;
  covers_prepaid_items: boolean;
}

const prepareResponsePackage = defineTool({
  name: 'prepare_response_package',
  title: 'Prepare the response package',
  description:
    'Use when the practitioner says "get the response ready" for an analysed action. Starts (or reopens) the response plan with the analysis\' default strategy per claim, checks completeness (every ground and objection answered), and quotes the 49.00 draft against the balance. It submits the billed draft ONLY with confirm=true (after the user agreed to the price); with accept_incomplete=true an incomplete plan is drafted with a note on page 1. Free unless confirmed. Next: fill what is missing with set_claim_text / add_argument / set_election, then call again with confirm=true; poll get_draft_status.',
  group: 'workflows',
  price: 'free; 49.00 with confirm=true',
  input: z.object({
    analysis_id: z.string().min(1).max(100),
    confirm: z.boolean().default(false).describe('Submit the billed 49.00 draft now'),
    accept_incomplete: z.boolean().default(false),
    idempotency_key: idempotencyKey,
  }),
  output: z.object({
    plan_id: z.string(),
    complete: z.boolean(),
    missing: z.array(z.string()),
    price: z.string(),
    balance: z.string(),
    balance_after: z.string(),
    affordable: z.boolean(),
    submitted: planSubmissionSchema.nullable(),
    next_steps: z.array(z.string()),
  }),
  annotations: WRITE,
  async run(args, ctx) {
    const plan = await ctx.api.post<{ plan_id: string }>('/api/response-plans', { analysis_id: args.analysis_id });
    const [completeness, quote] = await Promise.all([
      ctx.api.get<{ complete: boolean; missing: { message: string }[] }>(`/api/response-plans/${seg(plan.plan_id)}/completeness`),
      ctx.api.post<QuoteAnswer>('/api/quote', { draft: true }),
    ]);
    const missing = completeness.missing.map((m) => m.message);
    let submitted: PlanSubmissionWire | null = null;
    const steps: string[] = [];
    if (args.confirm) {
      submitted = await ctx.api.post<PlanSubmissionWire>(
        `/api/response-plans/${seg(plan.plan_id)}/submit`,
        { accept_incomplete: args.accept_incomplete },
        { idempotencyKey: args.idempotency_key },
      );
      steps.push(`Poll get_draft_status with job_id ${submitted.job_id} about every 5 seconds; the DOCX link comes when it is complete.`);
    } else {
      if (!completeness.complete)
        steps.push(
          `Complete the plan (${missing.length} item(s)): set_claim_text for amendments, add_argument per ground, set_election for a restriction; or accept an incomplete draft.`,
        );
      if (!quote.covers_prepaid_items)
        steps.push(
          ctx.caller.noPurchaseOffers
            ? 'The balance does not cover the 49.00 draft; the account owner must add credits outside this assistant.'
            : `The balance does not cover the 49.00 draft: credits are bought in Prosa's billing settings (${ctx.links.billing}).`,
        );
      steps.push('When the user agrees to the price, call prepare_response_package again with confirm=true.');
    }
    return {
      data: {
        plan_id: plan.plan_id,
        complete: completeness.complete,
        missing,
        price: quote.total,
        balance: quote.balance,
        balance_after: quote.balance_after,
        affordable: quote.covers_prepaid_items,
        submitted,
        next_steps: steps,
      },
      summary: submitted
        ? `Submitted the draft (charged ${quote.total}). ${describeJob(submitted)}`
        : `Plan ${plan.plan_id} is ${completeness.complete ? 'complete' : `missing ${missing.length} item(s)`}; the draft costs ${quote.total} (balance ${creditsText(quote.balance)}). Not submitted: call again with confirm=true.`,
    };
  },
});

export const WORKFLOW_TOOLS = [triageOfficeAction, docketBriefing, prepareResponsePackage];
