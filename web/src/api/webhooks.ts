/**
 * Webhook endpoints and their delivery log. Wire types come from the server presenters' zod
 * schemas (`import type` only).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookEventKindSchema,
} from '../../../src/presenters/webhook.ts';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

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

function webhooksQuery() {
  return queryOptions({ queryKey: queryKeys.webhooks.all, queryFn: () => api<z.infer<typeof webhookEndpointListSchema>>('/api/webhooks') });
}

export const useWebhooks = () => useQuery(webhooksQuery());

type DeliveryList = z.infer<typeof webhookDeliveryListSchema>;

/** While a delivery is still to be retried, the log reads itself again every few seconds. */
const PENDING_REFRESH_MS = 5_000;

function webhookDeliveriesQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.webhooks.deliveries(id),
    queryFn: () => api<DeliveryList>(`/api/webhooks/${encodeURIComponent(id)}/deliveries?limit=25`),
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : false),
  });
}

export const useWebhookDeliveries = (id: string) => useQuery(webhookDeliveriesQuery(id));

/**
 * The outcome a send answered, written into the log at once (newest first), then the log read
 * again. A log read that raced the send (it mounts as the send starts) cannot leave the row as it
 * was before the send.
 */
function showOutcome(qc: ReturnType<typeof useQueryClient>, d: WebhookDelivery) {
  qc.setQueryData<DeliveryList>(queryKeys.webhooks.deliveries(d.endpoint_id), (list) => {
    if (!list) return list;
    const others = list.deliveries.filter((x) => x.id !== d.id);
    return { ...list, deliveries: [d, ...others].sort((a, b) => Number(b.id) - Number(a.id)) };
  });
  return qc.invalidateQueries({ queryKey: queryKeys.webhooks.deliveries(d.endpoint_id) });
}

export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { url: string; description: string; events: WebhookEventKind[] }) =>
      api<WebhookEndpointWithSecret>('/api/webhooks', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}

export function useUpdateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; enabled?: boolean; events?: WebhookEventKind[] }) =>
      api<WebhookEndpoint>(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}

export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<unknown>(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
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
    onSuccess: (d) => showOutcome(qc, d),
  });
}

export function useRedeliver() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => api<WebhookDelivery>(`/api/webhooks/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, { method: 'POST' }),
    onSuccess: (d) => showOutcome(qc, d),
  });
}
