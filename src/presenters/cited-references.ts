/** GET /api/analyses/{id}/references: the references an action cites and what the file holds of each. */
import { z } from 'zod';
import type { ChartReferenceText } from '../domain/art/chart.ts';
import { referencesOfRecord } from '../domain/office-action/references-of-record.ts';

export const citedReferencesSchema = z.object({
  analysis_id: z.string(),
  application_number: z.string(),
  references: z.array(
    z.object({
      label: z.string(),
      name: z.string().nullable(),
      kind: z.string().describe('us_patent, us_pgpub, foreign, wo, npl, unidentified'),
      publication_number: z.string().nullable(),
      publication_base: z.string().nullable(),
      held: z.boolean().describe('The file (or the public USPTO cache) holds its text'),
      document_id: z.string().nullable(),
      paragraphs: z.number().int(),
    }),
  ),
});

export function presentCitedReferences(
  analysis: { id: string; application_number: string; record: unknown },
  held: readonly ChartReferenceText[],
): z.infer<typeof citedReferencesSchema> {
  return {
    analysis_id: analysis.id,
    application_number: analysis.application_number,
    references: referencesOfRecord(analysis.record)
      .filter((r) => r.kind !== 'aapa' && r.kind !== 'official_notice')
      .map((r) => {
        const h = held.find(
          (x) =>
            (r.publication && x.publication_base === r.publication.base) ||
            (!r.publication && r.short_name && x.name?.toLowerCase() === r.short_name.toLowerCase()),
        );
        return {
          label: r.label,
          name: r.short_name,
          kind: r.kind,
          publication_number: r.publication?.display ?? null,
          publication_base: r.publication?.base ?? null,
          held: !!h,
          document_id: h?.document_id ?? null,
          paragraphs: h?.paragraphs.length ?? 0,
        };
      }),
  };
}
