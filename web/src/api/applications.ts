import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from './client.ts';
import type { OfficeActionText } from '../../../src/presenters/office-action-text.ts';
import type { EntityWire } from '../../../src/presenters/docket-entry.ts';
import type { ApplicationRecord } from './docket.ts';

export interface AccountApplication extends ApplicationRecord, EntityWire {
  docket_entry_id: string | null;
  private: boolean;
  /** The USPTO record's own value; `entity_size` is what fees use. */
  entity_status?: string | null;
  pending_action: { correspondence_id: string; document_code: string; office_action_type: string | null; action: string; description: string | null; mailing_date: string; period_months: number | null; recorded_by_account: boolean } | null;
  [k: string]: unknown;
}

/** GET /api/applications/{number}; also the add-by-number preview (null when not found). */
export function useApplication(number: string | null) {
  return useQuery({
    queryKey: ['application', number],
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

export interface ApplicationDeadlines {
  application_number: string;
  entity: EntityWire['entity_size'];
  entity_source: EntityWire['entity_size_source'];
  response_deadline: string | null;
  critical_deadline_date: string | null;
  calculation: null | {
    action: string;
    mailing_date: string;
    response_deadline: string;
    critical_deadline_date: string;
    extendable: boolean;
    ssp_due?: string | null;
    ssp_due_effective?: string | null;
    extensions: { months: number; due: string; due_effective: string; fee_for_entity?: string | null; citation?: string }[];
    citations?: { field: string; rule: string; text: string }[];
    [k: string]: unknown;
  };
  [k: string]: unknown;
}

export function useApplicationDeadlines(number: string) {
  return useQuery({ queryKey: ['application', number, 'deadlines'], queryFn: () => api<ApplicationDeadlines>(`/api/applications/${encodeURIComponent(number)}/deadlines`) });
}

export interface HistoryEvent { date: string; code: string; description: string; meaning?: { kind: string; summary: string } | null }
export function useApplicationHistory(number: string) {
  return useQuery({ queryKey: ['application', number, 'history'], queryFn: () => api<{ events: HistoryEvent[]; next_cursor: string | null }>(`/api/applications/${encodeURIComponent(number)}/history?limit=50`) });
}

export interface Paper { id: string; document_code: string; description: string | null; mailing_date: string; direction: string; office_action_type: string | null; has_text: boolean; recorded_by_account: boolean }
export function useCorrespondence(number: string) {
  return useQuery({ queryKey: ['application', number, 'correspondence'], queryFn: () => api<{ correspondence: Paper[]; next_cursor: string | null }>(`/api/applications/${encodeURIComponent(number)}/correspondence?limit=50`) });
}

export interface RecordOfficeAction {
  kind: 'CTNF' | 'CTFR' | 'CTRS' | 'CTEQ' | 'NOA';
  mailing_date: string;
  text?: string;
  /** The text came from OCR of a scan (POST /api/office-action-text said so): its confidence. */
  ocr_confidence?: number;
  description?: string;
}

export function useRecordOfficeAction(number: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ docketEntryId, ...body }: RecordOfficeAction & { docketEntryId: string }) => api<{ correspondence: { id: string }; deadlines: unknown }>(`/api/docket/${encodeURIComponent(docketEntryId)}/office-actions`, { method: 'POST', body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['application', number] });
      void qc.invalidateQueries({ queryKey: ['deadlines'] });
      void qc.invalidateQueries({ queryKey: ['docket'] });
    },
  });
}

export interface PlanSummary { plan_id: string; analysis_id: string; application_number: string; status: string; version: number; draft_job_id: string | null; created_at: string; updated_at: string; submitted_at: string | null }
export function useResponsePlans(number: string) {
  return useQuery({ queryKey: ['application', number, 'plans'], queryFn: () => api<{ response_plans: PlanSummary[] }>(`/api/response-plans?application_number=${encodeURIComponent(number)}`) });
}

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
