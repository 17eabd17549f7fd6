import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, qs } from './client.ts';

export interface LedgerEntry {
  id: string;
  amount: string;
  balance_after: string;
  kind: string;
  description: string;
  reference: string | null;
  created_at: string;
}
export interface CreditsPage {
  balance: string;
  status: string;
  model_multiplier: number;
  entries: LedgerEntry[];
  next_cursor: string | null;
}

export function creditsPage(before?: string | null, limit = 50) {
  return api<CreditsPage>(`/api/credits${qs({ limit, before })}`);
}

export function useCredits() {
  return useInfiniteQuery({
    queryKey: ['credits'],
    queryFn: ({ pageParam }) => creditsPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export interface Pricing {
  token_rates_per_million: { input: string; output: string };
  exports: { type: string; label: string; price: string }[];
  packages: { id: string; price: number; credits: number; bonus: number }[];
}

export function usePricing() {
  return useQuery({ queryKey: ['pricing'], queryFn: () => api<Pricing>('/api/pricing'), staleTime: Infinity });
}
