/**
 * GET /api/docket/{id}/claims/versions: every claim set the application's file holds and which
 * one the docket treats as current (the claims the next response lists and marks against).
 */
import { z } from 'zod';
import type { ClaimEntry } from '../domain/claims/claim-set.ts';
import type { StoredClaims } from '../queries/application-claims.ts';
import type { DocketItem } from '../queries/docket.ts';
import type { claimVersions } from '../queries/file-documents.ts';

const claimSchema = z.object({ number: z.number().int(), status: z.string(), previously_presented: z.boolean(), text: z.string().nullable() });

export const claimVersionsSchema = z.object({
  docket_entry_id: z.string(),
  application_number: z.string(),
  current: z
    .object({
      source: z.string().describe('pasted, document (a document of the file), or response (a response Prosa drafted and the practitioner marked filed)'),
      document_id: z.string().nullable(),
      draft_job_id: z.string().nullable(),
      updated_at: z.string(),
      claims: z.array(claimSchema),
    })
    .nullable(),
  versions: z.array(
    z.object({
      document_id: z.string(),
      kind: z.string(),
      source: z.string(),
      status: z.string(),
      /** What the version is, in words. */
      description: z.string(),
      date: z.string().nullable(),
      current: z.boolean(),
      claims: z.array(claimSchema),
    }),
  ),
});

const DESCRIPTIONS: Record<string, string> = {
  application: 'the claims as filed or published',
  claims: 'a claim listing',
  response: 'the claims as amended by a filed response',
  'response:draft': 'the claims as a response Prosa drafted would leave them (not filed)',
  reference: 'the claims of a reference',
  specification: 'claims printed with the specification',
};

const wire = (c: ClaimEntry) => ({ number: c.number, status: c.status, previously_presented: c.previously_presented, text: c.text });
const day = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

export function presentClaimVersions(
  item: DocketItem,
  current: StoredClaims | undefined,
  versions: Awaited<ReturnType<typeof claimVersions>>,
): z.infer<typeof claimVersionsSchema> {
  const currentDoc = current?.source_document_id ?? null;
  return {
    docket_entry_id: item.entry.id,
    application_number: item.application.application_number,
    current: current
      ? {
          source: current.source,
          document_id: currentDoc,
          draft_job_id: current.source_job_id,
          updated_at: current.updated_at.toISOString(),
          claims: current.claims.map(wire),
        }
      : null,
    versions: versions
      .filter((v) => v.kind !== 'reference')
      .map((v) => ({
        document_id: v.id,
        kind: v.kind,
        source: v.source,
        status: v.status,
        description: DESCRIPTIONS[v.status === 'draft' ? `${v.kind}:draft` : v.kind] ?? v.kind,
        date: day(v.document_date as Date | string | null) ?? day(v.filed_at) ?? day(v.created_at),
        current: v.id === currentDoc,
        claims: v.claims.map(wire),
      })),
  };
}
