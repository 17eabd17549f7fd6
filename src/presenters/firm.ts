import { z } from 'zod';
import type { FirmInvitationRow, MemberRow } from '../db/schema.ts';
import { ROLES } from '../domain/firm-roles.ts';

/** The wire contract of Settings > Members and /join (GET/PATCH /api/firm/members, /api/firm/invitations, /api/firm/join). */
export const roleSchema = z
  .enum(ROLES)
  .describe(
    'owner: everything incl. members and billing; practitioner: everything but members and billing, signs papers; paralegal: everything but signing/submitting and billing; viewer: reads only',
  );

export const memberSchema = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string().nullable(),
  role: roleSchema,
  joined_at: z.string(),
});
export type MemberWire = z.infer<typeof memberSchema>;

export const membersSchema = z.object({ members: z.array(memberSchema), you: z.string().describe('Your own member id') });

const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  created_at: z.string(),
  expires_at: z.string(),
});
export type InvitationWire = z.infer<typeof invitationSchema>;

export const invitationsSchema = z.object({ invitations: z.array(invitationSchema) });

export const createdInvitationSchema = invitationSchema.extend({ sent_to: z.string().describe('Where the link was mailed (the invited address)') });

/** What /join shows before anyone signs up or accepts. */
export const invitationPreviewSchema = z.object({ firm_name: z.string(), email: z.string(), role: roleSchema, expires_at: z.string() });

export function presentMember(m: MemberRow): MemberWire {
  return { id: m.id, email: m.email, display_name: m.display_name, role: m.role, joined_at: m.created_at.toISOString() };
}

export function presentInvitation(i: FirmInvitationRow): InvitationWire {
  return { id: i.id, email: i.email, role: i.role, created_at: i.created_at.toISOString(), expires_at: i.expires_at.toISOString() };
}
