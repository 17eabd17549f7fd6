import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BillingOfferWire, CheckoutConfirmedWire, checkoutStartedSchema, PurchaseWire, purchasesSchema } from '../../../src/presenters/billing.ts';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

export type BillingInfo = BillingOfferWire;
export type Purchase = PurchaseWire;

function billingQuery() {
  return queryOptions({ queryKey: queryKeys.billing.offer, queryFn: () => api<BillingInfo>('/api/billing') });
}

function purchasesQuery() {
  return queryOptions({ queryKey: queryKeys.billing.purchases, queryFn: () => api<z.infer<typeof purchasesSchema>>('/api/billing/purchases') });
}

export const useBilling = () => useQuery(billingQuery());
export const usePurchases = () => useQuery(purchasesQuery());

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
      void qc.invalidateQueries({ queryKey: queryKeys.billing.all });
      void qc.invalidateQueries({ queryKey: queryKeys.credits.all });
      void qc.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
