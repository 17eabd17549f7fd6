import type { Db } from '../../db/connect.ts';
import type { Actor } from '../actor.ts';
import { writeAudit } from '../audit.ts';
import { webhookNotFound } from './endpoint-updater.ts';

export interface WebhookEndpointRemoverProps {
  accountId: string;
  endpointId: string;
}

/** Deletes an endpoint with its delivery log; nothing more is sent to it. */
export async function webhookEndpointRemover(db: Db, actor: Actor, props: WebhookEndpointRemoverProps): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('webhook_endpoints')
      .where('id', '=', props.endpointId)
      .where('account_id', '=', props.accountId)
      .returning(['id', 'url'])
      .executeTakeFirst();
    if (!row) throw webhookNotFound();
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: 'webhook.deleted',
      targetType: 'webhook_endpoint',
      targetId: row.id,
      details: { url: row.url },
    });
  });
}
