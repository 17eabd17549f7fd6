import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.ts';
import type { AccountCache } from '../auth/account-cache.ts';
import type { Account } from '../db/schema.ts';
import { getBalanceMicro } from './credits.ts';
import { findAccountWithBalance } from './accounts.ts';

const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

/**
 * The signed-in account's balance for a read handler, read at most once per request (issue 12):
 * the one read with the request's credential or kept in memory (auth.ts), else read now and kept
 * on the principal for the usage headers (usage-headers.ts) and in the app's account cache.
 * Requests that may charge read it fresh.
 */
export async function requestBalanceMicro(db: Db, request: FastifyRequest, accountId: string): Promise<bigint> {
  const principal = request.principal?.accountId === accountId ? request.principal : undefined;
  if (!principal || !isRead(request)) return getBalanceMicro(db, accountId);
  if (principal.balanceMicro === undefined) {
    const cache = request.server.accountCache;
    const generation = cache.generation();
    principal.balanceMicro = await getBalanceMicro(db, accountId);
    cache.put(accountId, { balanceMicro: principal.balanceMicro }, generation);
  }
  return principal.balanceMicro;
}

/**
 * The signed-in account's row and balance for a read handler (GET /api/auth/me): from the app's
 * account cache when it holds both (no statement), else one statement, whose result is kept.
 */
export async function requestAccountWithBalance(
  db: Db,
  request: FastifyRequest,
  accountId: string,
): Promise<{ account: Account; balanceMicro: bigint } | undefined> {
  const cache = request.server.accountCache;
  const principal = request.principal?.accountId === accountId ? request.principal : undefined;
  if (isRead(request)) {
    const kept = cache.get(accountId);
    if (kept?.account) {
      const balanceMicro = principal?.balanceMicro ?? kept.balanceMicro;
      if (principal) principal.balanceMicro = balanceMicro;
      return { account: kept.account, balanceMicro };
    }
  }
  const generation = cache.generation();
  const found = await findAccountWithBalance(db, accountId);
  if (!found || !isRead(request)) return found;
  cache.put(accountId, found, generation);
  if (principal) principal.balanceMicro = found.balanceMicro;
  return found;
}

/**
 * The balance for a request that may have changed its own account (a charge, a settings change),
 * read as its response leaves, after its transaction committed. This process forgets what it kept
 * of the account first and keeps the fresh balance, so the caller's next read here sees its own
 * change at once; other processes hear of it through the change notification (account-cache.ts).
 */
export async function balanceAfterWrite(db: Db, cache: AccountCache, accountId: string): Promise<bigint> {
  cache.forgetAccount(accountId);
  const generation = cache.generation();
  const balanceMicro = await getBalanceMicro(db, accountId);
  cache.put(accountId, { balanceMicro }, generation);
  return balanceMicro;
}
