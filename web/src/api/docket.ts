import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

export interface ApplicationRecord {
  application_number: string;
  invention_title: string | null;
  status: string;
  filing_date: string | null;
  examiner_name: string;
  current_art_unit: string;
  response_deadline: string | null;
  critical_deadline_date: string | null;
  status_description?: string | null;
  patent_number?: string | null;
  demo?: boolean;
}
export interface DocketItem {
  id: string;
  client_matter: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
  private: boolean;
  application: ApplicationRecord;
}

const key = ['docket'] as const;

export function useDocket() {
  // An assistant (MCP) or a script may have changed the docket since this tab last looked:
  // every visit of the page asks again (the cached list shows meanwhile).
  return useQuery({ queryKey: key, queryFn: () => api<{ entries: DocketItem[] }>('/api/docket'), refetchOnMount: 'always' });
}

export interface NewDocketEntry {
  application_number: string;
  client_matter?: string;
  notes?: string;
  application?: { invention_title: string; filing_date?: string; examiner_name?: string; art_unit?: string };
}

function invalidateAll(qc: ReturnType<typeof useQueryClient>) {
  void qc.invalidateQueries({ queryKey: key });
  void qc.invalidateQueries({ queryKey: ['deadlines'] });
  void qc.invalidateQueries({ queryKey: ['audit'] });
}

export function useAddDocketEntry() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (body: NewDocketEntry) => api<DocketItem>('/api/docket', { method: 'POST', body }), onSuccess: () => invalidateAll(qc) });
}

export function useUpdateDocketEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; client_matter?: string | null; notes?: string | null }) => api<DocketItem>(`/api/docket/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: () => invalidateAll(qc),
  });
}

export function useRemoveDocketEntry() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: string) => api<void>(`/api/docket/${encodeURIComponent(id)}`, { method: 'DELETE' }), onSuccess: () => invalidateAll(qc) });
}
