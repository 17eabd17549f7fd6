import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { identitiesSchema, LinkedIdentityWire, SignInProviderWire, signInProvidersSchema } from '../../../src/presenters/identity.ts';
import { api } from './client.ts';

export type SignInProvider = SignInProviderWire;
export type LinkedIdentity = LinkedIdentityWire;

/** The third-party sign-in providers this server has configured (none: password only). */
export function useSignInProviders() {
  return useQuery({ queryKey: ['sign-in-providers'], queryFn: () => api<z.infer<typeof signInProvidersSchema>>('/api/auth/providers'), staleTime: 5 * 60_000 });
}

const key = ['identities'] as const;

export function useIdentities() {
  return useQuery({ queryKey: key, queryFn: () => api<z.infer<typeof identitiesSchema>>('/api/auth/identities') });
}

export function useUnlinkIdentity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/auth/identities/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
