import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

/** The billed export kinds of POST /api/exports (and of POST /api/quote's exports[].type). */
export type ExportType = 'ids' | 'form' | 'drawing';

/** A POST /api/exports body: what the MCP forms tools send (src/mcp/tools/forms.ts). */
export interface ExportRequest {
  type: ExportType;
  form?: string;
  application_number?: string;
  analysis_id?: string;
  input: Record<string, unknown>;
}

export interface ExportQuote { total: string; balance: string; balance_after: string; covers_prepaid_items: boolean }

/** The price of one export of this kind, before submitting (POST /api/quote, free). */
export function useExportQuote(type: ExportType) {
  return useQuery({
    queryKey: ['quote', 'export', type],
    queryFn: () => api<ExportQuote>('/api/quote', { method: 'POST', body: { exports: [{ type, count: 1 }] } }),
  });
}

export interface ExportSubmission { job_id: string; status: string; poll_url: string; price: string; export_type: string; form?: string }

/** Submits a billed export; the idempotency key makes a double click or a retry one charge. */
export function useSubmitExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ExportRequest; idempotencyKey: string }) =>
      api<ExportSubmission>('/api/exports', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['me'] });
      void qc.invalidateQueries({ queryKey: ['quote'] });
    },
  });
}
