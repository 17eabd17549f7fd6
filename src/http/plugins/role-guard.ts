import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { PERMISSION_WORDS, rolesWith, roleMay, type Permission } from '../../domain/firm-roles.ts';

/** The permission a route needs: declared in its config, else read for GET/HEAD and write otherwise. */
function permissionOf(request: FastifyRequest): Permission {
  const declared = request.routeOptions.config?.permission;
  if (declared) return declared;
  return request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';
}

/**
 * The one place firm roles are enforced (issue 22): every authenticated route, REST, /api and the
 * MCP server's calls through it (a bearer acts as its member with that member's role). Refused:
 * 403 `forbidden_role`, naming the roles that may.
 */
export function checkRole(request: FastifyRequest): void {
  requirePermission(request, permissionOf(request));
}

/** Refuses (403 forbidden_role) a caller whose role lacks `needed`: for a part of a request that needs more than its route. */
export function requirePermission(request: FastifyRequest, needed: Permission): void {
  const principal = request.principal;
  if (!principal) return;
  if (roleMay(principal.role, needed)) return;
  const who = rolesWith(needed);
  const list = who.length > 1 ? `${who.slice(0, -1).join(', ')} or ${who[who.length - 1]}` : who[0];
  throw new AppError(
    403,
    'forbidden_role',
    `Your role in this firm (${principal.role}) does not allow ${PERMISSION_WORDS[needed]}; it needs the role ${list}.`,
    `Ask an owner of the firm to do this, or to change your role to ${list} (Settings > Members).`,
  );
}
