import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  createdInvitationSchema,
  invitationPreviewSchema,
  invitationsSchema,
  memberSchema,
  membersSchema,
  roleSchema,
} from '../../../src/presenters/firm.ts';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** Wire types from the server presenter's zod schemas (one contract): `import type` only. */
export type Role = z.infer<typeof roleSchema>;
export type Member = z.infer<typeof memberSchema>;
export type Members = z.infer<typeof membersSchema>;
export type Invitations = z.infer<typeof invitationsSchema>;
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', practitioner: 'Practitioner', paralegal: 'Paralegal', viewer: 'Viewer' };
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'everything, including members and billing',
  practitioner: 'everything but members and billing; signs papers',
  paralegal: 'dockets and prepares; cannot sign, submit or pay',
  viewer: 'reads only',
};

function membersQuery() {
  return queryOptions({ queryKey: queryKeys.firm.members, queryFn: () => api<Members>('/api/firm/members') });
}

function invitationsQuery() {
  return queryOptions({ queryKey: queryKeys.firm.invitations, queryFn: () => api<Invitations>('/api/firm/invitations') });
}

export const useMembers = () => useQuery(membersQuery());
export const useInvitations = (enabled: boolean) => useQuery({ ...invitationsQuery(), enabled });

function useFirmMutation<T, V>(fn: (v: V) => Promise<T>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.firm.all }) });
}

export const useInvite = () =>
  useFirmMutation((body: { email: string; role: Role }) => api<CreatedInvitation>('/api/firm/invitations', { method: 'POST', body }));
export const useRevokeInvitation = () => useFirmMutation((id: string) => api<unknown>(`/api/firm/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' }));
export const useChangeRole = () =>
  useFirmMutation((v: { id: string; role: Role }) => api<Member>(`/api/firm/members/${encodeURIComponent(v.id)}`, { method: 'PATCH', body: { role: v.role } }));
export const useRemoveMember = () => useFirmMutation((id: string) => api<unknown>(`/api/firm/members/${encodeURIComponent(id)}`, { method: 'DELETE' }));

/** What an invitation link offers; not retried (an expired or used token is the answer). */
function invitationPreviewQuery(token: string) {
  return queryOptions({
    queryKey: queryKeys.invitationPreview(token),
    enabled: token.length > 0,
    retry: false,
    queryFn: () => api<InvitationPreview>(`/api/firm/join?token=${encodeURIComponent(token)}`),
  });
}

export const useInvitationPreview = (token: string) => useQuery(invitationPreviewQuery(token));

export function useAcceptInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api<Member>(`/api/firm/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries(),
  });
}

export function useJoinSignUp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string; display_name?: string; invitation_token: string }) =>
      api<unknown>('/api/auth/signup', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries(),
  });
}
