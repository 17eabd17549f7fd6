import { useQuery } from '@tanstack/react-query';
import { api, ApiError, qs } from './client.ts';

export interface ExaminerHit { examiner_name: string; examiner_id: string | null; art_unit: string; art_units: string[]; allowance_rate: number | null; total_cases_analyzed: number; pending_cases: number }
export interface Figures {
  allowance_rate: number | null;
  avg_actions_to_allowance: number | null;
  interview_success_rate: number | null;
  allowance_rate_without_interview: number | null;
  interview_lift: number | null;
  /** Why the interview rates are null (too few decided cases with or without an applicant-initiated interview). */
  interview_rates_reason?: string | null;
  avg_rces_to_allowance?: number | null;
  total_cases_analyzed: number;
  allowed_cases: number;
  abandoned_cases: number;
  interviewed_cases: number;
  not_interviewed_cases?: number;
  pending_cases: number;
  rejection_basis_counts: { basis: string; office_actions: number }[];
  sample_size_warning?: string | null;
}
export interface ExaminerProfile extends Figures {
  examiner_name: string;
  art_unit: string;
  art_units: string[];
  art_unit_stats: (Figures & { art_unit: string; examiners: number }) | null;
  data_window: { from: number | null; to: number | null };
  as_of: string;
}

export function useExaminerSearch(q: string) {
  return useQuery({
    queryKey: ['examiners', q],
    enabled: q.trim().length >= 2,
    queryFn: () => {
      const art = /^\d{4}$/.test(q.trim());
      return api<{ examiners: ExaminerHit[]; truncated: boolean }>(`/api/examiners${qs(art ? { art_unit: q.trim() } : { q: q.trim() })}`);
    },
  });
}

export function useExaminerProfile(name: string, artUnit: string | null) {
  return useQuery({
    queryKey: ['examiner', name, artUnit],
    queryFn: async () => {
      try {
        return await api<ExaminerProfile>(`/api/examiners/${encodeURIComponent(name)}${qs({ art_unit: artUnit })}`);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}
