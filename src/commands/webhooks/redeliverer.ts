import type { Db } from '../../db/connect.ts';
import { notFound } from '../../errors.ts';
import type { Actor } from '../actor.ts';
import { writeAudit } from '../audit.ts';

export interface WebhookRedelivererProps {
  accountId: string;
  deliveryId: string;
  now: Date;
}

export const deliveryNotFound = () =>
  notFound('Webhook delivery', 'webhook_delivery_not_found', "List an endpoint's deliveries with GET /api/webhooks/{id}/deliveries to find valid ids.");

/**
 * Sends a delivery again: it becomes pending, due now, with a fresh retry schedule (attempts
 * back to 0). Same `webhook-id` as before: a receiver that already processed it may ignore it.
 */
export async function webhookRedeliverer(db: Db, actor: Actor, props: WebhookRedelivererProps): Promise<string> {
  if (!/^[0-9]{1,18}$/.test(props.deliveryId)) throw deliveryNotFound();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', attempts: 0, next_attempt_at: props.now, delivered_at: null })
      .where('id', '=', BigInt(props.deliveryId))
      .where('account_id', '=', props.accountId)
      .returning(['id', 'endpoint_id'])
      .executeTakeFirst();
    if (!row) throw deliveryNotFound();
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: 'webhook.redelivered',
      targetType: 'webhook_delivery',
      targetId: String(row.id),
      details: { endpoint_id: row.endpoint_id },
    });
    return String(row.id);
  });
}
