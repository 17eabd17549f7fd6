/** A member's role in the firm (stored in members.role). */
export type MemberRole = 'owner' | 'practitioner' | 'paralegal' | 'viewer';

/**
 * What each firm role may do (issue 22; docs/firms.md). The one table: the auth hook checks a
 * route's declared permission against it (src/http/plugins/role-guard.ts), the web app hides what
 * a role cannot use from the `permissions` GET /api/auth/me lists.
 *
 * - read: see the firm's docket, papers, analyses, audit log (GET routes by default);
 * - write: docket, analyses, response plans, uploads... (other methods by default);
 * - sign: make papers that carry a signature and submit responses (exports, draft-roa, submit);
 * - billing: top-ups, spending caps, the matter report;
 * - members: invite, change roles, remove;
 * - self: a person's own settings (password, own API keys, connected apps, identities, mail
 *   preferences), open to every role: a viewer's key still acts as a viewer.
 */
export const ROLES = ['owner', 'practitioner', 'paralegal', 'viewer'] as const satisfies readonly MemberRole[];

export type Permission = 'read' | 'write' | 'sign' | 'billing' | 'members' | 'self';

const GRANTS: Record<MemberRole, readonly Permission[]> = {
  owner: ['read', 'write', 'sign', 'billing', 'members', 'self'],
  practitioner: ['read', 'write', 'sign', 'self'],
  paralegal: ['read', 'write', 'self'],
  viewer: ['read', 'self'],
};

export function permissionsOf(role: MemberRole): readonly Permission[] {
  return GRANTS[role];
}

export function roleMay(role: MemberRole, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}

/** The roles that hold a permission, for the refusal's message ("owner or practitioner"). */
export function rolesWith(permission: Permission): MemberRole[] {
  return ROLES.filter((r) => GRANTS[r].includes(permission));
}

/** People's words for a permission, in a refusal. */
export const PERMISSION_WORDS: Record<Permission, string> = {
  read: "reading the firm's records",
  write: "changing the firm's docket and work",
  sign: 'signing papers and submitting responses',
  billing: 'billing (credits, spending caps, matter reports)',
  members: "managing the firm's members",
  self: 'your own settings',
};
