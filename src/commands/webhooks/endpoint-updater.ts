import type { Db } from '../../db/connect.ts';
import type { WebhookEndpointRow } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { Actor } from '../actor.ts';
import { writeAudit } from '../audit.ts';
import { checkedDescription, checkedEvents, checkedUrl } from './endpoint-input.ts';

export interface WebhookEndpointUpdaterProps {
  accountId: string;
  endpointId: string;
  url?: string;
  description?: string;
  events?: readonly string[];
  enabled?: boolean;
  allowLoopback: boolean;
}

export const webhookNotFound = () => notFound('Webhook endpoint', 'webhook_not_found', 'List your endpoints with GET /api/webhooks to find valid ids.');

/** Changes an endpoint's URL, description, events or enabled flag (its secret only rotates). */
export async function webhookEndpointUpdater(db: Db, actor: Actor, props: WebhookEndpointUpdaterProps): Promise<WebhookEndpointRow> {
  const changes: { url?: string; description?: string; event_kinds?: string; enabled?: boolean } = {};
  if (props.url !== undefined) changes.url = checkedUrl(props.url, props.allowLoopback);
  if (props.description !== undefined) changes.description = checkedDescription(props.description);
  if (props.events !== undefined) changes.event_kinds = JSON.stringify(checkedEvents(props.events));
  if (props.enabled !== undefined) changes.enabled = props.enabled;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('webhook_endpoints')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', props.endpointId)
      .where('account_id', '=', props.accountId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw webhookNotFound();
    const details: Record<string, unknown> = { ...changes };
    if (changes.event_kinds) details.event_kinds = JSON.parse(changes.event_kinds);
    await writeAudit(trx, actor, { accountId: props.accountId, action: 'webhook.updated', targetType: 'webhook_endpoint', targetId: row.id, details });
    return row;
  });
}
