import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

import type {
  ArgumentEditWire,
  ClaimEditWire,
  ClaimGroundAnswerWire,
  ElectionEditWire,
  GroundStrategyEditWire,
  MarkupWire,
  PlanClaimWire,
  PlanGroundWire,
  PlanPreviewWire,
  PlanSubmissionWire,
  ResponsePlanWire,
} from '../../../src/presenters/response-plan.ts';
import type { DraftJobWire } from '../../../src/presenters/draft-job.ts';

/** The plan as the server presents it (src/presenters/response-plan.ts: the route's response schema). */
export type Plan = ResponsePlanWire;
export type PlanClaim = PlanClaimWire;
export type PlanGround = PlanGroundWire;
/** One ground of rejection of a claim with its own answer, and the answers that may be chosen for it. */
export type GroundAnswer = ClaimGroundAnswerWire;
export type MarkedRun = MarkupWire['runs'][number];
/** `message` is the API's (it names calls and fields); `plain` is for a person. */
export type Missing = Plan['completeness']['missing'][number];
export type Election = NonNullable<Plan['election']>;

export function planQuery(id: string) {
  return queryOptions({ queryKey: queryKeys.plan.one(id), queryFn: () => api<Plan>(`/api/response-plans/${encodeURIComponent(id)}`) });
}

export const usePlan = (id: string) => useQuery(planQuery(id));

export function useStartPlan() {
  return useMutation({ mutationFn: (analysisId: string) => api<Plan>('/api/response-plans', { method: 'POST', body: { analysis_id: analysisId } }) });
}

function useEdit<T>(planId: string, fn: (v: T) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.plan.one(planId) }) });
}

export function useSetStrategy(planId: string) {
  return useEdit(planId, ({ claim, strategy }: { claim: number; strategy: string }) =>
    api<ClaimEditWire>(`/api/response-plans/${planId}/claims/${claim}/strategy`, { method: 'PUT', body: { strategy } }),
  );
}

/** One ground's answer for one claim; null: the answer follows the claim's strategy again. */
export function useSetGroundStrategy(planId: string) {
  return useEdit(planId, ({ claim, groundId, strategy }: { claim: number; groundId: string; strategy: string | null }) =>
    api<GroundStrategyEditWire>(`/api/response-plans/${planId}/claims/${claim}/grounds/${encodeURIComponent(groundId)}/strategy`, {
      method: 'PUT',
      body: { strategy },
    }),
  );
}

export function useSetClaimText(planId: string) {
  return useEdit(planId, ({ claim, text, original_text }: { claim: number; text?: string; original_text?: string }) =>
    api<ClaimEditWire>(`/api/response-plans/${planId}/claims/${claim}/text`, { method: 'PUT', body: { text, original_text } }),
  );
}

/** The election in reply to a restriction requirement (with traverse unless traverse is false). */
export function useSetElection(planId: string) {
  return useEdit(planId, (body: { group: string | null; species: string | null; traverse: boolean }) =>
    api<ElectionEditWire>(`/api/response-plans/${planId}/election`, { method: 'PUT', body }),
  );
}

export function useSetArgument(planId: string) {
  return useEdit(planId, ({ groundId, text }: { groundId: string; text: string }) =>
    api<ArgumentEditWire>(`/api/response-plans/${planId}/grounds/${encodeURIComponent(groundId)}/argument`, { method: 'PUT', body: { text } }),
  );
}

/** GET .../preview (src/presenters/response-plan.ts). */
export type Preview = PlanPreviewWire;

/** Keyed by the plan's version: each edit is a new preview, and an edit's invalidation of the plan refreshes it. */
export function previewQuery(planId: string, version: number | undefined) {
  return queryOptions({
    queryKey: queryKeys.plan.preview(planId, version),
    enabled: version !== undefined,
    queryFn: () => api<Preview>(`/api/response-plans/${planId}/preview`),
  });
}

export const usePreview = (planId: string, version: number | undefined) => useQuery(previewQuery(planId, version));

export function useSubmitPlan(planId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { accept_incomplete: boolean; office_action_date?: string; idempotencyKey: string }) =>
      api<PlanSubmissionWire>(`/api/response-plans/${planId}/submit`, {
        method: 'POST',
        body: { accept_incomplete: body.accept_incomplete, ...(body.office_action_date ? { office_action_date: body.office_action_date } : {}) },
        headers: { 'Idempotency-Key': body.idempotencyKey },
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.plan.one(planId) });
      void qc.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

/** A document job (GET /api/exports/{job_id}; src/presenters/draft-job.ts). */
export type Job = DraftJobWire;
/** Read every second until the job is complete or failed. */
function jobQuery(jobId: string | null) {
  return queryOptions({
    queryKey: queryKeys.job(jobId),
    enabled: !!jobId,
    queryFn: () => api<Job>(`/api/exports/${encodeURIComponent(jobId ?? '')}`),
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'complete' || q.state.data.status === 'failed') ? false : 1000),
  });
}

export const useJob = (jobId: string | null) => useQuery(jobQuery(jobId));
