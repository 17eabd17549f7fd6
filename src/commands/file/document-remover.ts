/**
 * Removes a document from an application's file, with its audit row. The docket's current claims
 * are a copy: they stay as they are (their link to the document is cleared by the foreign key).
 */
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../actor.ts';
import { writeAudit } from '../audit.ts';

export async function removeFileDocument(
  db: Db,
  actor: Actor,
  props: { accountId: string; applicationId: string; docketEntryId: string; documentId: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('file_documents')
      .where('id', '=', props.documentId)
      .where('account_id', '=', props.accountId)
      .where('application_id', '=', props.applicationId)
      .returning(['id', 'kind'])
      .executeTakeFirst();
    if (!gone)
      throw new AppError(
        404,
        'document_not_found',
        'Document was not found.',
        'List the documents of the docket entry (GET /api/docket/{id}/documents) to find its id.',
      );
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: 'docket.document_removed',
      targetType: 'docket_entry',
      targetId: props.docketEntryId,
      details: { document_id: gone.id, kind: gone.kind },
    });
  });
}
