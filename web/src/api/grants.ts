import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OAuthGrantWire, oauthGrantsSchema } from '../../../src/presenters/oauth-grant.ts';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

export type OAuthGrant = OAuthGrantWire;
function oauthGrantsQuery() {
  return queryOptions({ queryKey: queryKeys.oauthGrants, queryFn: () => api<z.infer<typeof oauthGrantsSchema>>('/api/oauth/grants') });
}

export const useOAuthGrants = () => useQuery(oauthGrantsQuery());

export function useRevokeOAuthGrant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/oauth/grants/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.oauthGrants }),
  });
}
