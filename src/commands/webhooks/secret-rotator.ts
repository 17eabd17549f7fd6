import type { Db } from '../../db/connect.ts';
import type { WebhookEndpointRow } from '../../db/schema.ts';
import { generateWebhookSecret, sealSecret } from '../../webhooks/secret-box.ts';
import type { Actor } from '../actor.ts';
import { writeAudit } from '../audit.ts';
import { webhookNotFound } from './endpoint-updater.ts';

export interface WebhookSecretRotatorProps {
  accountId: string;
  endpointId: string;
  secretKey: Uint8Array;
}

/** Replaces an endpoint's secret: every delivery from this commit on is signed with the new one. */
export async function webhookSecretRotator(db: Db, actor: Actor, props: WebhookSecretRotatorProps): Promise<{ row: WebhookEndpointRow; secret: string }> {
  const secret = generateWebhookSecret();
  const row = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('webhook_endpoints')
      .set({ secret_ciphertext: sealSecret(props.secretKey, secret), updated_at: new Date() })
      .where('id', '=', props.endpointId)
      .where('account_id', '=', props.accountId)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw webhookNotFound();
    await writeAudit(trx, actor, { accountId: props.accountId, action: 'webhook.secret_rotated', targetType: 'webhook_endpoint', targetId: updated.id });
    return updated;
  });
  return { row, secret };
}
