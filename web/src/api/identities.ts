import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { identitiesSchema, LinkedIdentityWire, SignInProviderWire, signInProvidersSchema } from '../../../src/presenters/identity.ts';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

export type SignInProvider = SignInProviderWire;
export type LinkedIdentity = LinkedIdentityWire;

/** The third-party sign-in providers this server has configured (none: password only). */
function signInProvidersQuery() {
  return queryOptions({
    queryKey: queryKeys.signInProviders,
    queryFn: () => api<z.infer<typeof signInProvidersSchema>>('/api/auth/providers'),
    staleTime: 5 * 60_000,
  });
}

export const useSignInProviders = () => useQuery(signInProvidersQuery());

function identitiesQuery() {
  return queryOptions({ queryKey: queryKeys.identities, queryFn: () => api<z.infer<typeof identitiesSchema>>('/api/auth/identities') });
}

export const useIdentities = () => useQuery(identitiesQuery());

export function useUnlinkIdentity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/auth/identities/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.identities }),
  });
}
