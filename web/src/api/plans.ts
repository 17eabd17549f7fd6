import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

export interface MarkedRun { text: string; mark: 'none' | 'added' | 'deleted' | 'deleted_bracketed' | 'separator' }
export interface PlanClaim {
  claim_number: number;
  status: string;
  grounds: string[];
  recommendation: string | null;
  strategy: string | null;
  strategy_source: string;
  independent: boolean;
  original_text: string | null;
  amended_text: string | null;
  markup: { marked_text: string; runs: MarkedRun[]; added_chars: number; deleted_chars: number; unchanged: boolean } | null;
  carried_out: boolean;
  /** For an API caller (codes, calls); the page shows `problems_plain`. */
  problems: string[];
  problems_plain?: string[];
}
export interface PlanGround {
  ground_id: string;
  kind: string;
  basis: string | null;
  statute: string | null;
  title: string;
  claims: number[];
  references?: unknown[];
  statement: { text: string } | null;
  argument: { text: string; updated_at: string } | null;
  answered: boolean;
  answered_by?: { claims: number[]; how: string; base?: number }[];
  /** What leaves the ground unanswered, for a person. */
  unanswered_plain?: string | null;
  objection_type?: string | null;
}
/** `message` is the API's (it names calls and fields); `plain` is for a person. */
export interface Missing { code: string; ground_id?: string; claim?: number; message: string; plain?: string }
export interface Plan {
  plan_id: string;
  analysis_id: string;
  application_number: string;
  status: 'open' | 'submitted';
  version: number;
  office_action: { kind: string; mailing_date: string | null };
  grounds: PlanGround[];
  claims: PlanClaim[];
  completeness: { complete: boolean; missing_count: number; missing: Missing[]; warnings: string[]; warnings_plain?: string[] };
  draft_job: { job_id: string; status: string; poll_url: string } | null;
}

const key = (id: string) => ['plan', id] as const;

export function usePlan(id: string) {
  return useQuery({ queryKey: key(id), queryFn: () => api<Plan>(`/api/response-plans/${encodeURIComponent(id)}`) });
}

export function useStartPlan() {
  return useMutation({ mutationFn: (analysisId: string) => api<Plan>('/api/response-plans', { method: 'POST', body: { analysis_id: analysisId } }) });
}

function useEdit<T>(planId: string, fn: (v: T) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: key(planId) }) });
}

export function useSetStrategy(planId: string) {
  return useEdit(planId, ({ claim, strategy }: { claim: number; strategy: string }) => api(`/api/response-plans/${planId}/claims/${claim}/strategy`, { method: 'PUT', body: { strategy } }));
}

export function useSetClaimText(planId: string) {
  return useEdit(planId, ({ claim, text, original_text }: { claim: number; text?: string; original_text?: string }) => api<PlanClaim>(`/api/response-plans/${planId}/claims/${claim}/text`, { method: 'PUT', body: { text, original_text } }));
}

export function useSetArgument(planId: string) {
  return useEdit(planId, ({ groundId, text }: { groundId: string; text: string }) => api(`/api/response-plans/${planId}/grounds/${encodeURIComponent(groundId)}/argument`, { method: 'PUT', body: { text } }));
}

export interface Preview {
  price_to_submit: string;
  /** The highlighted, bracketed places the paper will leave for the practitioner. */
  placeholders_total: number;
  placeholders_source?: 'paper' | 'paper_before_model' | 'outline';
  complete: boolean;
}

export function usePreview(planId: string, version: number | undefined) {
  return useQuery({ queryKey: ['plan', planId, 'preview', version], enabled: version !== undefined, queryFn: () => api<Preview>(`/api/response-plans/${planId}/preview`) });
}

export function useSubmitPlan(planId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { accept_incomplete: boolean; idempotencyKey: string }) => api<{ job_id: string; poll_url: string; price: string }>(`/api/response-plans/${planId}/submit`, { method: 'POST', body: { accept_incomplete: body.accept_incomplete }, headers: { 'Idempotency-Key': body.idempotencyKey } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: key(planId) });
      void qc.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

export interface Job { job_id: string; status: string; progress?: number; current_step?: string; download_url?: string; filename?: string; error_message?: string }
export function useJob(jobId: string | null) {
  return useQuery({
    queryKey: ['job', jobId],
    enabled: !!jobId,
    queryFn: () => api<Job>(`/api/exports/${encodeURIComponent(jobId!)}`),
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'complete' || q.state.data.status === 'failed') ? false : 1000),
  });
}
