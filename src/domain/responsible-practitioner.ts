/**
 * The responsible practitioner of a docket entry (issue 22; migration 034) and whose mail an entry
 * goes in. Pure: the members and the entry's responsible member come in as arguments.
 */
import { roleMay, rolesWith, type MemberRole } from './firm-roles.ts';
import type { NotificationScope } from './notifications.ts';

/** Only a member who may sign (owner or practitioner) can be responsible for a matter. */
export function mayBeResponsible(role: MemberRole): boolean {
  return roleMay(role, 'sign');
}

/** The roles that may be responsible, for messages and queries ("owner or practitioner"). */
export const RESPONSIBLE_ROLES: readonly MemberRole[] = rolesWith('sign');

export interface MailRecipient {
  id: string;
  role: MemberRole;
  scope: NotificationScope;
}

/**
 * Whether an entry's reminders, digest lines and new-paper alerts go to this member.
 * `responsibleId` is the entry's responsible member when that member is live in the firm and may
 * be responsible, else null (not assigned): unassigned entries go to the firm's owners, so every
 * deadline reaches someone by default; scope 'firm' takes every entry.
 */
export function followsEntry(member: MailRecipient, responsibleId: string | null): boolean {
  if (member.scope === 'firm') return true;
  if (responsibleId === null) return member.role === 'owner';
  return responsibleId === member.id;
}
