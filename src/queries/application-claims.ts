import type { Db } from '../db/connect.ts';
import type { ClaimEntry } from '../domain/claims/claim-set.ts';

export interface StoredClaims {
  claims: ClaimEntry[];
  source: 'pasted' | 'response' | 'document';
  source_job_id: string | null;
  /** source = document (or a response marked filed): the document of the file the claims come from. */
  source_document_id: string | null;
  /** source = response: the claims it started from, the mailing date of the action it answered, and the analysis it was drafted from. */
  claims_before: ClaimEntry[] | null;
  answered_action_date: string | null;
  answered_analysis_id: string | null;
  updated_at: Date;
}

/** The claims the account holds for an application (never another account's), or undefined. */
export async function findApplicationClaims(db: Db, accountId: string, applicationId: string): Promise<StoredClaims | undefined> {
  const row = await db
    .selectFrom('application_claims as c')
    .leftJoin('draft_jobs as j', 'j.id', 'c.source_job_id')
    .select(['c.claims', 'c.source', 'c.source_job_id', 'c.source_document_id', 'c.claims_before', 'c.answered_action_date', 'c.updated_at', 'j.analysis_id'])
    .where('c.account_id', '=', accountId)
    .where('c.application_id', '=', applicationId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    claims: row.claims as ClaimEntry[],
    source: row.source as StoredClaims['source'],
    source_job_id: row.source_job_id,
    source_document_id: row.source_document_id,
    claims_before: (row.claims_before as ClaimEntry[] | null) ?? null,
    answered_action_date: row.answered_action_date,
    answered_analysis_id: row.analysis_id ?? null,
    updated_at: row.updated_at,
  };
}

/**
 * The claims of record for a reply to an action (its analysis, and its mailing date when known).
 * Claims a Prosa response left are the claims of record for a later action; for the action that
 * response itself answered (a second draft of the same reply: same analysis, or an action mailed
 * on or before the one it answered) the claims it started from are. Undefined when none apply.
 */
export function claimsOfRecord(
  stored: StoredClaims | undefined,
  analysisId: string,
  actionDate: string | null,
): (StoredClaims & { redraft: boolean }) | undefined {
  if (!stored) return undefined;
  const redraft =
    stored.source === 'response' &&
    (stored.answered_analysis_id === analysisId || (actionDate !== null && stored.answered_action_date !== null && stored.answered_action_date >= actionDate));
  if (!redraft) return { ...stored, redraft: false };
  return stored.claims_before?.length ? { ...stored, claims: stored.claims_before, redraft: true } : undefined;
}
