import { z } from 'zod';
import { defineTool, READ_ONLY, WRITE } from '../tool.ts';
import { seg } from '../backend-client.ts';
import type { ToolContext } from '../tool.ts';
import { applicationNumber, idempotencyKey } from './shared.ts';
import { analysisListSchema, claimAnalysisSchema, storedAnalysisRecordSchema, type StoredAnalysisRecordWire } from '../../presenters/analysis.ts';
import {
  analysisClaimSchema,
  analysisGroundSchema,
  type analysisGroundsSchema,
  type AnalysisClaimWire,
  type AnalysisGroundWire,
  groundSummarySchema,
} from '../../presenters/analysis-views.ts';

/**
 * Office-action analysis: analyze an action (billed by tokens), read analyses back, and look at
 * one claim or one ground with the examiner's words quoted and the legal standard behind it.
 */

/** A claim's row as the analysis record has it (its strategy, evidence and rejections are in get_claim_analysis). */
const claimRow = claimAnalysisSchema.pick({ claim_number: true, status: true, basis: true, prior_art: true, recommendation: true });

// The record's own fields, from its schema; kind, date and examiner are lifted out of the parsed
// action, and grounds come from GET /api/analyses/{id}/grounds.
const record = storedAnalysisRecordSchema.shape;
const analysisOutput = z.object({
  analysis_id: record.analysis_id,
  application_number: record.application_number,
  rejection_type: record.rejection_type,
  office_action_kind: z.string().nullable(),
  office_action_kind_description: z.string().nullable(),
  mailing_date: z.string().nullable(),
  examiner: z.string().nullable(),
  claims: z.array(claimRow),
  grounds: z.array(groundSummarySchema),
  warnings: record.warnings.unwrap(),
  glass_box: record.glass_box,
  billing: record.billing.unwrap().nullable(),
  created_at: record.created_at.unwrap().nullable(),
});
type AnalysisOutput = z.infer<typeof analysisOutput>;

/**
 * The stored record as GET /api/analyses/{id} answers it; its parsed action is a loose object, so
 * the fields lifted from it are typed here.
 */
type AnalysisRecord = StoredAnalysisRecordWire & {
  office_action?: { kind?: { kind?: string }; metadata?: { mailing_date?: { value: string } | null; examiner?: { normalized: string } | null } };
};

async function withGrounds(ctx: ToolContext, r: AnalysisRecord): Promise<AnalysisOutput> {
  const { grounds } = await ctx.api.get<z.infer<typeof analysisGroundsSchema>>(`/api/analyses/${seg(r.analysis_id)}/grounds`);
  return {
    analysis_id: r.analysis_id,
    application_number: r.application_number,
    rejection_type: r.rejection_type,
    office_action_kind: r.office_action?.kind?.kind ?? null,
    office_action_kind_description: r.detected_kind_description ?? null,
    mailing_date: r.office_action?.metadata?.mailing_date?.value ?? null,
    examiner: r.office_action?.metadata?.examiner?.normalized ?? null,
    claims: r.claim_analyses.map(({ claim_number, status, basis, prior_art, recommendation }) => ({ claim_number, status, basis, prior_art, recommendation })),
    grounds,
    warnings: (r.warnings ?? []).map((w) => ({ code: w.code, message: w.message })),
    glass_box: r.glass_box,
    billing: r.billing ?? null,
    created_at: r.created_at ?? null,
  };
}

function describeAnalysis(a: AnalysisOutput): string {
  const grounds = a.grounds.length ? a.grounds.map((g) => `${g.ground_id} (${g.title})`).join('; ') : 'no grounds of rejection or objection';
  return `Analysis ${a.analysis_id} of ${a.application_number} (${a.office_action_kind_description ?? a.office_action_kind ?? a.rejection_type}): ${a.claims.length} claims; ${grounds}.`;
}

const analyzeOfficeAction = defineTool({
  name: 'analyze_office_action',
  title: 'Analyze an office action',
  description:
    "Analyzes the full text of a USPTO office action claim by claim: each claim's status, grounds of rejection and objection (with stable ground ids), prior art, the examiner's pinpoints and a recommended strategy, every finding quoted from the text. Billed by tokens (50.00 / 200.00 credits per 1M input / output tokens; typically well under 1.00), never blocked by the balance; pass an idempotency_key to retry safely. " +
    'Next: explain_rejection for a ground, get_claim_analysis for a claim, start_response to build the reply.',
  group: 'analysis',
  price: 'tokens',
  input: z.object({
    office_action_text: z.string().min(1).max(1_048_576).describe('The whole office action as text (up to 1 MB), without attachments such as cited references'),
    application_number: applicationNumber.optional().describe('Default: the number the action states'),
    office_action_type: z
      .enum(['CTNF', 'CTFR', 'CTED', 'CTRS'])
      .optional()
      .describe(
        "The interface's codes: CTNF non-final (default), CTFR final, CTED restriction, CTRS requirement for information (the USPTO's CTRS is a restriction: send CTED). The text decides when it shows the kind.",
      ),
    include_examiner_intel: z.boolean().default(true),
    idempotency_key: idempotencyKey,
  }),
  output: analysisOutput,
  annotations: WRITE,
  async run(args, ctx) {
    const record = await ctx.api.post<AnalysisRecord>(
      '/api/analyses',
      {
        office_action_text: args.office_action_text,
        ...(args.office_action_type ? { office_action_type: args.office_action_type } : {}),
        include_examiner_intel: args.include_examiner_intel,
        ...(args.application_number ? { application_number: args.application_number } : {}),
      },
      { idempotencyKey: args.idempotency_key },
    );
    const data = await withGrounds(ctx, record);
    return {
      data,
      summary: `${describeAnalysis(data)} Billed ${data.billing?.cost ?? '0.00'} credits. Next: explain_rejection or start_response with analysis_id ${data.analysis_id}.`,
    };
  },
});

const getAnalysis = defineTool({
  name: 'get_analysis',
  title: 'Get an analysis',
  description:
    "One of the account's analyses: the paper's kind, mailing date and examiner, every claim (status, basis, prior art, recommendation), every ground with its id, warnings, the glass box and the bill. Free. For one claim in depth use get_claim_analysis; for one ground, explain_rejection.",
  group: 'analysis',
  price: 'free',
  input: z.object({ analysis_id: z.string().min(1).max(100) }),
  output: analysisOutput,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const data = await withGrounds(ctx, await ctx.api.get<AnalysisRecord>(`/api/analyses/${seg(args.analysis_id)}`));
    return { data, summary: describeAnalysis(data) };
  },
});

const listAnalyses = defineTool({
  name: 'list_analyses',
  title: 'List analyses',
  description:
    "The account's office-action analyses, newest first (made here, in the web app or through the API). Free. Use the analysis_id with get_analysis, explain_rejection or start_response.",
  group: 'analysis',
  price: 'free',
  input: z.object({ limit: z.number().int().min(1).max(100).default(20) }),
  output: analysisListSchema,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const page = await ctx.api.get<z.infer<typeof analysisListSchema>>('/api/analyses', { limit: args.limit });
    const latest = page.analyses[0];
    return {
      data: page,
      summary: `${page.analyses.length} analys${page.analyses.length === 1 ? 'is' : 'es'}${latest ? `; latest ${latest.analysis_id} (${latest.application_number}, ${latest.created_at.slice(0, 10)})` : ''}.`,
    };
  },
});

const getClaimAnalysis = defineTool({
  name: 'get_claim_analysis',
  title: 'One claim of an analysis',
  description:
    "Everything the analysis found for one claim: status, the grounds naming it (ids, statutes, the examiner's sentence), each reference with the examiner's pinpoints (columns, lines, paragraphs, figures), the recommended strategy with its reasons, and the evidence spans quoted from the action. Free.",
  group: 'analysis',
  price: 'free',
  input: z.object({ analysis_id: z.string().min(1).max(100), claim_number: z.number().int().min(1).max(9999) }),
  output: analysisClaimSchema,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const c = await ctx.api.get<AnalysisClaimWire>(`/api/analyses/${seg(args.analysis_id)}/claims/${seg(args.claim_number)}`);
    const refs = c.references.map((r) => `${r.label} (${r.pinpoints.length} pinpoint${r.pinpoints.length === 1 ? '' : 's'})`).join('; ');
    return {
      data: c,
      summary: `Claim ${c.claim_number} is ${c.status}${c.grounds.length ? ` on ${c.grounds.map((g) => g.ground_id).join(', ')}` : ''}; recommended: ${c.recommendation}.${refs ? ` References: ${refs}.` : ''} Use explain_rejection for a ground.`,
    };
  },
});

const explainRejection = defineTool({
  name: 'explain_rejection',
  title: 'Explain one ground of rejection or objection',
  description:
    "One ground of the action (ground_id from get_analysis, get_claim_analysis or the response plan, e.g. r1-103): the statute, the examiner's statement and reasoning quoted verbatim with their positions in the action, the references with pinpoints, and the legal standard with its MPEP sections and what a reply can argue. Free. Use it before writing the argument for add_argument.",
  group: 'analysis',
  price: 'free',
  input: z.object({ analysis_id: z.string().min(1).max(100), ground_id: z.string().min(1).max(64) }),
  output: analysisGroundSchema,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const g = await ctx.api.get<AnalysisGroundWire>(`/api/analyses/${seg(args.analysis_id)}/grounds/${seg(args.ground_id)}`);
    const std = g.legal_standard ? ` Standard: ${g.legal_standard.title} (${g.legal_standard.law}; MPEP ${g.legal_standard.mpep.join(', ')}).` : '';
    return { data: g, summary: `${g.ground_id}: ${g.title}.${std}` };
  },
});

export const ANALYSIS_TOOLS = [analyzeOfficeAction, getAnalysis, listAnalyses, getClaimAnalysis, explainRejection];
