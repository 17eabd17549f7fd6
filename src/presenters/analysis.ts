import { z } from 'zod';
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

export const spanSchema = z.object({ start: z.number().int(), end: z.number().int() });
const quoteSchema = z.object({ text: z.string(), span: spanSchema });
/** Parser detail the record carries as the pipeline wrote it (bounded): loose, so nothing it holds is dropped on the wire. */
const parsedDetail = z.object({}).loose();

/** One claim_analyses entry: the spec's five fields, then the additive detail (rejections, objections, pinpoints, evidence, ...). */
/**
 * A claim's recommendation with its reasons, alternatives and confidence (the analysis record and
 * the one-claim view). Each part optional: a stored record keeps it as the version that made it wrote it.
 */
export const strategySchema = z.object({
  code: z.string().optional(),
  reasons: z.array(z.string()).optional(),
  alternatives: z.array(z.string()).optional(),
  suggest_interview: z.boolean().optional(),
  confidence: z.number().optional(),
  rules: z.array(z.string()).optional().describe('The rules that fired, in order'),
});

export const claimAnalysisSchema = z
  .object({
    claim_number: z.number().int(),
    status: z.string().describe('rejected, objected, allowed, withdrawn, cancelled, ...'),
    basis: z.string().describe('Short statutory codes joined by "; " (empty when none)'),
    prior_art: z.array(z.string()),
    recommendation: z.string().describe('The recommended strategy code'),
    strategy: strategySchema.loose().optional().describe('The recommendation with its reasons, alternatives and confidence'),
    evidence: z
      .array(z.object({ finding: z.string(), text: z.string(), span: spanSchema }).loose())
      .optional()
      .describe('Findings quoted from the action, with their offsets into its text'),
    rejections: z
      .array(
        z.object({ basis: z.string(), span: spanSchema, ground_id: z.string().optional().describe('The ground of `grounds` this entry belongs to') }).loose(),
      )
      .optional(),
  })
  .loose();

/** The glass box: which components ran, what was verified, and how sure the analysis is. */
const glassBoxSchema = z
  .object({
    experts_invoked: z.array(z.string()),
    citations_verified: z.boolean().describe('Every quoted span re-reads verbatim from the submitted text (see citations_verified_scope)'),
    citations_verified_scope: z.string(),
    confidence_scores: z.record(z.string(), z.number()),
    model_versions: z.record(z.string(), z.string()).describe('Language models only, by expert'),
    components: z.array(z.object({ name: z.string(), kind: z.enum(['rules', 'language_model']), version: z.string() })),
    elapsed_seconds: z.number(),
    overall_confidence: z.number(),
    known_weaknesses: z.array(z.string()),
    expert_timings_ms: z.record(z.string(), z.number().nullable()).describe('Per rule-based expert; null when not timed'),
  })
  .loose();

/**
 * The analysis record (spec "Analysis record") as POST /api/analyses answers it: the spec's five
 * fields, then the additive ones. Parser structures (the action's metadata, references, grounds)
 * are loose objects: the record passes them as the pipeline bounded them.
 */
const analysisRecordSchema = z.object({
  analysis_id: z.string(),
  application_number: z.string(),
  rejection_type: z.string().describe('The type the text shows (CTNF, CTFR, CTED, CTRS, NOA, CTEQ), else the type requested, else CTNF'),
  claim_analyses: z.array(claimAnalysisSchema),
  glass_box: glassBoxSchema,
  requested_type: z.string().nullable().describe('The type the request stated; null when it stated none'),
  detected_type: z.string().nullable(),
  detected_kind: z.string().nullable().describe('The kind of paper the text shows (non_final, final, restriction, ...); null when not recognised'),
  detected_kind_description: z.string(),
  office_action: z.object({ kind: z.object({ kind: z.string() }).loose(), metadata: parsedDetail, summary: z.unknown() }).loose(),
  references: z.array(z.object({ label: z.string(), cited_in: z.array(z.string()).describe('The ground ids citing it') }).loose()),
  restriction_groups: z.array(parsedDetail),
  information_requirements: z.array(parsedDetail),
  document_objections: z.array(parsedDetail),
  warnings: z.array(z.object({ code: z.string(), message: z.string() }).loose()),
  examiner_intel: z.object({ requested: z.boolean(), examiner_name: z.string().nullable(), stats: parsedDetail.nullable() }).loose(),
  argument_outlines: z.array(z.unknown()),
  llm_expert_error: z.string().nullable(),
  billing: z
    .object({
      input_tokens: z.number().int(),
      output_tokens: z.number().int(),
      token_source: z.string(),
      cost: z.string().describe('Credits charged'),
      output_basis: z.string(),
      basis_note: z.string(),
    })
    .loose(),
  created_at: z.string(),
  grounds: z
    .array(z.object({ id: z.string(), kind: z.string(), title: z.string(), claims: z.array(z.number().int()), statement: quoteSchema }).loose())
    .describe('Every ground of rejection and objection (and requirement), with stable ids (r1-103, o1-claims, ...)'),
  truncated: z.record(z.string(), z.number()).describe('What the bounded record left out, counted by path (empty when nothing)'),
});
export type AnalysisRecordWire = z.infer<typeof analysisRecordSchema>;

const SPEC_FIELDS = { analysis_id: true, application_number: true, rejection_type: true, claim_analyses: true, glass_box: true } as const;

/**
 * A stored analysis record (GET /api/analyses/{id}, and POST's idempotent replay): a record keeps
 * the fields the version that made it wrote, so only the spec's five are certain.
 */
const GLASS_BOX_SPEC_FIELDS = {
  experts_invoked: true,
  citations_verified: true,
  confidence_scores: true,
  model_versions: true,
  elapsed_seconds: true,
} as const;
export const storedAnalysisRecordSchema = analysisRecordSchema
  .partial()
  .required(SPEC_FIELDS)
  .extend({ glass_box: glassBoxSchema.partial().required(GLASS_BOX_SPEC_FIELDS).loose() })
  .loose();
export type StoredAnalysisRecordWire = z.infer<typeof storedAnalysisRecordSchema>;

/** GET /api/analyses: the account's analyses, newest first. */
export const analysisListSchema = z.object({
  analyses: z.array(
    z.object({
      analysis_id: z.string(),
      application_number: z.string(),
      rejection_type: z.string(),
      input_tokens: z.number().int(),
      output_tokens: z.number().int(),
      created_at: z.string(),
    }),
  ),
});

/** GET /api/analyses/{id}/text: the text the analysis ran on (evidence spans are offsets into it). */
export const analysisTextSchema = z.object({
  analysis_id: z.string(),
  text: z.string(),
  text_sha256: z.string().describe('SHA-256 (hex) of the text'),
});

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
 * Returned with its JSON text: the bound's size check serializes the record anyway, and the
 * creator stores and answers that text, so the record is serialized once.
 */
export function presentAnalysisWithJson(run: AnalysisRun, meta: AnalysisMeta) {
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
      citations_verified_scope:
        'Each quoted span (rejection statements, claim lists, references as written, pinpoints, examiner admissions) re-reads verbatim from the submitted text at its offsets. Not verified: that the cited references say what the examiner asserts, publication numbers against a patent office register, or any legal conclusion.',
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
    detected_kind_description:
      kind === 'other'
        ? `not recognised from the text; treated as a ${kindWords(kindOfType(stated ?? 'CTNF') ?? 'non_final')}${stated ? ', the type requested' : ', the default type'}`
        : kindWords(kind),
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
    billing: {
      ...meta.billing,
      output_basis: 'practitioner_text',
      basis_note:
        "input: tokens of the office-action text (plus a language model's prompt, as its provider reports it); output: tokens of the rationales written for the practitioner (plus a language model's output, as reported), never the JSON record (o200k_base tokenizer)",
    },
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
  const byStatement = new Map(
    grounds.filter((g) => g.kind === 'rejection').map((g) => [`${g.statement.span.start}:${g.statement.span.end}:${basisSlug(g.basis ?? '')}`, g.id]),
  );
  for (const c of record.claim_analyses) {
    for (const r of c.rejections) {
      const id = byStatement.get(`${r.span.start}:${r.span.end}:${basisSlug(r.basis)}`);
      if (id) r.ground_id = id;
    }
  }
  // References name the grounds citing them in the same scheme (the parser's `rej-N` stay inside it).
  const spanOf = new Map(a.parsed.rejections.map((r) => [r.id, `${r.evidence.span.start}:${r.evidence.span.end}`]));
  const idsOfSpan = new Map<string, string[]>();
  for (const g of grounds)
    if (g.kind === 'rejection') {
      const key = `${g.statement.span.start}:${g.statement.span.end}`;
      idsOfSpan.set(key, [...(idsOfSpan.get(key) ?? []), g.id]);
    }
  for (const r of record.references) r.cited_in = [...new Set(r.cited_in.flatMap((id) => idsOfSpan.get(spanOf.get(id) ?? '') ?? []))];
  // Bounded relative to the input (issue 12 item 7): identical copies once, long quotes cut, lists
  // capped; what was left out is counted in `truncated` and listed as a known weakness.
  const full = { ...record, grounds, truncated: {} as Truncation };
  const bounded = boundRecord(full as unknown as Record<string, unknown>);
  full.truncated = bounded.cut;
  const weakness = truncationWeakness(full.truncated);
  if (!weakness) {
    // Nothing was left out: `truncated` is still empty, as it was when the bound serialized the record.
    return { record: full, json: bounded.json };
  }
  weaknesses.push(weakness);
  full.glass_box.overall_confidence = overallWith(weaknesses.length);
  return { record: full, json: JSON.stringify(full) };
}

export type AnalysisRecord = ReturnType<typeof presentAnalysisWithJson>['record'];

export function presentAnalysis(run: AnalysisRun, meta: AnalysisMeta): AnalysisRecord {
  return presentAnalysisWithJson(run, meta).record;
}

/**
 * A record (made now or stored) typed as its wire schema. The parser's structures are interfaces,
 * which TypeScript does not let stand for the schema's open objects; the response serializer
 * checks the record against storedAnalysisRecordSchema when it is sent.
 */
export function asAnalysisRecordWire(record: AnalysisRecord | Record<string, unknown>): StoredAnalysisRecordWire {
  return record as unknown as StoredAnalysisRecordWire;
}

function withoutHintNotes(a: AnalysisRun['analysis']): AnalysisRun['analysis'] {
  return { ...a, parsed: { ...a.parsed, warnings: a.parsed.warnings.filter((w) => w.code !== 'type_hint_conflict' && w.code !== 'type_hint_ignored') } };
}
