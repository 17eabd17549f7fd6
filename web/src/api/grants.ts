import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OAuthGrantWire, oauthGrantsSchema } from '../../../src/presenters/oauth-grant.ts';
import { api } from './client.ts';

export type OAuthGrant = OAuthGrantWire;
const key = ['oauth-grants'] as const;

export function useOAuthGrants() {
  return useQuery({ queryKey: key, queryFn: () => api<z.infer<typeof oauthGrantsSchema>>('/api/oauth/grants') });
}

export function useRevokeOAuthGrant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/oauth/grants/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
