import type { Db } from '../db/connect.ts';
import type { Account } from '../db/schema.ts';
import { normalizeEmail } from '../commands/account-creator.ts';
import type { EntitySize } from '../domain/deadlines/index.ts';

export function findAccountById(db: Db, id: string): Promise<Account | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  return db.selectFrom('accounts').selectAll().where('email_normalized', '=', normalizeEmail(email)).executeTakeFirst();
}

/** The account's entity size for fee figures (large when unknown). */
export async function accountEntitySize(db: Db, accountId: string): Promise<EntitySize> {
  const row = await db.selectFrom('accounts').select('entity_size').where('id', '=', accountId).executeTakeFirst();
  return row?.entity_size === 'small' || row?.entity_size === 'micro' ? row.entity_size : 'large';
}
