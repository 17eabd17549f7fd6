import { z } from 'zod';
import type { StoredClaims } from '../queries/application-claims.ts';

const claimSchema = z.object({
  number: z.number().int(),
  status: z.enum(['pending', 'withdrawn', 'cancelled']),
  previously_presented: z.boolean().describe('The claim was presented before (its status identifier reads "Previously presented" unless amended)'),
  text: z.string().nullable().describe('Clean text without the claim number; null for a cancelled claim or one whose text is not known'),
});

/** GET/PUT /api/docket/{id}/claims: the claims the next response's listing starts from. */
export const applicationClaimsSchema = z.object({
  docket_entry_id: z.string(),
  application_number: z.string(),
  source: z
    .enum(['pasted', 'response', 'document'])
    .nullable()
    .describe('pasted, response (the listing as amended by the response drafted in source_job_id), document (a document of the file), or null (none stored)'),
  source_job_id: z.string().nullable(),
  updated_at: z.string().nullable(),
  claims: z.array(claimSchema),
  counts: z.object({ pending: z.number().int(), withdrawn: z.number().int(), cancelled: z.number().int() }),
  missing_text: z
    .array(z.number().int())
    .describe('Pending or withdrawn claims whose text is not known (a response left it to the practitioner): the next listing asks for it'),
  warnings: z.array(z.string()).describe('What reading a pasted listing noticed (PUT with text)'),
});
export type ApplicationClaimsWire = z.infer<typeof applicationClaimsSchema>;

export function presentApplicationClaims(
  docketEntryId: string,
  applicationNumber: string,
  stored: StoredClaims | undefined,
  warnings: string[] = [],
): ApplicationClaimsWire {
  const claims = stored?.claims ?? [];
  return {
    docket_entry_id: docketEntryId,
    application_number: applicationNumber,
    source: stored?.source ?? null,
    source_job_id: stored?.source_job_id ?? null,
    updated_at: stored?.updated_at.toISOString() ?? null,
    claims: claims.map((c) => ({ number: c.number, status: c.status, previously_presented: c.previously_presented, text: c.text })),
    counts: {
      pending: claims.filter((c) => c.status === 'pending').length,
      withdrawn: claims.filter((c) => c.status === 'withdrawn').length,
      cancelled: claims.filter((c) => c.status === 'cancelled').length,
    },
    missing_text: claims.filter((c) => c.status !== 'cancelled' && !c.text).map((c) => c.number),
    warnings,
  };
}
