import type { StoredClaims } from '../queries/application-claims.ts';

/** GET/PUT /api/docket/{id}/claims: the claims the next response's listing starts from. */
export function presentApplicationClaims(docketEntryId: string, applicationNumber: string, stored: StoredClaims | undefined, warnings: string[] = []) {
  const claims = stored?.claims ?? [];
  return {
    docket_entry_id: docketEntryId,
    application_number: applicationNumber,
    /** pasted | response (the listing as amended by the response drafted in source_job_id) | null (none stored). */
    source: stored?.source ?? null,
    source_job_id: stored?.source_job_id ?? null,
    updated_at: stored?.updated_at.toISOString() ?? null,
    claims: claims.map((c) => ({ number: c.number, status: c.status, previously_presented: c.previously_presented, text: c.text })),
    counts: {
      pending: claims.filter((c) => c.status === 'pending').length,
      withdrawn: claims.filter((c) => c.status === 'withdrawn').length,
      cancelled: claims.filter((c) => c.status === 'cancelled').length,
    },
    /** Pending or withdrawn claims whose text is not known (a response left it to the practitioner): the next listing asks for it. */
    missing_text: claims.filter((c) => c.status !== 'cancelled' && !c.text).map((c) => c.number),
    warnings,
  };
}
