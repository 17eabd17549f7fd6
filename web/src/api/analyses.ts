import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AnalysisRecordWire, analysisListSchema, analysisTextSchema } from '../../../src/presenters/analysis.ts';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** An analysis record as the server makes it (GET /api/analyses/{id} may also answer a record of an earlier version, with fewer fields). */
export type Analysis = AnalysisRecordWire;
export type ClaimAnalysis = Analysis['claim_analyses'][number];

/** A stored analysis never changes: read once. */
function analysisQuery(id: string) {
  return queryOptions({ queryKey: queryKeys.analysis.one(id), queryFn: () => api<Analysis>(`/api/analyses/${encodeURIComponent(id)}`), staleTime: Infinity });
}

function analysisTextQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.analysis.text(id),
    queryFn: () => api<z.infer<typeof analysisTextSchema>>(`/api/analyses/${encodeURIComponent(id)}/text`),
    staleTime: Infinity,
  });
}

function analysesListQuery() {
  return queryOptions({ queryKey: queryKeys.analyses, queryFn: () => api<z.infer<typeof analysisListSchema>>('/api/analyses?limit=100') });
}

export const useAnalysis = (id: string) => useQuery(analysisQuery(id));
export const useAnalysisText = (id: string) => useQuery(analysisTextQuery(id));
export const useAnalysesList = () => useQuery(analysesListQuery());

export interface Quote {
  total: string;
  balance: string;
  balance_after: string;
  line_items: { item?: string; type?: string; total?: string; [k: string]: unknown }[];
}

/** The price of analyzing this text (POST /api/quote, free: a read). */
export function analyzeQuoteQuery(text: string | null, type: string) {
  return queryOptions({
    queryKey: queryKeys.quote.analyze(type, text),
    enabled: !!text,
    queryFn: () => api<Quote>('/api/quote', { method: 'POST', body: { analyze: { office_action_text: text, office_action_type: type } } }),
  });
}

export const useAnalyzeQuote = (text: string | null, type: string) => useQuery(analyzeQuoteQuery(text, type));

export function useAnalyze() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { application_number: string; office_action_text: string; office_action_type: string }) =>
      api<Analysis>('/api/analyses', { method: 'POST', body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.analyses });
      void qc.invalidateQueries({ queryKey: queryKeys.me });
      void qc.invalidateQueries({ queryKey: queryKeys.credits.all });
    },
  });
}

/**
 * The text of a recorded paper. A query, not a mutation: it is a read, and a query gets the app's
 * retry policy (a 429 from a burst of page loads is retried after 1, 2 and 4 s instead of leaving
 * the analyze box waiting forever).
 */
function paperTextQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.paperText(id),
    queryFn: () => api<{ full_text: string | null; office_action_type: string | null; document_code: string }>(`/api/correspondence/${encodeURIComponent(id)}`),
  });
}

export const useCorrespondenceText = (id: string) => useQuery(paperTextQuery(id));
