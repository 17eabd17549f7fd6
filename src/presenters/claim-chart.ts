/**
 * GET /api/analyses/{id}/claim-chart (issue 18 item 4): the chart as the web app, the DOCX
 * appendix and the MCP tool get it. One zod schema: the route's response, OpenAPI and the tool's
 * output schema.
 */
import { z } from 'zod';
import type { ClaimChart } from '../domain/art/chart.ts';

const span = z.object({ start: z.number().int(), end: z.number().int() });

const passageSchema = z.object({
  paragraph: z.number().int().optional().describe('The paragraph number printed in the reference ([0065] → 65)'),
  label: z.string().describe('"[0065]", "col. 3, ll. 4-10", or "paragraph 12" in a text without numbers'),
  text: z.string().describe('The passage, verbatim from the held text'),
  start: z.number().int().optional(),
  end: z.number().int().optional(),
  column: z.number().int().optional(),
  // An array of two, not a tuple: a tuple's JSON Schema (items: false after prefixItems) fails the
  // MCP Inspector's strict check of get_claim_chart's output schema.
  lines: z.array(z.number().int()).length(2).optional().describe('First and last line of a column passage: [4, 10]'),
});

const chartCitationSchema = z.object({
  reference: z.string().describe('The reference as the action labels it: "Laroia (US 2005/0025220 A1)"'),
  reference_name: z.string().nullable().describe('The short name the action uses: "Laroia"'),
  reference_id: z.string().nullable(),
  publication_number: z.string().nullable(),
  pinpoint: z.string().describe('The pinpoint as the examiner wrote it ("¶0065", "col. 2, lines 56-57", "fan (24a)")'),
  kind: z.enum(['paragraph', 'column_line', 'figure', 'page_line', 'numeral']),
  span: span.describe("Where the pinpoint is in the office action's text"),
  resolved: passageSchema.nullable().describe('The first passage the pinpoint designates; null when it could not be resolved'),
  passages: z.array(passageSchema),
  unresolved_reason: z.string().nullable(),
  document_id: z.string().nullable().describe('The held document the passages come from'),
});

export const flagCodes = ['no_pinpoint', 'terms_not_in_cited_passage', 'examiner_admission', 'unresolved_pinpoint'] as const;

const chartFlagSchema = z.object({
  code: z.enum(flagCodes),
  detail: z.string(),
  terms: z.array(z.string()).optional().describe("terms_not_in_cited_passage: the limitation's distinguishing terms the cited passages lack"),
  absent_from_reference: z.array(z.string()).optional().describe('Of those, the terms found nowhere in the held text of the reference'),
  quote: z.object({ text: z.string(), span }).optional().describe("examiner_admission: the examiner's words with their place in the action"),
});

const chartLimitationSchema = z.object({
  index: z.number().int().describe('0 is the preamble of an independent claim; elements count from 1'),
  part: z.enum(['preamble', 'element']),
  text: z.string().describe('The limitation, verbatim from the claim as held'),
  assertion: z.string().optional().describe("The examiner's words asserting the limitation, verbatim from the action (with the citations written among them)"),
  assertion_spans: z.array(span),
  assertion_score: z
    .number()
    .nullable()
    .describe("How closely the examiner's words repeat the limitation's, 0 to 1 (null: no words of the examiner were matched to it)"),
  citations: z.array(chartCitationSchema),
  flags: z.array(chartFlagSchema),
});

export const claimChartSchema = z.object({
  analysis_id: z.string(),
  application_number: z.string(),
  claims_source: z
    .object({ source: z.string(), document_id: z.string().nullable(), updated_at: z.string() })
    .nullable()
    .describe("Where the claims charted come from (the docket's claims of record as examined); null when the docket holds none"),
  claims: z.array(
    z.object({
      claim_number: z.number().int(),
      depends_on: z.number().int().nullable(),
      text: z.string().nullable(),
      grounds: z.array(z.object({ ground_id: z.string().nullable(), basis: z.string(), citation: z.string(), references: z.array(z.string()) })),
      blocks: z.array(span).describe("The examiner's explanation of the claim in the action"),
      limitations: z.array(chartLimitationSchema),
      other_citations: z.array(chartCitationSchema).describe("Citations in the claim's explanation that follow no limitation's words (motivation, reasoning)"),
    }),
  ),
  references: z.array(
    z.object({ reference_id: z.string(), label: z.string(), publication_number: z.string().nullable(), held: z.boolean(), document_id: z.string().nullable() }),
  ),
  summary: z.object({
    claims: z.number().int(),
    limitations: z.number().int(),
    limitations_flagged: z.number().int(),
    pinpoints_found: z.number().int(),
    pinpoints_resolved: z.number().int(),
    flags: z.object(Object.fromEntries(flagCodes.map((c) => [c, z.number().int()])) as Record<(typeof flagCodes)[number], z.ZodNumber>),
  }),
  notes: z.array(z.string()).describe('What is missing for a fuller chart, in words for the practitioner'),
});
export type ClaimChartWire = z.infer<typeof claimChartSchema>;

export interface ChartContext {
  analysisId: string;
  applicationNumber: string;
  claimsSource: ClaimChartWire['claims_source'];
}

export function presentClaimChart(chart: ClaimChart, ctx: ChartContext): ClaimChartWire {
  const notes: string[] = [];
  if (!ctx.claimsSource)
    notes.push('No claims are held for this application: add the claim listing (or the application as filed) to the file to chart each limitation.');
  const missing = chart.references.filter((r) => !r.held);
  if (missing.length)
    notes.push(
      `No text is held of ${missing.map((r) => r.label).join('; ')}: add ${missing.length > 1 ? 'them' : 'it'} to the application's file as ${missing.length > 1 ? 'references' : 'a reference'} to resolve the pinpoints into ${missing.length > 1 ? 'them' : 'it'}.`,
    );
  return {
    analysis_id: ctx.analysisId,
    application_number: ctx.applicationNumber,
    claims_source: ctx.claimsSource,
    claims: chart.claims.map((c) => ({ ...c, limitations: c.limitations.map((l) => ({ ...l })) })),
    references: chart.references,
    summary: chart.summary,
    notes,
  };
}
