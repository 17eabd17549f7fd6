import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiKeyWire, apiKeysSchema, createdApiKeySchema } from '../../../src/presenters/account.ts';
import { api } from './client.ts';

export type ApiKey = ApiKeyWire;

const key = ['keys'] as const;

export function useApiKeys() {
  return useQuery({ queryKey: key, queryFn: () => api<z.infer<typeof apiKeysSchema>>('/api/keys') });
}

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api<z.infer<typeof createdApiKeySchema>>('/api/keys', { method: 'POST', body: { name } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<ApiKey>(`/api/keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
