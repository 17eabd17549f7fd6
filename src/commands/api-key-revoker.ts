import type { Db } from '../db/connect.ts';
import type { ApiKeyRow } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';

export interface ApiKeyRevokerProps {
  /** The owner: a key of another account is "not found". */
  accountId: string;
  /** A member revokes their own keys only (migration 032); the operator's CLI names none. */
  memberId?: string;
  keyId: string;
}

/** Revokes a key; revoking an already revoked key is a no-op that returns it. */
export async function apiKeyRevoker(db: Db, actor: Actor, props: ApiKeyRevokerProps): Promise<ApiKeyRow> {
  return db.transaction().execute(async (trx) => {
    let q = trx.selectFrom('api_keys').selectAll().where('id', '=', props.keyId).where('account_id', '=', props.accountId);
    if (props.memberId) q = q.where('member_id', '=', props.memberId);
    const key = await q.forUpdate().executeTakeFirst();
    if (!key) throw notFound('API key', 'api_key_not_found');
    if (key.revoked_at) return key;
    const revoked = await trx.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', key.id).returningAll().executeTakeFirstOrThrow();
    await writeAudit(trx, actor, { accountId: props.accountId, action: 'api_key.revoked', targetType: 'api_key', targetId: key.id });
    return revoked;
  });
}
