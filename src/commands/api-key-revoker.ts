import type { Db } from '../db/connect.ts';
import type { ApiKeyRow } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';

export interface ApiKeyRevokerProps {
  /** The owner: a key of another account is "not found". */
  accountId: string;
  keyId: string;
}

/** Revokes a key; revoking an already revoked key is a no-op that returns it. */
export async function apiKeyRevoker(db: Db, actor: Actor, props: ApiKeyRevokerProps): Promise<ApiKeyRow> {
  return db.transaction().execute(async (trx) => {
    const key = await trx
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', props.keyId)
      .where('account_id', '=', props.accountId)
      .forUpdate()
      .executeTakeFirst();
    if (!key) throw notFound('API key', 'api_key_not_found');
    if (key.revoked_at) return key;
    const revoked = await trx.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', key.id).returningAll().executeTakeFirstOrThrow();
    await writeAudit(trx, actor, { accountId: props.accountId, action: 'api_key.revoked', targetType: 'api_key', targetId: key.id });
    return revoked;
  });
}
