/**
 * Wire shapes of response plans (/api/response-plans) and of the analysis' claim and ground
 * views (/api/analyses/{id}/claims/{n}, /grounds/{gid}).
 */
import type { ResponsePlanRow } from '../db/schema.ts';
import type { ClaimView, PlanView } from '../domain/response-plan/plan.ts';
import type { ClaimStatus, CompletenessReport, GroundStatus } from '../domain/response-plan/completeness.ts';
import type { PlanPreview } from '../domain/response-plan/preview.ts';
import type { ClaimMarkup } from '../domain/response-plan/markup.ts';
import type { LegalStandard } from '../domain/response-plan/legal-standards.ts';
import type { Ground, SourceAnalysis, SourceClaim } from '../domain/response-plan/types.ts';
import type { DraftJobSummary } from '../queries/draft-jobs.ts';

export function exportPollUrl(jobId: string): string {
  return `/api/exports/${jobId}`;
}

function presentMarkup(m: ClaimMarkup | null) {
  return m ? { marked_text: m.marked_text, runs: m.runs, added_chars: m.added_chars, deleted_chars: m.deleted_chars, unchanged: m.unchanged } : null;
}

export function presentPlanClaim(c: ClaimView, s: ClaimStatus | undefined) {
  return {
    claim_number: c.claim_number,
    status: c.status,
    grounds: c.grounds,
    recommendation: c.recommendation,
    strategy: c.strategy,
    strategy_source: c.strategy_source,
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

export function presentPlanGround(g: Ground, view: PlanView, s: GroundStatus | undefined) {
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

export function presentCompleteness(report: CompletenessReport) {
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

export function presentPlanJob(job: DraftJobSummary | undefined | null) {
  return job ? { job_id: job.id, status: job.status, poll_url: exportPollUrl(job.id) } : null;
}

/** The whole plan: what the wizard shows and the MCP tools read. */
export function presentResponsePlan(row: ResponsePlanRow, view: PlanView, report: CompletenessReport, job?: DraftJobSummary | null) {
  const groundStatus = new Map(report.grounds.map((s) => [s.ground_id, s]));
  const claimStatus = new Map(report.claims.map((s) => [s.claim_number, s]));
  return {
    plan_id: row.id,
    analysis_id: row.analysis_id,
    application_number: row.application_number,
    status: row.status,
    version: row.version,
    office_action: { kind: view.kind, mailing_date: view.mailing_date },
    grounds: view.grounds.map((g) => presentPlanGround(g, view, groundStatus.get(g.id))),
    claims: view.claims.map((c) => presentPlanClaim(c, claimStatus.get(c.claim_number))),
    election: view.election,
    restriction_groups: view.restriction_groups.map((g) => ({ label: g.label, kind: g.kind, claims: g.claims, subject: g.subject })),
    completeness: { complete: report.complete, missing_count: report.missing.length, missing: report.missing, warnings: report.warnings, warnings_plain: report.warnings_plain },
    draft_job: presentPlanJob(job),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    submitted_at: row.submitted_at ? row.submitted_at.toISOString() : null,
  };
}

/** A plan in a list: no grounds or claims. */
export function presentResponsePlanSummary(row: ResponsePlanRow) {
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

/** The answer to an edit: the plan's id and version, what changed, and where completeness stands. */
export function presentEdit(row: ResponsePlanRow, report: CompletenessReport, changed: Record<string, unknown>) {
  return {
    plan_id: row.id,
    version: row.version,
    ...changed,
    completeness: { complete: report.complete, missing_count: report.missing.length },
  };
}

export function presentPreview(row: ResponsePlanRow, preview: PlanPreview, price: string) {
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

function referenceDetails(record: SourceAnalysis, labels: readonly string[], pinpoints: readonly { reference: string | null; kind: string; text: string; span: { start: number; end: number } }[]) {
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
