/**
 * Wire shapes of response plans (/api/response-plans) and of the analysis' claim and ground
 * views (/api/analyses/{id}/claims/{n}, /grounds/{gid}). Each plan shape has its zod schema: the
 * route's response schema (so a presenter that returns what its schema does not allow fails the
 * request, and OpenAPI carries the success body), the web app's types and the MCP tools' output.
 */
import { z } from 'zod';
import type { ResponsePlanRow } from '../db/schema.ts';
import type { ClaimView, PlanView } from '../domain/response-plan/plan.ts';
import type { ClaimStatus, CompletenessReport, GroundStatus } from '../domain/response-plan/completeness.ts';
import type { PlanPreview } from '../domain/response-plan/preview.ts';
import type { ClaimMarkup } from '../domain/response-plan/markup.ts';
import type { LegalStandard } from '../domain/response-plan/legal-standards.ts';
import { STRATEGY_CODES, type StrategyCode } from '../domain/response-plan/strategies.ts';
import type { Ground, SourceAnalysis, SourceClaim } from '../domain/response-plan/types.ts';
import type { DraftJobSummary } from '../queries/draft-jobs.ts';

export function exportPollUrl(jobId: string): string {
  return `/api/exports/${jobId}`;
}

const strategyCodeSchema = z.enum(STRATEGY_CODES as [StrategyCode, ...StrategyCode[]]);

const spanSchema = z.object({ start: z.number().int(), end: z.number().int() });

const markupSchema = z.object({
  marked_text: z.string().describe('Additions in <u>…</u>, struck deletions in <s>…</s>, deletions of five or fewer characters as [[…]] (37 CFR 1.121(c)(2))'),
  runs: z.array(z.object({ text: z.string(), mark: z.enum(['none', 'added', 'deleted', 'deleted_bracketed', 'prompt', 'placeholder', 'separator']) })),
  added_chars: z.number().int(),
  deleted_chars: z.number().int(),
  unchanged: z.boolean(),
});
export type MarkupWire = z.infer<typeof markupSchema>;

function presentMarkup(m: ClaimMarkup | null): MarkupWire | null {
  return m ? { marked_text: m.marked_text, runs: m.runs, added_chars: m.added_chars, deleted_chars: m.deleted_chars, unchanged: m.unchanged } : null;
}

/** One ground of rejection of one claim with its own answer (issue 19 item 5; src/domain/response-plan/ground-answers.ts). */
const claimGroundAnswerSchema = z.object({
  ground_id: z.string(),
  answer: strategyCodeSchema
    .nullable()
    .describe(
      "What the reply does about this ground for this claim: the answer chosen for it, else what the claim's strategy implies (double patenting beside an amendment is disclaimed; the art grounds of a claim amended to clarify, and the other grounds of a disclaimed claim, are argued)",
    ),
  chosen: strategyCodeSchema
    .nullable()
    .describe("The answer chosen for this ground (PUT .../claims/{n}/grounds/{ground_id}/strategy); null: it follows the claim's strategy"),
  choices: z.array(strategyCodeSchema).describe("The answers that may be chosen for this ground, given the claim's strategy"),
});
export type ClaimGroundAnswerWire = z.infer<typeof claimGroundAnswerSchema>;

const planClaimSchema = z.object({
  claim_number: z.number().int(),
  status: z.string().describe('As the analysis found it: rejected, objected, allowed, withdrawn, cancelled, pending'),
  grounds: z.array(z.string()).describe('The ids of the grounds naming the claim'),
  recommendation: strategyCodeSchema,
  strategy: strategyCodeSchema,
  strategy_source: z.enum(['practitioner', 'election', 'analysis']),
  ground_answers: z.array(claimGroundAnswerSchema).describe('Each ground of rejection the claim faces, with its own answer'),
  independent: z.boolean().nullable(),
  depends_on: z.number().int().nullable(),
  depends_on_after: z.number().int().nullable(),
  restriction_group: z.string().nullable(),
  original_text: z.string().nullable(),
  amended_text: z.string().nullable(),
  markup: markupSchema.nullable(),
  carried_out: z.boolean(),
  carried_out_by: z.string().nullable(),
  problems: z.array(z.string()).describe('For an API caller: names codes and calls'),
  problems_plain: z.array(z.string()).describe('The same for a person'),
});
export type PlanClaimWire = z.infer<typeof planClaimSchema>;

function presentPlanClaim(c: ClaimView, s: ClaimStatus | undefined): PlanClaimWire {
  return {
    claim_number: c.claim_number,
    status: c.status,
    grounds: c.grounds,
    recommendation: c.recommendation,
    strategy: c.strategy,
    strategy_source: c.strategy_source,
    ground_answers: c.ground_answers.map((a) => ({ ground_id: a.ground_id, answer: a.answer, chosen: a.chosen, choices: a.choices })),
    independent: c.independent,
    depends_on: c.depends_on,
    depends_on_after: c.depends_on_after,
    restriction_group: c.restriction_group,
    original_text: c.original_text,
    amended_text: c.amended_text,
    markup: presentMarkup(c.markup),
    carried_out: s?.carried_out ?? false,
    carried_out_by: s?.how ?? null,
    problems: s?.problems ?? [],
    problems_plain: s?.problems_plain ?? [],
  };
}

const quoteSchema = z.object({ text: z.string(), span: spanSchema });

const groundCoreFields = {
  ground_id: z.string(),
  kind: z.enum(['rejection', 'claim_objection', 'document_objection', 'restriction', 'information_requirement']),
  basis: z.string().nullable(),
  statute: z.string(),
  title: z.string(),
  claims: z.array(z.number().int()),
  references: z.array(z.string()),
  objection_type: z.string().nullable(),
  target: z.string().nullable(),
  derived: z.boolean(),
  allowable_if_rewritten: z.boolean(),
  statement: quoteSchema,
};

function presentGroundCore(g: Ground) {
  return {
    ground_id: g.id,
    kind: g.kind,
    basis: g.basis,
    statute: g.statute,
    title: g.title,
    claims: g.claims,
    references: g.references,
    objection_type: g.objection_type,
    target: g.target,
    derived: g.derived,
    allowable_if_rewritten: g.allowable_if_rewritten,
    statement: g.statement,
  };
}

const answeredBySchema = z.object({
  claims: z.array(z.number().int()),
  how: z.enum([
    'cancelled',
    'previously_cancelled',
    'amended',
    'through_amended_base',
    'argued',
    'terminal_disclaimer',
    'abeyance',
    'election',
    'information',
    'replied',
  ]),
  base: z.number().int().optional(),
  prompted: z.literal(true).optional(),
});

const planGroundSchema = z.object({
  ...groundCoreFields,
  argument: z.object({ text: z.string(), updated_at: z.string() }).nullable(),
  answered: z.boolean(),
  answered_by: z.array(answeredBySchema),
  unanswered: z.array(z.object({ claims: z.array(z.number().int()), reason: z.string() })),
  unanswered_plain: z.string().nullable(),
});
export type PlanGroundWire = z.infer<typeof planGroundSchema>;

export function presentPlanGround(g: Ground, view: PlanView, s: GroundStatus | undefined): PlanGroundWire {
  const a = view.arguments[g.id];
  return {
    ...presentGroundCore(g),
    argument: a ? { text: a.text, updated_at: a.updated_at } : null,
    answered: s?.answered ?? false,
    answered_by: s?.answered_by ?? [],
    unanswered: s?.unanswered ?? [],
    unanswered_plain: s?.unanswered_plain ?? null,
  };
}

export const missingItemSchema = z.object({
  code: z.enum([
    'ground_unanswered',
    'amended_text_missing',
    'original_text_missing',
    'amendment_unchanged',
    'argument_missing',
    'strategy_not_applicable',
    'depends_on_cancelled',
    'election_missing',
    'traverse_reasons_missing',
    'outside_elected_group',
    'information_missing',
  ]),
  ground_id: z.string().optional(),
  claim: z.number().int().optional(),
  message: z.string().describe('For an API caller: names the call or field that completes the plan'),
  plain: z.string().describe('For a person'),
});

const groundStatusSchema = z.object({
  ground_id: z.string(),
  kind: groundCoreFields.kind,
  title: z.string(),
  answered: z.boolean(),
  answered_by: z.array(answeredBySchema),
  unanswered: z.array(z.object({ claims: z.array(z.number().int()), reason: z.string().describe('Names strategies by code') })),
  unanswered_plain: z.string().nullable().describe('What leaves the ground unanswered, for a person; null when answered'),
  has_argument: z.boolean(),
  section: z.string().optional().describe('The remarks section of the paper answering this ground'),
});

const claimStatusSchema = z.object({
  claim_number: z.number().int(),
  strategy: strategyCodeSchema,
  carried_out: z.boolean(),
  how: z.string().nullable().describe('What carries the strategy out (amended, argued, cancelled, through_amended_base, ...)'),
  problems: z.array(z.string()),
  problems_plain: z.array(z.string()),
});

const completenessFields = {
  complete: z.boolean(),
  missing_count: z.number().int(),
  missing: z.array(missingItemSchema),
  warnings: z.array(z.string()),
  warnings_plain: z.array(z.string()).describe('The warnings for a person, in the same order'),
  grounds: z.array(groundStatusSchema),
  claims: z.array(claimStatusSchema),
};

/** GET /api/response-plans/{id}/completeness. */
export const planCompletenessSchema = z.object({ plan_id: z.string(), version: z.number().int(), ...completenessFields });
export type PlanCompletenessWire = z.infer<typeof planCompletenessSchema>;

export function presentCompleteness(report: CompletenessReport): Omit<PlanCompletenessWire, 'plan_id' | 'version'> {
  return {
    complete: report.complete,
    missing_count: report.missing.length,
    missing: report.missing,
    warnings: report.warnings,
    warnings_plain: report.warnings_plain,
    grounds: report.grounds,
    claims: report.claims,
  };
}

const planJobSchema = z.object({ job_id: z.string(), status: z.string(), poll_url: z.string() });

function presentPlanJob(job: DraftJobSummary | undefined | null): z.infer<typeof planJobSchema> | null {
  return job ? { job_id: job.id, status: job.status, poll_url: exportPollUrl(job.id) } : null;
}

const electionSchema = z.object({
  group: z.string().nullable(),
  species: z.string().nullable(),
  traverse: z.boolean().describe('With traverse (37 CFR 1.143): the reasons are the argument on the restriction ground'),
  elected_claims: z.array(z.number().int()),
  withdrawn_claims: z.array(z.number().int()),
  verified: z.boolean().describe('False when the analysis found no groups to check the labels against'),
});

const restrictionGroupSchema = z.object({
  label: z.string(),
  kind: z.enum(['invention', 'species']),
  claims: z.array(z.number().int()),
  subject: z.string().nullable(),
});

const completenessSummarySchema = z.object({ complete: z.boolean(), missing_count: z.number().int() });

export const responsePlanSchema = z.object({
  plan_id: z.string(),
  analysis_id: z.string(),
  application_number: z.string(),
  status: z.enum(['open', 'submitted']),
  version: z.number().int(),
  office_action: z.object({
    kind: z.enum(['non_final', 'final', 'restriction', 'requirement_for_information', 'quayle', 'notice_of_allowance', 'other']),
    mailing_date: z.string().nullable(),
  }),
  grounds: z.array(planGroundSchema),
  claims: z.array(planClaimSchema),
  election: electionSchema.nullable(),
  restriction_groups: z.array(restrictionGroupSchema),
  completeness: completenessSummarySchema.extend({ missing: z.array(missingItemSchema), warnings: z.array(z.string()), warnings_plain: z.array(z.string()) }),
  draft_job: planJobSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  submitted_at: z.string().nullable(),
});
export type ResponsePlanWire = z.infer<typeof responsePlanSchema>;

/** The whole plan: what the wizard shows and the MCP tools read. */
export function presentResponsePlan(row: ResponsePlanRow, view: PlanView, report: CompletenessReport, job?: DraftJobSummary | null): ResponsePlanWire {
  const groundStatus = new Map(report.grounds.map((s) => [s.ground_id, s]));
  const claimStatus = new Map(report.claims.map((s) => [s.claim_number, s]));
  return {
    plan_id: row.id,
    analysis_id: row.analysis_id,
    application_number: row.application_number,
    status: row.status === 'submitted' ? 'submitted' : 'open',
    version: row.version,
    office_action: { kind: view.kind, mailing_date: view.mailing_date },
    grounds: view.grounds.map((g) => presentPlanGround(g, view, groundStatus.get(g.id))),
    claims: view.claims.map((c) => presentPlanClaim(c, claimStatus.get(c.claim_number))),
    election: view.election,
    restriction_groups: view.restriction_groups.map((g) => ({ label: g.label, kind: g.kind, claims: g.claims, subject: g.subject })),
    completeness: {
      complete: report.complete,
      missing_count: report.missing.length,
      missing: report.missing,
      warnings: report.warnings,
      warnings_plain: report.warnings_plain,
    },
    draft_job: presentPlanJob(job),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    submitted_at: row.submitted_at ? row.submitted_at.toISOString() : null,
  };
}

export const responsePlanSummarySchema = z.object({
  plan_id: z.string(),
  analysis_id: z.string(),
  application_number: z.string(),
  status: z.string().describe('open or submitted'),
  version: z.number().int(),
  draft_job_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  submitted_at: z.string().nullable(),
});

/** GET /api/response-plans. */
export const responsePlanPageSchema = z.object({
  response_plans: z.array(responsePlanSummarySchema),
  next_cursor: z.string().nullable().describe('Pass as `before` for the next page; null on the last page'),
});
export type ResponsePlanPageWire = z.infer<typeof responsePlanPageSchema>;

/** A plan in a list: no grounds or claims. */
export function presentResponsePlanSummary(row: ResponsePlanRow): z.infer<typeof responsePlanSummarySchema> {
  return {
    plan_id: row.id,
    analysis_id: row.analysis_id,
    application_number: row.application_number,
    status: row.status,
    version: row.version,
    draft_job_id: row.draft_job_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    submitted_at: row.submitted_at ? row.submitted_at.toISOString() : null,
  };
}

/** PUT .../grounds/{gid}/argument: the ground as it now stands in the plan. */
export const argumentEditSchema = z.object({
  plan_id: z.string(),
  version: z.number().int(),
  ground: planGroundSchema,
  completeness: completenessSummarySchema,
});
export type ArgumentEditWire = z.infer<typeof argumentEditSchema>;

/** PUT .../election: the election as it now stands. */
export const electionEditSchema = z.object({
  plan_id: z.string(),
  version: z.number().int(),
  election: electionSchema.nullable(),
  completeness: completenessSummarySchema,
});
export type ElectionEditWire = z.infer<typeof electionEditSchema>;

/** The answer to an edit: the plan's id and version, what changed, and where completeness stands. */
export function presentEdit<T extends Pick<ArgumentEditWire, 'ground'> | Pick<ElectionEditWire, 'election'>>(
  row: ResponsePlanRow,
  report: CompletenessReport,
  changed: T,
) {
  return {
    plan_id: row.id,
    version: row.version,
    ...changed,
    completeness: { complete: report.complete, missing_count: report.missing.length },
  };
}

/** PUT .../claims/{n}/strategy and .../claims/{n}/text: the claim as it now stands in the plan. */
export const claimEditSchema = z.object({
  plan_id: z.string(),
  version: z.number().int(),
  claim: planClaimSchema,
  completeness: completenessSummarySchema,
});
export type ClaimEditWire = z.infer<typeof claimEditSchema>;

/** PUT .../claims/{n}/grounds/{ground_id}/strategy: the claim, the ground's answer for it, and where the ground stands. */
export const groundStrategyEditSchema = claimEditSchema.extend({
  ground_answer: claimGroundAnswerSchema,
  ground: z.object({
    ground_id: z.string(),
    title: z.string(),
    answered: z.boolean(),
    answered_by: z.array(answeredBySchema),
    unanswered_plain: z.string().nullable(),
  }),
});
export type GroundStrategyEditWire = z.infer<typeof groundStrategyEditSchema>;

export function presentClaimEdit(row: ResponsePlanRow, view: PlanView, report: CompletenessReport, n: number): ClaimEditWire {
  const claim = view.claims.find((c) => c.claim_number === n)!;
  return {
    plan_id: row.id,
    version: row.version,
    claim: presentPlanClaim(
      claim,
      report.claims.find((c) => c.claim_number === n),
    ),
    completeness: { complete: report.complete, missing_count: report.missing.length },
  };
}

export function presentGroundStrategyEdit(
  row: ResponsePlanRow,
  view: PlanView,
  report: CompletenessReport,
  n: number,
  groundId: string,
): GroundStrategyEditWire {
  const edit = presentClaimEdit(row, view, report, n);
  const ground = view.grounds.find((g) => g.id === groundId)!;
  const status = report.grounds.find((g) => g.ground_id === groundId);
  return {
    ...edit,
    ground_answer: edit.claim.ground_answers.find((a) => a.ground_id === groundId)!,
    ground: {
      ground_id: ground.id,
      title: ground.title,
      answered: status?.answered ?? false,
      answered_by: status?.answered_by ?? [],
      unanswered_plain: status?.unanswered_plain ?? null,
    },
  };
}

/** GET /api/response-plans/{id}/preview: the unbilled outline of the paper. */
export const planPreviewSchema = z.object({
  plan_id: z.string(),
  version: z.number().int(),
  billed: z.literal(false),
  price_to_submit: z.string().describe('Credits POST .../submit charges'),
  title: z.string(),
  sections: z.array(z.object({ heading: z.string(), says: z.array(z.string()), placeholders: z.number().int() })),
  placeholders_total: z.number().int().describe('Highlighted, bracketed places the paper will leave for the practitioner'),
  placeholders_source: z
    .enum(['paper', 'paper_before_model', 'outline'])
    .describe(
      'paper: counted on the paper as the draft job builds it; paper_before_model: the same before a configured language model fills some; outline: an estimate',
    ),
  complete: z.boolean(),
  missing_count: z.number().int(),
});
export type PlanPreviewWire = z.infer<typeof planPreviewSchema>;

/** POST /api/response-plans/{id}/submit: the draft job (poll poll_url), its price, and where completeness stood. */
export const planSubmissionSchema = z.object({
  job_id: z.string(),
  status: z.string(),
  poll_url: z.string().describe('GET /api/exports/{job_id}'),
  export_type: z.string().describe('oa_response'),
  price: z.string().describe('Credits charged'),
  plan_id: z.string(),
  completeness: completenessSummarySchema.optional(),
});
export type PlanSubmissionWire = z.infer<typeof planSubmissionSchema>;

export function presentPreview(row: ResponsePlanRow, preview: PlanPreview, price: string): PlanPreviewWire {
  return {
    plan_id: row.id,
    version: row.version,
    billed: false,
    price_to_submit: price,
    title: preview.title,
    sections: preview.sections,
    placeholders_total: preview.placeholders_total,
    placeholders_source: preview.placeholders_source,
    complete: preview.complete,
    missing_count: preview.missing_count,
  };
}

// --- The analysis, one claim and one ground at a time ---

function referenceDetails(
  record: SourceAnalysis,
  labels: readonly string[],
  pinpoints: readonly { reference: string | null; kind: string; text: string; span: { start: number; end: number } }[],
) {
  const refs = record.references ?? [];
  return labels.map((label) => {
    const ref = refs.find((r) => r.label === label || label.startsWith(r.label));
    const name = ref?.short_name ?? null;
    return {
      label,
      kind: ref?.kind ?? null,
      publication_number: ref?.publication?.display ?? null,
      pinpoints: pinpoints.filter((p) => name !== null && p.reference === name).map((p) => ({ kind: p.kind, text: p.text, span: p.span })),
    };
  });
}

/** A ground in a list: its id, what it is and the claims it names. */
export function presentGroundSummary(g: Ground) {
  return { ground_id: g.id, kind: g.kind, basis: g.basis, statute: g.statute, title: g.title, claims: g.claims, references: g.references };
}

export function presentAnalysisClaim(record: SourceAnalysis, c: SourceClaim, grounds: readonly Ground[]) {
  const pins = c.pinpoints ?? [];
  return {
    analysis_id: record.analysis_id,
    application_number: record.application_number,
    claim_number: c.claim_number,
    status: c.status,
    basis: c.basis,
    independent: c.independent ?? null,
    depends_on: c.depends_on ?? null,
    restriction_group: c.restriction_group ?? null,
    allowable_if_rewritten: c.allowable_if_rewritten ?? false,
    recommendation: c.recommendation,
    strategy: c.strategy ?? null,
    grounds: grounds.map((g) => ({ ground_id: g.id, kind: g.kind, basis: g.basis, statute: g.statute, title: g.title, statement: g.statement })),
    references: referenceDetails(record, c.prior_art, pins),
    pinpoints: pins,
    objections: c.objections ?? [],
    evidence: c.evidence ?? [],
  };
}

export function presentAnalysisGround(record: SourceAnalysis, g: Ground, standards: readonly LegalStandard[]) {
  const recommendations = record.claim_analyses
    .filter((c) => g.claims.includes(c.claim_number))
    .map((c) => ({ claim_number: c.claim_number, recommendation: c.recommendation, reasons: c.strategy?.reasons ?? [] }));
  return {
    analysis_id: record.analysis_id,
    application_number: record.application_number,
    ...presentGroundCore(g),
    examiner_reasoning: g.reasoning,
    references: referenceDetails(record, g.references, g.pinpoints),
    pinpoints: g.pinpoints,
    legal_standard: standards[0] ?? null,
    other_standards: standards.slice(1),
    recommendations,
  };
}
