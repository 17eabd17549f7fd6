import type { Db } from '../db/connect.ts';
import { notFound } from '../errors.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';
import { clearPublicRecordCaches } from '../queries/public-record-cache.ts';

export interface DocketEntryRemoverProps {
  accountId: string;
  entryId: string;
}

/** Removes a docket entry; an unpublished application the account added goes with it. */
export async function docketEntryRemover(db: Db, actor: Actor, props: DocketEntryRemoverProps): Promise<void> {
  await db
    .transaction()
    .execute(async (trx) => {
      const entry = await trx
        .deleteFrom('docket_entries')
        .where('id', '=', props.entryId)
        .where('account_id', '=', props.accountId)
        .returning(['id', 'application_id'])
        .executeTakeFirst();
      if (!entry) throw notFound('Docket entry', 'docket_entry_not_found');
      await trx.deleteFrom('applications').where('id', '=', entry.application_id).where('owner_account_id', '=', props.accountId).execute();
      await writeAudit(trx, actor, { accountId: props.accountId, action: 'docket.entry_removed', targetType: 'docket_entry', targetId: entry.id });
    })
    .finally(clearPublicRecordCaches);
}
