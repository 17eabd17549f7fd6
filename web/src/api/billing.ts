import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BillingOfferWire, CheckoutConfirmedWire, checkoutStartedSchema, PurchaseWire, purchasesSchema } from '../../../src/presenters/billing.ts';
import { api } from './client.ts';

export type BillingInfo = BillingOfferWire;
export type Purchase = PurchaseWire;

export function useBilling() {
  return useQuery({ queryKey: ['billing'], queryFn: () => api<BillingInfo>('/api/billing') });
}

export function usePurchases() {
  return useQuery({ queryKey: ['billing', 'purchases'], queryFn: () => api<z.infer<typeof purchasesSchema>>('/api/billing/purchases') });
}

export function useStartCheckout() {
  return useMutation({
    mutationFn: (body: ({ package_id: string } | { amount: number }) & { next?: string }) =>
      api<z.infer<typeof checkoutStartedSchema>>('/api/billing/checkout', { method: 'POST', body }),
  });
}

/** The success page asks the server to settle the session (idempotent with the webhook). */
export function useConfirmCheckout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api<CheckoutConfirmedWire>(`/api/billing/checkout/${encodeURIComponent(sessionId)}/confirm`, { method: 'POST' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['billing'] });
      void qc.invalidateQueries({ queryKey: ['credits'] });
      void qc.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
