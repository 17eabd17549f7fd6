import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { quoteSchema, usptoFeeQuotedSchema } from '../../../src/presenters/quote.ts';
import type { exportSubmissionSchema } from '../../../src/presenters/export-submission.ts';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

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

/** A USPTO fee the paper carries (paid to the USPTO, not in credits), for the application's entity status. */
export type UsptoFeeQuoted = z.infer<typeof usptoFeeQuotedSchema>;

/** POST /api/quote as the server presents it (src/presenters/quote.ts). */
export type ExportQuote = z.infer<typeof quoteSchema>;

/**
 * The price of one export of this kind, before submitting (POST /api/quote, free); with `form`,
 * the quote also names the USPTO fees that form's paper carries today.
 */
export function exportQuoteQuery(type: ExportType, form?: string, applicationNumber?: string) {
  return queryOptions({
    queryKey: queryKeys.quote.export(type, form ?? null, applicationNumber ?? null),
    // With the application named, the fees are for its entity status (docket entry, USPTO record), as the paper's will be.
    queryFn: () =>
      api<ExportQuote>('/api/quote', {
        method: 'POST',
        body: { exports: [{ type, ...(form ? { form } : {}), count: 1 }], ...(applicationNumber ? { application_number: applicationNumber } : {}) },
      }),
  });
}

export const useExportQuote = (type: ExportType, form?: string, applicationNumber?: string) => useQuery(exportQuoteQuery(type, form, applicationNumber));

/** POST /api/exports' answer (src/presenters/export-submission.ts). */
export type ExportSubmission = z.infer<typeof exportSubmissionSchema>;

/** Submits a billed export; the idempotency key makes a double click or a retry one charge. */
export function useSubmitExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ExportRequest; idempotencyKey: string }) =>
      api<ExportSubmission>('/api/exports', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.me });
      void qc.invalidateQueries({ queryKey: queryKeys.quote.all });
    },
  });
}
