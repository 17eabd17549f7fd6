import type { Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';

/**
 * Sets a member's password hash (migration 032: people sign in as members). The founding owner's
 * member shares the account's id; the account row keeps a copy of its password for tools that
 * still read it (an operator in psql, a backup restored into an older version).
 */
export async function setMemberPassword(trx: Transaction<Schema>, memberId: string, passwordHash: string): Promise<void> {
  await trx.updateTable('members').set({ password_hash: passwordHash }).where('id', '=', memberId).execute();
  await trx.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', memberId).execute();
}
