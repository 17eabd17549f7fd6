import type { Db } from '../db/connect.ts';
import type { Account } from '../db/schema.ts';
import { normalizeEmail } from '../commands/account-creator.ts';

export function findAccountById(db: Db, id: string): Promise<Account | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  return db.selectFrom('accounts').selectAll().where('email_normalized', '=', normalizeEmail(email)).executeTakeFirst();
}
