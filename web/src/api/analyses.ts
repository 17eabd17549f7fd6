import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AnalysisRecordWire, analysisListSchema, analysisTextSchema } from '../../../src/presenters/analysis.ts';
import { api } from './client.ts';

/** An analysis record as the server makes it (GET /api/analyses/{id} may also answer a record of an earlier version, with fewer fields). */
export type Analysis = AnalysisRecordWire;
export type ClaimAnalysis = Analysis['claim_analyses'][number];

export function useAnalysis(id: string) {
  return useQuery({ queryKey: ['analysis', id], queryFn: () => api<Analysis>(`/api/analyses/${encodeURIComponent(id)}`), staleTime: Infinity });
}

export function useAnalysisText(id: string) {
  return useQuery({
    queryKey: ['analysis', id, 'text'],
    queryFn: () => api<z.infer<typeof analysisTextSchema>>(`/api/analyses/${encodeURIComponent(id)}/text`),
    staleTime: Infinity,
  });
}

export function useAnalysesList() {
  return useQuery({ queryKey: ['analyses'], queryFn: () => api<z.infer<typeof analysisListSchema>>('/api/analyses?limit=100') });
}

export interface Quote {
  total: string;
  balance: string;
  balance_after: string;
  line_items: { item?: string; type?: string; total?: string; [k: string]: unknown }[];
}

export function useAnalyzeQuote(text: string | null, type: string) {
  return useQuery({
    queryKey: ['quote', 'analyze', type, text?.length, text?.slice(0, 64)],
    enabled: !!text,
    queryFn: () => api<Quote>('/api/quote', { method: 'POST', body: { analyze: { office_action_text: text, office_action_type: type } } }),
  });
}

export function useAnalyze() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { application_number: string; office_action_text: string; office_action_type: string }) =>
      api<Analysis>('/api/analyses', { method: 'POST', body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['analyses'] });
      void qc.invalidateQueries({ queryKey: ['me'] });
      void qc.invalidateQueries({ queryKey: ['credits'] });
    },
  });
}

/**
 * The text of a recorded paper. A query, not a mutation: it is a read, and a query gets the app's
 * retry policy (a 429 from a burst of page loads is retried after 1, 2 and 4 s instead of leaving
 * the analyze box waiting forever).
 */
export function useCorrespondenceText(id: string) {
  return useQuery({
    queryKey: ['correspondence', id],
    queryFn: () => api<{ full_text: string | null; office_action_type: string | null; document_code: string }>(`/api/correspondence/${encodeURIComponent(id)}`),
  });
}
