import type { Db } from '../db/connect.ts';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../db/schema.ts';

export async function listWebhookEndpoints(db: Db, accountId: string): Promise<WebhookEndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute();
}

/** The account's endpoint, or undefined (another account's id is not found). */
export async function findWebhookEndpoint(db: Db, accountId: string, endpointId: string): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', endpointId).where('account_id', '=', accountId).executeTakeFirst();
}

/** An endpoint's delivery log, newest first; `before` is a delivery id (the page cursor). */
export async function listWebhookDeliveries(
  db: Db,
  accountId: string,
  endpointId: string,
  opts: { limit: number; before?: string },
): Promise<{ deliveries: WebhookDeliveryRow[]; nextCursor: string | null }> {
  let q = db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).where('account_id', '=', accountId);
  if (opts.before) q = q.where('id', '<', BigInt(opts.before));
  const rows = await q
    .orderBy('id', 'desc')
    .limit(opts.limit + 1)
    .execute();
  const page = rows.slice(0, opts.limit);
  return { deliveries: page, nextCursor: rows.length > opts.limit ? String(page[page.length - 1].id) : null };
}

export async function findWebhookDelivery(db: Db, accountId: string, deliveryId: string): Promise<WebhookDeliveryRow | undefined> {
  if (!/^[0-9]{1,18}$/.test(deliveryId)) return undefined;
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', BigInt(deliveryId)).where('account_id', '=', accountId).executeTakeFirst();
}
