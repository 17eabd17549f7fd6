/**
 * Marks a response Prosa drafted as filed (issue 18 item 1): from then on its claims are the
 * docket's claims of record, and the next response lists them and marks its amendments against
 * them (37 CFR 1.121(c)). The claims the response started from and the action it answered are
 * kept with them, so drafting that same action again starts from the claims before it.
 */
import type { Db } from '../../db/connect.ts';
import type { ClaimEntry } from '../../domain/claims/claim-set.ts';
import { AppError } from '../../errors.ts';
import { claimsBeforeResponse } from '../draft-requests/inputs/claims-before.ts';
import type { OaResponseRequest } from '../draft-requests/request-types.ts';
import type { Actor } from '../actor.ts';
import { writeAudit } from '../audit.ts';
import { storeApplicationClaims } from '../application-claims-recorder.ts';

export interface FileResponseProps {
  accountId: string;
  applicationId: string;
  docketEntryId: string;
  documentId: string;
}

export async function markResponseFiled(db: Db, actor: Actor, props: FileResponseProps): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const doc = await trx
      .selectFrom('file_documents')
      .select(['id', 'kind', 'status', 'claims', 'draft_job_id'])
      .where('id', '=', props.documentId)
      .where('account_id', '=', props.accountId)
      .where('application_id', '=', props.applicationId)
      .forUpdate()
      .executeTakeFirst();
    if (!doc)
      throw new AppError(
        404,
        'document_not_found',
        'Document was not found.',
        'List the documents of the docket entry (GET /api/docket/{id}/documents) to find its id.',
      );
    if (doc.kind !== 'response' || doc.status === 'held') {
      throw new AppError(
        422,
        'not_a_draft_response',
        'Only a response Prosa drafted can be marked filed; this document is not one.',
        'An uploaded response is already part of the file as filed; to change the claims of record, add the claim listing as a document of kind "claims".',
      );
    }
    if (doc.status === 'filed')
      throw new AppError(
        409,
        'response_already_filed',
        'This response is already marked filed; its claims are the claims of record.',
        'Nothing to do; draft the next response from the docket.',
      );
    const job = doc.draft_job_id ? await trx.selectFrom('draft_jobs').select(['request']).where('id', '=', doc.draft_job_id).executeTakeFirst() : undefined;
    const request = job?.request as unknown as OaResponseRequest | undefined;
    await trx.updateTable('file_documents').set({ status: 'filed', filed_at: new Date() }).where('id', '=', doc.id).execute();
    await storeApplicationClaims(trx, {
      accountId: props.accountId,
      applicationId: props.applicationId,
      claims: doc.claims as ClaimEntry[],
      source: 'response',
      sourceJobId: doc.draft_job_id,
      sourceDocumentId: doc.id,
      claimsBefore: request ? claimsBeforeResponse(request) : null,
      answeredActionDate: request?.office_action_date ?? null,
    });
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: 'docket.response_filed',
      targetType: 'docket_entry',
      targetId: props.docketEntryId,
      details: { document_id: doc.id, draft_job_id: doc.draft_job_id, claims: (doc.claims as unknown[]).length },
    });
  });
}
