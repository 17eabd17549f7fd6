import type { Db } from '../db/connect.ts';
import type { ApiKeyRow } from '../db/schema.ts';

/** The account's keys (or one member's own, migration 032), newest first, revoked ones included (marked). */
export function listApiKeys(db: Db, accountId: string, memberId?: string): Promise<ApiKeyRow[]> {
  let q = db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId);
  if (memberId) q = q.where('member_id', '=', memberId);
  return q.orderBy('created_at', 'desc').orderBy('id').execute();
}
