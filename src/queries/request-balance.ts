import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.ts';
import { getBalanceMicro } from './credits.ts';

/**
 * The signed-in account's balance for a read handler: the one read with the request's credential
 * when there is one (issue 12: no second balance read on /api/credits), else a fresh read.
 */
export function requestBalanceMicro(db: Db, request: FastifyRequest, accountId: string): Promise<bigint> {
  const known = request.principal?.accountId === accountId ? request.principal.balanceMicro : undefined;
  return known !== undefined && (request.method === 'GET' || request.method === 'HEAD') ? Promise.resolve(known) : getBalanceMicro(db, accountId);
}
