import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

export interface Span { start: number; end: number }
export interface ClaimAnalysis {
  claim_number: number;
  status: string;
  basis: string;
  prior_art: string[];
  recommendation: string;
  strategy?: { code?: string; reasons?: string[] } | string | null;
  evidence?: { finding: string; text: string; span: Span }[];
  [k: string]: unknown;
}
export interface Analysis {
  analysis_id: string;
  application_number: string;
  rejection_type: string;
  claim_analyses: ClaimAnalysis[];
  glass_box: { experts_invoked: string[]; citations_verified: boolean; confidence_scores: Record<string, number>; model_versions: Record<string, string>; elapsed_seconds: number; overall_confidence: number };
  /** Each with a code (the API's) and a message for people. */
  warnings?: (string | { code: string; message: string })[];
  /** The kind of paper the text shows (`non_final`, ...), where the analysis found it. */
  office_action?: { kind?: { kind?: string } | null } | null;
  billing: { input_tokens: number; output_tokens: number; cost: string };
  created_at: string;
}

export function useAnalysis(id: string) {
  return useQuery({ queryKey: ['analysis', id], queryFn: () => api<Analysis>(`/api/analyses/${encodeURIComponent(id)}`), staleTime: Infinity });
}

export function useAnalysisText(id: string) {
  return useQuery({ queryKey: ['analysis', id, 'text'], queryFn: () => api<{ text: string }>(`/api/analyses/${encodeURIComponent(id)}/text`), staleTime: Infinity });
}

export function useAnalysesList() {
  return useQuery({ queryKey: ['analyses'], queryFn: () => api<{ analyses: { analysis_id: string; application_number: string; rejection_type: string; created_at: string }[] }>('/api/analyses?limit=100') });
}

export interface Quote { total: string; balance: string; balance_after: string; line_items: { item?: string; type?: string; total?: string; [k: string]: unknown }[] }

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
    mutationFn: (body: { application_number: string; office_action_text: string; office_action_type: string }) => api<Analysis>('/api/analyses', { method: 'POST', body }),
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
