import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiKeyWire, apiKeysSchema, createdApiKeySchema } from '../../../src/presenters/account.ts';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

export type ApiKey = ApiKeyWire;

function apiKeysQuery() {
  return queryOptions({ queryKey: queryKeys.apiKeys, queryFn: () => api<z.infer<typeof apiKeysSchema>>('/api/keys') });
}

export const useApiKeys = () => useQuery(apiKeysQuery());

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api<z.infer<typeof createdApiKeySchema>>('/api/keys', { method: 'POST', body: { name } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<ApiKey>(`/api/keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}
