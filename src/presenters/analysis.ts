import type { AnalysisRun } from '../analysis/run-analysis.ts';
import { kindOfType, kindWords, type ClaimAnalysis, type ExaminerStats } from '../domain/office-action/index.ts';
import { basisSlug, deriveGrounds } from '../domain/response-plan/grounds.ts';
import type { SourceAnalysis } from '../domain/response-plan/types.ts';
import { knownWeaknesses } from '../analysis/billable-text.ts';
import { boundRecord, truncationWeakness, type Truncation } from '../analysis/bound-record.ts';

export interface AnalysisMeta {
  analysisId: string;
  applicationNumber: string;
  /** The type the caller stated; null when the request did not state one. */
  requestedType: string | null;
  createdAt: Date;
  examinerIntel: { requested: boolean; examiner_name: string | null; stats: ExaminerStats | null };
  billing: { input_tokens: number; output_tokens: number; token_source: 'tokenizer' | 'tokenizer+provider'; cost: string };
  /** Extra experts that ran (the optional LLM outliner), with their versions (the model) and confidence. */
  extraExperts?: { name: string; version: string; confidence: number }[];
  argumentOutlines?: unknown[];
  /** Why the optional LLM expert produced nothing, when it failed. */
  llmError?: string | null;
}

/** One claim_analyses entry: the spec's five fields first, then the additive detail. */
function presentClaim(c: ClaimAnalysis) {
  const { claim_number, status, basis, prior_art, recommendation, ...detail } = c;
  return { claim_number, status, basis, prior_art, recommendation, ...detail, rejections: detail.rejections.map((r) => ({ ...r })) };
}

/**
 * Analysis record (spec "Analysis record"): analysis_id, application_number, rejection_type,
 * claim_analyses, glass_box; then additive fields. `rejection_type` is the type the text shows
 * when the pipeline recognises one (NOA and CTEQ for the papers the spec has no code for:
 * domain/office-action/type-codes.ts), else the type the caller stated, else the spec's default.
 * `detected_kind` and `detected_kind_description` name the paper the text shows, in words too.
 */
export function presentAnalysis(run: AnalysisRun, meta: AnalysisMeta) {
  const stated = meta.requestedType;
  // A type the caller never stated is the spec's default, not their claim: the parser's notes
  // that the text disagrees with it would put a code on a paper it does not name (a "CTNF" on an NOA).
  const a = stated === null ? withoutHintNotes(run.analysis) : run.analysis;
  const experts = [...a.experts.map((e) => ({ name: e.name, version: e.version, confidence: e.confidence })), ...(meta.extraExperts ?? [])];
  const detected = a.office_action_type;
  const kind = a.parsed.kind.kind;
  const weaknesses = knownWeaknesses(a);
  // Each kind of known weakness costs confidence; the figure never claims more than the pipeline measured.
  const overallWith = (n: number) => Math.max(0.05, Math.round((a.confidence - 0.05 * Math.min(n, 6)) * 100) / 100);
  const overall = overallWith(weaknesses.length);
  const llmExperts = meta.extraExperts ?? [];
  const record = {
    analysis_id: meta.analysisId,
    application_number: meta.applicationNumber,
    rejection_type: detected ?? stated ?? 'CTNF',
    claim_analyses: a.claim_analyses.map(presentClaim),
    glass_box: {
      experts_invoked: experts.map((e) => e.name),
      citations_verified: a.citations_verified,
      // Exactly what citations_verified checked, and what it did not (docs/decisions/office-actions.md "glass_box").
      citations_verified_scope: 'Each quoted span (rejection statements, claim lists, references as written, pinpoints, examiner admissions) re-reads verbatim from the submitted text at its offsets. Not verified: that the cited references say what the examiner asserts, publication numbers against a patent office register, or any legal conclusion.',
      confidence_scores: Object.fromEntries(experts.map((e) => [e.name, e.confidence])),
      // Only language models have model versions; the rule-based components are listed in `components`.
      model_versions: Object.fromEntries(llmExperts.map((e) => [e.name, e.version])),
      components: [
        ...a.experts.map((e) => ({ name: e.name, kind: 'rules' as const, version: e.version })),
        ...llmExperts.map((e) => ({ name: e.name, kind: 'language_model' as const, version: e.version })),
      ],
      elapsed_seconds: Number(run.elapsedSeconds.toFixed(4)),
      overall_confidence: overall,
      known_weaknesses: weaknesses,
      expert_timings_ms: Object.fromEntries(a.experts.map((e) => [e.name, e.elapsed_ms])),
    },
    requested_type: stated,
    detected_type: detected,
    detected_kind: kind === 'other' ? null : kind,
    detected_kind_description: kind === 'other' ? `not recognised from the text; treated as a ${kindWords(kindOfType(stated ?? 'CTNF') ?? 'non_final')}${stated ? ', the type requested' : ', the default type'}` : kindWords(kind),
    office_action: {
      kind: a.parsed.kind,
      metadata: a.parsed.metadata,
      summary: a.parsed.summary,
    },
    references: a.parsed.references.map((r) => ({ ...r })),
    restriction_groups: a.parsed.restriction_groups,
    information_requirements: a.parsed.information_requirements,
    document_objections: a.parsed.document_objections,
    warnings: a.parsed.warnings,
    examiner_intel: meta.examinerIntel,
    argument_outlines: meta.argumentOutlines ?? [],
    llm_expert_error: meta.llmError ?? null,
    billing: { ...meta.billing, output_basis: 'practitioner_text', basis_note: 'input: tokens of the office-action text (plus a language model\'s prompt, as its provider reports it); output: tokens of the rationales written for the practitioner (plus a language model\'s output, as reported), never the JSON record (o200k_base tokenizer)' },
    created_at: meta.createdAt.toISOString(),
  };
  // Every ground of rejection and objection (and requirement) the action states, with the
  // examiner's words and stable ids (`r1-103`, `o1-claims`, ...), computed once here with the
  // action's text and stored: the response plan, the paper and the tools all read this list.
  const grounds = deriveGrounds(record as unknown as SourceAnalysis, run.text ?? null);
  // A claim objection's reasoning is the examiner's detail the parser isolated (the correction
  // asked for, e.g. "the word “mirco” is an error; it should be replaced with --micro--"), when it has one.
  for (const g of grounds) {
    if (g.kind !== 'claim_objection') continue;
    const detail = a.parsed.objections.find((o) => o.evidence.span.start === g.statement.span.start && o.evidence.span.end === g.statement.span.end)?.detail;
    if (detail) g.reasoning = { text: detail.text, span: detail.span, truncated: false };
  }
  const byStatement = new Map(grounds.filter((g) => g.kind === 'rejection').map((g) => [`${g.statement.span.start}:${g.statement.span.end}:${basisSlug(g.basis ?? '')}`, g.id]));
  for (const c of record.claim_analyses) {
    for (const r of c.rejections) {
      const id = byStatement.get(`${r.span.start}:${r.span.end}:${basisSlug(r.basis)}`);
      if (id) r.ground_id = id;
    }
  }
  // References name the grounds citing them in the same scheme (the parser's `rej-N` stay inside it).
  const spanOf = new Map(a.parsed.rejections.map((r) => [r.id, `${r.evidence.span.start}:${r.evidence.span.end}`]));
  const idsOfSpan = new Map<string, string[]>();
  for (const g of grounds) if (g.kind === 'rejection') {
    const key = `${g.statement.span.start}:${g.statement.span.end}`;
    idsOfSpan.set(key, [...(idsOfSpan.get(key) ?? []), g.id]);
  }
  for (const r of record.references) r.cited_in = [...new Set(r.cited_in.flatMap((id) => idsOfSpan.get(spanOf.get(id) ?? '') ?? []))];
  // Bounded relative to the input (issue 12 item 7): identical copies once, long quotes cut, lists
  // capped; what was left out is counted in `truncated` and listed as a known weakness.
  const full = { ...record, grounds, truncated: {} as Truncation };
  full.truncated = boundRecord(full as unknown as Record<string, unknown>);
  const weakness = truncationWeakness(full.truncated);
  if (weakness) {
    weaknesses.push(weakness);
    full.glass_box.overall_confidence = overallWith(weaknesses.length);
  }
  return full;
}

export type AnalysisRecord = ReturnType<typeof presentAnalysis>;

function withoutHintNotes(a: AnalysisRun['analysis']): AnalysisRun['analysis'] {
  return { ...a, parsed: { ...a.parsed, warnings: a.parsed.warnings.filter((w) => w.code !== 'type_hint_conflict' && w.code !== 'type_hint_ignored') } };
}
