import type { Db } from '../db/connect.ts';
import type { ApiKeyRow } from '../db/schema.ts';
import { conflict, validationError } from '../errors.ts';
import { apiKeyDisplayPrefix, generateApiKey, newId, sha256Hex } from '../auth/secrets.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';

export interface ApiKeyCreatorProps {
  /** The account that will own the key. */
  accountId: string;
  /** The member the key acts as, with that member's role (migration 032). */
  memberId: string;
  /** A label the user chooses ("CI", "Paralegal laptop"). */
  name: string;
}

export interface CreatedApiKey {
  row: ApiKeyRow;
  /** The full key: returned this once, never stored (only its SHA-256 is). */
  key: string;
}

/** Active (unrevoked) API keys an account may hold at once (docs/decisions/hardening.md). */
export const MAX_ACTIVE_API_KEYS = 20;

export async function apiKeyCreator(db: Db, actor: Actor, props: ApiKeyCreatorProps): Promise<CreatedApiKey> {
  const name = props.name.normalize('NFKC').trim();
  if (name.length === 0) throw validationError('name', 'must not be empty');
  if (name.length > 100) throw validationError('name', 'must be at most 100 characters');
  const key = generateApiKey();
  const row = await db.transaction().execute(async (trx) => {
    // The account row is locked so two concurrent creations cannot both pass the count.
    await trx.selectFrom('accounts').select('id').where('id', '=', props.accountId).forUpdate().executeTakeFirstOrThrow();
    const active = await trx
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', props.accountId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(active.n) >= MAX_ACTIVE_API_KEYS) {
      throw conflict(
        'too_many_api_keys',
        `This account already has ${MAX_ACTIVE_API_KEYS} active API keys, the most an account may hold.`,
        'Revoke a key that is no longer used (DELETE /api/keys/{id}, or Settings > API keys), then create the new one.',
      );
    }
    const inserted = await trx
      .insertInto('api_keys')
      .values({ id: newId(), account_id: props.accountId, member_id: props.memberId, name, display_prefix: apiKeyDisplayPrefix(key), key_hash: sha256Hex(key) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, actor, { accountId: props.accountId, action: 'api_key.created', targetType: 'api_key', targetId: inserted.id, details: { name } });
    return inserted;
  });
  return { row, key };
}
