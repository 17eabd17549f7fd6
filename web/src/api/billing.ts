import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

export interface BillingInfo {
  configured: boolean;
  currency: string;
  packages: { id: string; price: string; credits: string; bonus: string }[];
  custom: { min: string; max: string };
  not_configured_message: string | null;
}
export interface Purchase {
  session_id: string;
  package_id: string | null;
  amount: string;
  credits: string;
  bonus: string;
  status: 'open' | 'credited' | 'expired';
  created_at: string;
  credited_at: string | null;
  receipt_url: string | null;
}

export function useBilling() {
  return useQuery({ queryKey: ['billing'], queryFn: () => api<BillingInfo>('/api/billing') });
}

export function usePurchases() {
  return useQuery({ queryKey: ['billing', 'purchases'], queryFn: () => api<{ purchases: Purchase[] }>('/api/billing/purchases') });
}

export function useStartCheckout() {
  return useMutation({
    mutationFn: (body: ({ package_id: string } | { amount: number }) & { next?: string }) => api<{ session_id: string; url: string }>('/api/billing/checkout', { method: 'POST', body }),
  });
}

/** The success page asks the server to settle the session (idempotent with the webhook). */
export function useConfirmCheckout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api<{ status: string; credited: boolean; balance: string }>(`/api/billing/checkout/${encodeURIComponent(sessionId)}/confirm`, { method: 'POST' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['billing'] });
      void qc.invalidateQueries({ queryKey: ['credits'] });
      void qc.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
