import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from './client.ts';
import { queryKeys } from './query-keys.ts';
import type { OfficeActionText } from '../../../src/presenters/office-action-text.ts';
import type { z } from 'zod';
import type { accountApplicationSchema, accountDeadlinesSchema } from '../../../src/presenters/account-application.ts';
import type { historyPageSchema } from '../../../src/presenters/prosecution-history.ts';
import type { paperPageSchema } from '../../../src/presenters/correspondence.ts';
import type { recordedOfficeActionSchema } from '../../../src/presenters/recorded-office-action.ts';
import type { responsePlanPageSchema } from '../../../src/presenters/response-plan.ts';

/** GET /api/applications/{number} as the server presents it (src/presenters/account-application.ts). */
export type AccountApplication = z.infer<typeof accountApplicationSchema>;

/** GET /api/applications/{number}; also the add-by-number preview (null when not found). */
export function applicationQuery(number: string | null) {
  return queryOptions({
    queryKey: queryKeys.application.one(number),
    enabled: !!number,
    queryFn: async () => {
      try {
        return await api<AccountApplication>(`/api/applications/${encodeURIComponent(number!)}`);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}

export const useApplication = (number: string | null) => useQuery(applicationQuery(number));

/** GET /api/applications/{number}/deadlines (src/presenters/account-application.ts). */
export type ApplicationDeadlines = z.infer<typeof accountDeadlinesSchema>;

function applicationDeadlinesQuery(number: string) {
  return queryOptions({
    queryKey: queryKeys.application.deadlines(number),
    queryFn: () => api<ApplicationDeadlines>(`/api/applications/${encodeURIComponent(number)}/deadlines`),
  });
}

export const useApplicationDeadlines = (number: string) => useQuery(applicationDeadlinesQuery(number));

/** GET /api/applications/{number}/history (src/presenters/prosecution-history.ts). */
export type HistoryPage = z.infer<typeof historyPageSchema>;
export type HistoryEvent = HistoryPage['events'][number];
function applicationHistoryQuery(number: string) {
  return queryOptions({
    queryKey: queryKeys.application.history(number),
    queryFn: () => api<HistoryPage>(`/api/applications/${encodeURIComponent(number)}/history?limit=50`),
  });
}

export const useApplicationHistory = (number: string) => useQuery(applicationHistoryQuery(number));

/** GET /api/applications/{number}/correspondence (src/presenters/correspondence.ts). */
export type PaperPage = z.infer<typeof paperPageSchema>;
export type Paper = PaperPage['correspondence'][number];
function correspondenceQuery(number: string) {
  return queryOptions({
    queryKey: queryKeys.application.correspondence(number),
    queryFn: () => api<PaperPage>(`/api/applications/${encodeURIComponent(number)}/correspondence?limit=50`),
  });
}

export const useCorrespondence = (number: string) => useQuery(correspondenceQuery(number));

export interface RecordOfficeAction {
  kind: 'CTNF' | 'CTFR' | 'CTRS' | 'CTEQ' | 'NOA';
  mailing_date: string;
  text?: string;
  /** The text came from OCR of a scan (POST /api/office-action-text said so): its confidence. */
  ocr_confidence?: number;
  description?: string;
}

/** POST /api/docket/{id}/office-actions' answer (src/presenters/recorded-office-action.ts). */
export type RecordedOfficeAction = z.infer<typeof recordedOfficeActionSchema>;

export function useRecordOfficeAction(number: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ docketEntryId, ...body }: RecordOfficeAction & { docketEntryId: string }) =>
      api<RecordedOfficeAction>(`/api/docket/${encodeURIComponent(docketEntryId)}/office-actions`, { method: 'POST', body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.application.one(number) });
      void qc.invalidateQueries({ queryKey: queryKeys.deadlines.all });
      void qc.invalidateQueries({ queryKey: queryKeys.docket.all });
    },
  });
}

/** GET /api/response-plans (src/presenters/response-plan.ts). */
export type ResponsePlanPage = z.infer<typeof responsePlanPageSchema>;
export type PlanSummary = ResponsePlanPage['response_plans'][number];
export function responsePlansQuery(number: string) {
  return queryOptions({
    queryKey: queryKeys.application.plans(number),
    queryFn: () => api<ResponsePlanPage>(`/api/response-plans?application_number=${encodeURIComponent(number)}`),
  });
}

export const useResponsePlans = (number: string) => useQuery(responsePlansQuery(number));

/** Server-side text extraction of an uploaded .txt/.docx/.pdf office action. */
export function useExtractOfficeActionText() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api<OfficeActionText>('/api/office-action-text', { method: 'POST', body: form });
    },
  });
}
