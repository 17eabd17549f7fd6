import type { Db } from '../db/connect.ts';
import type { Account } from '../db/schema.ts';
import { normalizeEmail } from '../domain/email.ts';
import type { EntitySize } from '../domain/deadlines/index.ts';

export function findAccountById(db: Db, id: string): Promise<Account | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The account and its balance in one statement (GET /api/auth/me: issue 12, one read per request). */
export async function findAccountWithBalance(db: Db, id: string): Promise<{ account: Account; balanceMicro: bigint } | undefined> {
  const row = await db
    .selectFrom('accounts')
    .leftJoin('credit_balances as b', 'b.account_id', 'accounts.id')
    .selectAll('accounts')
    .select('b.balance_micro')
    .where('accounts.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { balance_micro, ...account } = row;
  return { account, balanceMicro: balance_micro ?? 0n };
}

export function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  return db.selectFrom('accounts').selectAll().where('email_normalized', '=', normalizeEmail(email)).executeTakeFirst();
}

/** The account's entity size for fee figures (large when unknown). */
export async function accountEntitySize(db: Db, accountId: string): Promise<EntitySize> {
  const row = await db.selectFrom('accounts').select('entity_size').where('id', '=', accountId).executeTakeFirst();
  return accountEntityOf(row?.entity_size);
}

/** An account's stored entity size setting as the fee tables take it: large unless small or micro. */
export function accountEntityOf(stored: string | null | undefined): EntitySize {
  return stored === 'small' || stored === 'micro' ? stored : 'large';
}
