import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

export interface SignInProvider {
  id: 'google' | 'microsoft';
  name: string;
  start_url: string;
}

export interface LinkedIdentity {
  id: string;
  provider: string;
  provider_name: string;
  issuer: string;
  email: string | null;
  linked_at: string;
  last_used_at: string | null;
}

/** The third-party sign-in providers this server has configured (none: password only). */
export function useSignInProviders() {
  return useQuery({ queryKey: ['sign-in-providers'], queryFn: () => api<{ providers: SignInProvider[] }>('/api/auth/providers'), staleTime: 5 * 60_000 });
}

const key = ['identities'] as const;

export function useIdentities() {
  return useQuery({ queryKey: key, queryFn: () => api<{ has_password: boolean; identities: LinkedIdentity[] }>('/api/auth/identities') });
}

export function useUnlinkIdentity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/auth/identities/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
