/** POST /api/docket/{id}/support-search (issue 18 item 5): request body and answer. */
import { z } from 'zod';
import type { SupportResult } from '../domain/art/support.ts';
import type { SupportSources } from '../queries/support-sources.ts';

export const supportSearchBody = z
  .object({
    text: z.string().trim().min(3).max(5000).describe('The words added to a claim (or the amended limitation)'),
    analysis_id: z.string().max(100).optional().describe('Search the references this analysis cites (default: every reference in the file)'),
  })
  .strict();

const hit = z.object({
  document_id: z.string(),
  source: z.string().describe('"specification" or the reference\'s label'),
  paragraph: z.number().int().nullable(),
  label: z.string(),
  cite: z.string().describe('"¶ [0032]", or the paragraph\'s place in a text without numbers'),
  text: z.string(),
  matched: z.array(z.string()),
  missing: z.array(z.string()),
  coverage: z.number().describe('Share of the terms the paragraph contains, 0 to 1'),
  highlights: z.array(z.object({ start: z.number().int(), end: z.number().int() })).describe('Offsets in text of the words matching a term'),
});

export const supportSearchSchema = z.object({
  terms: z.array(z.string()).describe('The distinguishing terms of the added text that were searched for'),
  support: z.array(hit).describe('Specification paragraphs, best first'),
  citation: z.string().nullable().describe('"see, e.g., ¶ [0032]": only paragraphs containing every term; null when none does'),
  art: z
    .array(z.object({ document_id: z.string(), reference: z.string(), hits: z.array(hit) }))
    .describe('Per reference: its paragraphs mentioning the terms (a novelty pre-check)'),
  notes: z.array(z.string()),
});

const cite = (h: { paragraph: number | null; label: string }) => (h.paragraph !== null ? `¶ [${String(h.paragraph).padStart(4, '0')}]` : h.label);
const wire = ({ start: _s, end: _e, score: _score, ...h }: SupportResult['support'][number]) => ({ ...h, cite: cite(h) });

export function presentSupport(result: SupportResult, sources: SupportSources): z.infer<typeof supportSearchSchema> {
  const notes: string[] = [];
  if (sources.specification.length === 0)
    notes.push('No specification is held for this application: add it to the file (kind "specification" or "application") to search for support.');
  else if (result.support.length === 0)
    notes.push(
      'No paragraph of the specification contains these terms: the added words may lack written-description support (35 U.S.C. 112(a); MPEP 2163). Check the specification and drawings.',
    );
  else if (!result.citation)
    notes.push('No single paragraph contains every term: support may be spread over several paragraphs or the drawings; check before citing.');
  if (sources.references_without_text.length)
    notes.push(
      `No text is held of ${sources.references_without_text.join('; ')}: the novelty pre-check did not read ${sources.references_without_text.length > 1 ? 'them' : 'it'}.`,
    );
  return {
    terms: result.terms,
    support: result.support.map(wire),
    citation: result.citation,
    art: result.art.map((a) => ({ ...a, hits: a.hits.map(wire) })),
    notes,
  };
}
