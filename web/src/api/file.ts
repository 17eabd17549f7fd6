/**
 * The application file (documents, claim versions), the claim chart, the references an action
 * cites and the support search. Wire types come from the server presenters' zod schemas (one
 * contract): `import type` only, never a value import of server code.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { addDocumentJsonBody, addedDocumentSchema, documentListSchema, DocumentSummary } from '../../../src/presenters/file-documents.ts';
import type { claimVersionsSchema } from '../../../src/presenters/claim-versions.ts';
import type { citedReferencesSchema } from '../../../src/presenters/cited-references.ts';
import type { ClaimChartWire } from '../../../src/presenters/claim-chart.ts';
import type { supportSearchSchema } from '../../../src/presenters/support-search.ts';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

export type { ClaimChartWire, DocumentSummary };
export type DocumentList = z.infer<typeof documentListSchema>;
export type AddedDocument = z.infer<typeof addedDocumentSchema>;
export type ClaimVersions = z.infer<typeof claimVersionsSchema>;
export type CitedReferences = z.infer<typeof citedReferencesSchema>;
export type SupportSearch = z.infer<typeof supportSearchSchema>;
export type ChartClaim = ClaimChartWire['claims'][number];
export type ChartLimitation = ChartClaim['limitations'][number];
export type ChartCitation = ChartLimitation['citations'][number];
export type ChartFlag = ChartLimitation['flags'][number];
export type Passage = ChartCitation['passages'][number];
export type SupportHit = SupportSearch['support'][number];

/** What the person says a document is (the JSON body's fields but the text). */
export type DocumentFields = Omit<z.input<typeof addDocumentJsonBody>, 'text' | 'filename'>;
export type DocumentKind = 'claims' | 'specification' | 'application' | 'reference' | 'response';

const enc = encodeURIComponent;

export function documentsQuery(entryId: string) {
  return queryOptions({
    queryKey: queryKeys.file.documents(entryId),
    queryFn: () => api<DocumentList>(`/api/docket/${enc(entryId)}/documents`),
  });
}

export function claimVersionsQuery(entryId: string) {
  return queryOptions({
    queryKey: queryKeys.file.claimVersions(entryId),
    queryFn: () => api<ClaimVersions>(`/api/docket/${enc(entryId)}/claims/versions`),
  });
}

export function claimChartQuery(analysisId: string) {
  return queryOptions({
    queryKey: queryKeys.claimChart.one(analysisId),
    queryFn: () => api<ClaimChartWire>(`/api/analyses/${enc(analysisId)}/claim-chart`),
  });
}

export function citedReferencesQuery(analysisId: string) {
  return queryOptions({
    queryKey: queryKeys.citedReferences.one(analysisId),
    queryFn: () => api<CitedReferences>(`/api/analyses/${enc(analysisId)}/references`),
  });
}

/** The support search is a read (nothing is stored): a query keyed by the words searched. */
export function supportSearchQuery(entryId: string, text: string, analysisId?: string) {
  return queryOptions({
    queryKey: queryKeys.supportSearch.one(entryId, analysisId ?? null, text),
    queryFn: () =>
      api<SupportSearch>(`/api/docket/${enc(entryId)}/support-search`, { method: 'POST', body: { text, ...(analysisId ? { analysis_id: analysisId } : {}) } }),
    enabled: text.trim().length >= 3,
    staleTime: 60_000,
  });
}

/** After the file changes: its lists, the charts and reference lists built from it, the searches over it. */
function useFileChanged(entryId: string) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: queryKeys.file.entry(entryId) });
    void qc.invalidateQueries({ queryKey: queryKeys.claimChart.all });
    void qc.invalidateQueries({ queryKey: queryKeys.citedReferences.all });
    void qc.invalidateQueries({ queryKey: queryKeys.supportSearch.all });
  };
}

export type AddDocumentInput = DocumentFields & ({ file: File; text?: never } | { text: string; file?: never });

export function useAddDocument(entryId: string) {
  const changed = useFileChanged(entryId);
  return useMutation({
    mutationFn: ({ file, text, ...fields }: AddDocumentInput) => {
      const path = `/api/docket/${enc(entryId)}/documents`;
      if (file) {
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) if (v) form.append(k, v);
        form.append('file', file, file.name);
        return api<AddedDocument>(path, { method: 'POST', body: form });
      }
      return api<AddedDocument>(path, { method: 'POST', body: { ...fields, text } });
    },
    onSuccess: changed,
  });
}

export function useRemoveDocument(entryId: string) {
  const changed = useFileChanged(entryId);
  return useMutation({
    mutationFn: (documentId: string) => api<void>(`/api/docket/${enc(entryId)}/documents/${enc(documentId)}`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

export function useMarkFiled(entryId: string) {
  const changed = useFileChanged(entryId);
  return useMutation({
    mutationFn: (documentId: string) => api<ClaimVersions>(`/api/docket/${enc(entryId)}/documents/${enc(documentId)}/filed`, { method: 'POST' }),
    onSuccess: changed,
  });
}
