import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

export interface OAuthGrant {
  id: string;
  client_id: string;
  client_name: string | null;
  redirect_host: string | null;
  no_purchase_offers: boolean;
  first_used_at: string;
  last_used_at: string;
}
const key = ['oauth-grants'] as const;

export function useOAuthGrants() {
  return useQuery({ queryKey: key, queryFn: () => api<{ grants: OAuthGrant[] }>('/api/oauth/grants') });
}

export function useRevokeOAuthGrant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/oauth/grants/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
