import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { WebhookEndpointRow } from '../../db/schema.ts';
import { conflict } from '../../errors.ts';
import { randomBase62 } from '../../auth/secrets.ts';
import { generateWebhookSecret, sealSecret } from '../../webhooks/secret-box.ts';
import type { Actor } from '../actor.ts';
import { writeAudit } from '../audit.ts';
import { checkedDescription, checkedEvents, checkedUrl, MAX_WEBHOOK_ENDPOINTS } from './endpoint-input.ts';

export interface WebhookEndpointCreatorProps {
  accountId: string;
  url: string;
  description: string;
  events: readonly string[];
  /** keyring.webhookSecretKey: seals the new secret. */
  secretKey: Uint8Array;
  /** localhost endpoints over http are accepted (a development or test server). */
  allowLoopback: boolean;
}

export interface CreatedWebhookEndpoint {
  row: WebhookEndpointRow;
  /** The whsec_ secret: returned this once (and on rotation); stored sealed. */
  secret: string;
}

/** Registers an endpoint; it receives the events recorded from now on. */
export async function webhookEndpointCreator(db: Db, actor: Actor, props: WebhookEndpointCreatorProps): Promise<CreatedWebhookEndpoint> {
  const url = checkedUrl(props.url, props.allowLoopback);
  const description = checkedDescription(props.description);
  const events = checkedEvents(props.events);
  const secret = generateWebhookSecret();
  const row = await db.transaction().execute(async (trx) => {
    await trx.selectFrom('accounts').select('id').where('id', '=', props.accountId).forUpdate().executeTakeFirstOrThrow();
    const count = await trx
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', props.accountId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_WEBHOOK_ENDPOINTS) {
      throw conflict(
        'too_many_webhook_endpoints',
        `This account already has ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints, the most an account may hold.`,
        'Delete an endpoint that is no longer used (DELETE /api/webhooks/{id}), then add the new one.',
      );
    }
    const inserted = await trx
      .insertInto('webhook_endpoints')
      .values({
        id: `wh_${randomBase62(20)}`,
        account_id: props.accountId,
        url,
        description,
        event_kinds: JSON.stringify(events),
        secret_ciphertext: sealSecret(props.secretKey, secret),
        // Only events recorded after this: the account's latest event id now.
        after_event_id: sql<string>`(select coalesce(max(id), 0) from docket_events where account_id = ${props.accountId})`,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: 'webhook.created',
      targetType: 'webhook_endpoint',
      targetId: inserted.id,
      details: { url, events },
    });
    return inserted;
  });
  return { row, secret };
}
