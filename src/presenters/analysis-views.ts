/**
 * Wire shapes of one analysis seen a claim or a ground at a time (/api/analyses/{id}/claims/{n},
 * /grounds, /grounds/{gid}; the MCP tools get_claim_analysis and explain_rejection). The
 * presenters are presentAnalysisClaim, presentGroundSummary and presentAnalysisGround
 * (presenters/response-plan.ts, beside the plan's ground shapes they share).
 *
 * Items copied from the stored record (pinpoints, objections, evidence, quotes) carry the marks
 * the bounded record puts on them (analysis/bound-record.ts): named here, since the serializer
 * drops any key its schema does not name.
 */
import { z } from 'zod';
import { spanSchema, strategySchema } from './analysis.ts';

/** Marks of the bounded record: a long quote is cut with an ellipsis; identical copies are kept once. */
const textTruncated = z.literal(true).optional().describe('The quote was cut (ending in an ellipsis); its span still covers the whole passage');
const alsoAt = z.array(spanSchema).optional().describe('Offsets of identical copies of this item in the action');
const quoteSchema = z.object({ text: z.string(), span: spanSchema, text_truncated: textTruncated });
const groundKindSchema = z.enum(['rejection', 'claim_objection', 'document_objection', 'restriction', 'information_requirement']);

const groundHeadFields = {
  ground_id: z.string().describe('Stable within the analysis: r1-103, o1-claims, x1-restriction, i1-information, ...'),
  kind: groundKindSchema,
  basis: z.string().nullable().describe('Rejections: the short statutory code (103, 112(b), DP); null otherwise'),
  statute: z.string(),
  title: z.string(),
};

/** A reference as a claim or ground cites it, with the examiner's pinpoints into it. */
const referenceDetailSchema = z.object({
  label: z.string(),
  kind: z.string().nullable(),
  publication_number: z.string().nullable(),
  pinpoints: z.array(z.object({ kind: z.string(), text: z.string(), span: spanSchema })),
});

/** GET /api/analyses/{id}/grounds: each ground with its id, what it is and the claims it names. */
export const groundSummarySchema = z.object({ ...groundHeadFields, claims: z.array(z.number().int()), references: z.array(z.string()) });
export const analysisGroundsSchema = z.object({ analysis_id: z.string(), grounds: z.array(groundSummarySchema) });

/** GET /api/analyses/{id}/claims/{n}. */
export const analysisClaimSchema = z.object({
  analysis_id: z.string(),
  application_number: z.string(),
  claim_number: z.number().int(),
  status: z.string(),
  basis: z.string(),
  independent: z.boolean().nullable().describe('null when the action does not say'),
  depends_on: z.number().int().nullable(),
  restriction_group: z.string().nullable(),
  allowable_if_rewritten: z.boolean(),
  recommendation: z.string().describe('The recommended strategy code'),
  strategy: strategySchema.nullable().describe('The recommendation with its reasons, alternatives and confidence'),
  grounds: z.array(z.object({ ...groundHeadFields, statement: quoteSchema })),
  references: z.array(referenceDetailSchema),
  pinpoints: z.array(
    z.object({ kind: z.string(), reference: z.string().nullable(), text: z.string(), span: spanSchema, text_truncated: textTruncated, also_at: alsoAt }),
  ),
  objections: z.array(
    z.object({
      type: z.string(),
      text: z.string(),
      span: spanSchema,
      allowable_if_rewritten: z.boolean().optional(),
      text_truncated: textTruncated,
      also_at: alsoAt,
    }),
  ),
  evidence: z
    .array(z.object({ finding: z.string(), text: z.string(), span: spanSchema, text_truncated: textTruncated, also_at: alsoAt }))
    .describe('Findings quoted from the action, with their offsets into GET /api/analyses/{id}/text'),
});
export type AnalysisClaimWire = z.infer<typeof analysisClaimSchema>;

const legalStandardSchema = z.object({
  id: z.string(),
  title: z.string(),
  law: z.string().describe('The statute or rule'),
  mpep: z.array(z.string()),
  standard: z.string(),
  authorities: z.array(z.string()),
  answering: z.array(z.string()).describe('What a reply typically does about it'),
});

/** GET /api/analyses/{id}/grounds/{gid}. */
export const analysisGroundSchema = z.object({
  analysis_id: z.string(),
  application_number: z.string(),
  ...groundHeadFields,
  claims: z.array(z.number().int()),
  objection_type: z.string().nullable(),
  target: z.string().nullable(),
  derived: z.boolean().describe('The statement states no statute itself ("rejected based upon their dependency from claim 4")'),
  allowable_if_rewritten: z.boolean(),
  statement: quoteSchema.describe("The examiner's sentence stating the ground, verbatim"),
  examiner_reasoning: quoteSchema
    .extend({ truncated: z.boolean() })
    .nullable()
    .describe("The examiner's reasoning after the statement, verbatim; null when not isolated"),
  references: z.array(referenceDetailSchema),
  pinpoints: z.array(
    z.object({
      claims: z.array(z.number().int()),
      kind: z.string(),
      reference: z.string().nullable(),
      text: z.string(),
      span: spanSchema,
      text_truncated: textTruncated,
      also_at: alsoAt,
    }),
  ),
  legal_standard: legalStandardSchema.nullable(),
  other_standards: z.array(legalStandardSchema),
  recommendations: z.array(z.object({ claim_number: z.number().int(), recommendation: z.string(), reasons: z.array(z.string()) })),
});
export type AnalysisGroundWire = z.infer<typeof analysisGroundSchema>;
