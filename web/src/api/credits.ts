import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { creditsPageSchema, ledgerEntrySchema } from '../../../src/presenters/account.ts';
import type { matterReportSchema } from '../../../src/presenters/matter-report.ts';
import type { PricingWire } from '../../../src/presenters/pricing.ts';
import { api, qs } from './client.ts';
import { queryKeys } from './query-keys.ts';

export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export type CreditsPage = z.infer<typeof creditsPageSchema>;
export type MatterReport = z.infer<typeof matterReportSchema>;

/** Usage per application and client matter over UTC days from..to (inclusive). */
function matterReport(from: string, to: string) {
  return api<MatterReport>(`/api/reports/matters${qs({ from, to })}`);
}

/** Under the credits' key: a charge or a top-up refreshes it. Disabled until a range is chosen. */
export function matterReportQuery(range: { from: string; to: string } | null) {
  return queryOptions({
    queryKey: queryKeys.credits.matters(range),
    queryFn: () => (range ? matterReport(range.from, range.to) : Promise.reject(new Error('no range chosen'))),
    enabled: range !== null,
  });
}

export const useMatterReport = (range: { from: string; to: string } | null) => useQuery(matterReportQuery(range));

/** The CSV download of the same report (the server writes it; formula-like cells are quoted). */
export const matterReportCsvUrl = (from: string, to: string) => `/api/reports/matters.csv${qs({ from, to })}`;

export function creditsPage(before?: string | null, limit = 50) {
  return api<CreditsPage>(`/api/credits${qs({ limit, before })}`);
}

export function creditsQuery() {
  return infiniteQueryOptions({
    queryKey: queryKeys.credits.ledger,
    queryFn: ({ pageParam }) => creditsPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export const useCredits = () => useInfiniteQuery(creditsQuery());

export type Pricing = PricingWire;
