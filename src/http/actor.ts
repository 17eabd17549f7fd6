import type { FastifyRequest } from 'fastify';
import type { Actor } from '../commands/actor.ts';

/** The command actor for a request: its principal (if any) and request id. */
export function actorOf(request: FastifyRequest): Actor {
  const p = request.principal;
  return p ? { accountId: p.accountId, memberId: p.memberId, via: p.via, requestId: request.id } : { accountId: null, via: 'anonymous', requestId: request.id };
}
