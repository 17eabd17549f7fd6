/** The USPTO imports of the application file (issue 18 items 1-2): request bodies and answers. */
import { z } from 'zod';
import type { ImportedPaper } from '../commands/file/uspto-import.ts';
import type { FetchedReference } from '../commands/file/public-reference-fetcher.ts';
import { documentSummarySchema, presentDocumentSummary, summaryOfRow } from './file-documents.ts';

export const importBody = z
  .object({
    kinds: z
      .array(z.enum(['claims', 'specification', 'response']))
      .min(1)
      .max(3)
      .optional()
      .describe('Which papers (default all): claims (the latest CLM), specification (SPEC and ABST as filed), response (the latest replies)'),
  })
  .strict();

export const importResultSchema = z.object({
  application_number: z.string(),
  papers: z.array(
    z.object({
      document_code: z.string(),
      description: z.string(),
      official_date: z.string(),
      outcome: z.enum(['added', 'already_held', 'skipped']),
      reason: z.string().nullable(),
      document: documentSummarySchema.nullable(),
    }),
  ),
});

export function presentImport(applicationNumber: string, papers: readonly ImportedPaper[]): z.infer<typeof importResultSchema> {
  return {
    application_number: applicationNumber,
    papers: papers.map((p) => ({
      document_code: p.document_code,
      description: p.description,
      official_date: p.official_date,
      outcome: p.outcome,
      reason: p.reason,
      document: p.added ? presentDocumentSummary(summaryOfRow(p.added.row)) : null,
    })),
  };
}

export const fetchedReferencesSchema = z.object({
  analysis_id: z.string(),
  references: z.array(
    z.object({
      reference: z.string(),
      publication_number: z.string().nullable(),
      outcome: z.enum(['fetched', 'already_held', 'not_at_uspto', 'not_found', 'failed']),
      detail: z.string().nullable(),
    }),
  ),
});

export function presentFetchedReferences(analysisId: string, refs: readonly FetchedReference[]): z.infer<typeof fetchedReferencesSchema> {
  return { analysis_id: analysisId, references: [...refs] };
}
