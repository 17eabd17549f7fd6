/**
 * A response Prosa drafted, kept in the application's file as a draft (issue 18 item 1): its
 * claims as the paper leaves them are NOT the docket's claims until the practitioner marks the
 * response filed (response-filer.ts). Written in the draft job's completing transaction.
 */
import type { Transaction } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { ClaimEntry } from '../../domain/claims/claim-set.ts';
import { randomBase62, sha256Hex } from '../../auth/secrets.ts';

export interface DraftResponseProps {
  accountId: string;
  applicationId: string;
  jobId: string;
  filename: string;
  /** The claims as the drafted paper leaves them. */
  claims: readonly ClaimEntry[];
  responseDate: string;
}

/** The claims as a plain listing ("1. (Currently Amended) ..."): the document's text. */
function listingText(claims: readonly ClaimEntry[]): string {
  return claims
    .map((c) =>
      c.status === 'cancelled' ? `${c.number}. (Canceled)` : `${c.number}. ${c.status === 'withdrawn' ? '(Withdrawn) ' : ''}${c.text ?? '[text not known]'}`,
    )
    .join('\n\n');
}

export async function storeDraftResponse(trx: Transaction<Schema>, props: DraftResponseProps): Promise<string> {
  const id = `doc_${randomBase62(24)}`;
  await trx
    .insertInto('file_documents')
    .values({
      id,
      account_id: props.accountId,
      application_id: props.applicationId,
      kind: 'response',
      source: 'prosa',
      filename: props.filename,
      format: 'docx',
      // One draft document per job: a job completes once.
      sha256: sha256Hex(`draft-job:${props.jobId}`),
      title: 'Response drafted by Prosa',
      document_date: props.responseDate,
      text: listingText(props.claims),
      paragraphs: '[]',
      figures: '[]',
      claims: JSON.stringify(props.claims),
      status: 'draft',
      draft_job_id: props.jobId,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return id;
}
