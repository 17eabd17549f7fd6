/**
 * Webhook endpoints and their delivery log. Wire types come from the server presenters' zod
 * schemas (`import type` only).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { webhookDeliveryListSchema, webhookDeliverySchema, webhookEndpointListSchema, webhookEndpointSchema, webhookEndpointWithSecretSchema, webhookEventKindSchema } from '../../../src/presenters/webhook.ts';
import { api } from './client.ts';

export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export type WebhookEventKind = z.infer<typeof webhookEventKindSchema>;

export const EVENT_KINDS: { kind: WebhookEventKind; label: string }[] = [
  { kind: 'correspondence.recorded', label: 'New USPTO correspondence recorded' },
  { kind: 'deadline.approaching', label: 'A deadline is approaching' },
  { kind: 'draft.completed', label: 'A draft is ready' },
  { kind: 'analysis.completed', label: 'An analysis is stored' },
];

const key = ['webhooks'] as const;

export function useWebhooks() {
  return useQuery({ queryKey: key, queryFn: () => api<z.infer<typeof webhookEndpointListSchema>>('/api/webhooks') });
}

export function useWebhookDeliveries(id: string) {
  return useQuery({ queryKey: [...key, id, 'deliveries'], queryFn: () => api<z.infer<typeof webhookDeliveryListSchema>>(`/api/webhooks/${encodeURIComponent(id)}/deliveries?limit=25`) });
}

export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { url: string; description: string; events: WebhookEventKind[] }) => api<WebhookEndpointWithSecret>('/api/webhooks', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export function useUpdateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; enabled?: boolean; events?: WebhookEventKind[] }) => api<WebhookEndpoint>(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<unknown>(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export function useRotateWebhookSecret() {
  return useMutation({
    mutationFn: (id: string) => api<WebhookEndpointWithSecret>(`/api/webhooks/${encodeURIComponent(id)}/rotate-secret`, { method: 'POST' }),
  });
}

export function useTestWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<WebhookDelivery>(`/api/webhooks/${encodeURIComponent(id)}/test`, { method: 'POST' }),
    onSuccess: (_d, id) => qc.invalidateQueries({ queryKey: [...key, id, 'deliveries'] }),
  });
}

export function useRedeliver() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => api<WebhookDelivery>(`/api/webhooks/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, { method: 'POST' }),
    onSuccess: (d) => qc.invalidateQueries({ queryKey: [...key, d.endpoint_id, 'deliveries'] }),
  });
}
