import type { Transaction } from 'kysely';
import type { Schema } from '../../db/schema.ts';

/**
 * Ends everything a member signed in with, at once: web sessions deleted, API keys revoked (the
 * api_keys trigger tells every process's key cache, migration 019) and OAuth grants deleted with
 * their codes and refresh tokens (access tokens carry the grant id and are refused at the next
 * check). Returns the counts for the audit row.
 */
export async function endMemberCredentials(trx: Transaction<Schema>, memberId: string): Promise<{ sessions: number; api_keys: number; oauth_grants: number }> {
  const sessions = await trx.deleteFrom('sessions').where('member_id', '=', memberId).executeTakeFirst();
  const keys = await trx
    .updateTable('api_keys')
    .set({ revoked_at: new Date() })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  // A grant's subject (account_id column) is the member (migration 032).
  const grants = await trx.deleteFrom('oauth_artifacts').where('model', '=', 'Grant').where('account_id', '=', memberId).returning('id').execute();
  if (grants.length > 0)
    await trx
      .deleteFrom('oauth_artifacts')
      .where(
        'grant_id',
        'in',
        grants.map((g) => g.id),
      )
      .execute();
  return { sessions: Number(sessions.numDeletedRows), api_keys: Number(keys.numUpdatedRows), oauth_grants: grants.length };
}
