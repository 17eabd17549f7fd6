import type { Db } from '../../db/connect.ts';
import { PING_KIND } from '../../domain/webhooks.ts';
import type { Actor } from '../actor.ts';
import { writeAudit } from '../audit.ts';
import { webhookNotFound } from './endpoint-updater.ts';

export interface WebhookPingQueuerProps {
  accountId: string;
  endpointId: string;
  now: Date;
}

/** Queues a `webhook.ping` delivery to an endpoint (due at once); returns the delivery's id. */
export async function webhookPingQueuer(db: Db, actor: Actor, props: WebhookPingQueuerProps): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const endpoint = await trx
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('id', '=', props.endpointId)
      .where('account_id', '=', props.accountId)
      .executeTakeFirst();
    if (!endpoint) throw webhookNotFound();
    const row = await trx
      .insertInto('webhook_deliveries')
      .values({
        endpoint_id: endpoint.id,
        account_id: props.accountId,
        docket_event_id: null,
        event_kind: PING_KIND,
        payload: JSON.stringify({ endpoint_id: endpoint.id, message: 'A test delivery from Prosa.' }),
        next_attempt_at: props.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: 'webhook.test_sent',
      targetType: 'webhook_endpoint',
      targetId: endpoint.id,
      details: { delivery_id: String(row.id) },
    });
    return String(row.id);
  });
}
