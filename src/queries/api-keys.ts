import type { Db } from '../db/connect.ts';
import type { ApiKeyRow } from '../db/schema.ts';

/** The account's keys, newest first, revoked ones included (marked). */
export function listApiKeys(db: Db, accountId: string): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId).orderBy('created_at', 'desc').orderBy('id').execute();
}
