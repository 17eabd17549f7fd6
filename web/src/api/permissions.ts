import type { Permission } from '../../../src/domain/firm-roles.ts';
import { useMe } from './auth.ts';

/**
 * Whether the signed-in member's role allows this (GET /api/auth/me lists `permissions`, from the
 * one role table in src/domain/firm-roles.ts that the server enforces). Pages hide or disable what
 * the server would refuse with 403 forbidden_role. Until the answer is in (or for a caller with no
 * member) nothing is hidden: the server still decides.
 */
export function useCan(permission: Permission): boolean {
  const me = useMe();
  return me.data?.member?.permissions.includes(permission) ?? true;
}

/** Why a signing or submitting action is not offered (roles without `sign`: paralegal, viewer). */
export const SIGN_REASON = 'Only a practitioner or owner can sign and submit.';

/** Why a change is not offered (roles without `write`: viewer). */
export const WRITE_REASON = 'Your role (viewer) reads only: an owner can change your role on the Members page.';
