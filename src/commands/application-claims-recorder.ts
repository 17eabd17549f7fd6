/**
 * Stores the claims of an application for an account (issue 11, "carry claims forward"): pasted by
 * the practitioner, read from a document of the application file (issue 18), or the listing as
 * amended by a response Prosa drafted once the practitioner marks it filed. The next response's
 * claim listing starts from them. One row per (account, application), replaced whole.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Schema } from '../db/schema.ts';
import type { ClaimEntry } from '../domain/claims/claim-set.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';

export interface ApplicationClaimsProps {
  accountId: string;
  applicationId: string;
  claims: readonly ClaimEntry[];
  source: 'pasted' | 'response' | 'document';
  sourceJobId?: string | null;
  /** source = document: the document of the file the claims come from. */
  sourceDocumentId?: string | null;
  /** A response: the claims it started from, and the mailing date of the action it answered. */
  claimsBefore?: readonly ClaimEntry[] | null;
  answeredActionDate?: string | null;
}

/** Writes the row inside the caller's transaction (the worker stores a response's claims as its job completes). */
export async function storeApplicationClaims(trx: Transaction<Schema>, props: ApplicationClaimsProps): Promise<void> {
  const values = {
    claims: JSON.stringify(props.claims),
    source: props.source,
    source_job_id: props.sourceJobId ?? null,
    source_document_id: props.sourceDocumentId ?? null,
    claims_before: props.claimsBefore ? JSON.stringify(props.claimsBefore) : null,
    answered_action_date: props.answeredActionDate ?? null,
    updated_at: new Date(),
  };
  await trx
    .insertInto('application_claims')
    .values({ account_id: props.accountId, application_id: props.applicationId, ...values })
    .onConflict((oc) => oc.columns(['account_id', 'application_id']).doUpdateSet(values))
    .execute();
}

/** Claims pasted by the practitioner: stored with an audit row in one transaction. */
export async function applicationClaimsRecorder(
  db: Db,
  actor: Actor,
  props: Omit<ApplicationClaimsProps, 'source' | 'sourceJobId' | 'sourceDocumentId'> & { docketEntryId: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await storeApplicationClaims(trx, { ...props, source: 'pasted' });
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: 'docket.claims_recorded',
      targetType: 'docket_entry',
      targetId: props.docketEntryId,
      details: { claims: props.claims.length, pending: props.claims.filter((c) => c.status === 'pending').length },
    });
  });
}
