import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DocketEntryWire, DocketListWire, DocketStatusesWire } from '../../../src/presenters/docket-entry.ts';
import type { DocketSort } from '../../../src/domain/docket-sort.ts';
import type { ImportCommitWire, ImportPreviewWire } from '../../../src/presenters/docket-import.ts';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

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
/** A docket entry as the server presents it (src/presenters/docket-entry.ts): matter number, entity status and its source, the record. */
export type DocketItem = DocketEntryWire;
export type EntitySize = DocketItem['entity_size'];
export type EntitySource = DocketItem['entity_size_source'];

/** One docket entry (GET /api/docket/{id}); under the docket's key, so every docket change refreshes it. */
export function docketEntryQuery(id: string) {
  return queryOptions({ queryKey: queryKeys.docket.entry(id), queryFn: () => api<DocketItem>(`/api/docket/${encodeURIComponent(id)}`) });
}

/**
 * The whole docket. An assistant (MCP) or a script may have changed it since this tab last
 * looked: every visit of the page asks again (the cached list shows meanwhile).
 */
export function docketQuery() {
  return queryOptions({ queryKey: queryKeys.docket.all, queryFn: () => api<{ entries: DocketItem[] }>('/api/docket'), refetchOnMount: 'always' });
}

export const useDocket = () => useQuery(docketQuery());

export type { DocketSort };
export interface DocketPageParams {
  /** A column, ascending; with a leading '-', descending (src/domain/docket-sort.ts). */
  sort: DocketSort;
  /** The search, sent as q: an application number in any written form, else title, client matter, responsible person, status, examiner. */
  q: string;
  /** '' = any status; else exactly one of GET /api/docket/statuses. */
  status: string;
  /** '' = anyone; me, none or a member id. */
  responsible: string;
}
export type DocketPage = DocketListWire;
const DOCKET_PAGE_SIZE = 50;

/**
 * The docket in pages of 50 (GET /api/docket?limit=50), sorted, searched and filtered on the
 * server: the page becomes interactive with 50 entries whatever the docket's size. Under the
 * docket's key, so every docket change refreshes it.
 */
export function docketPagesQuery(params: DocketPageParams) {
  return infiniteQueryOptions({
    queryKey: queryKeys.docket.pages(params),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const search = new URLSearchParams({ limit: String(DOCKET_PAGE_SIZE), sort: params.sort });
      if (params.q.trim()) search.set('q', params.q.trim());
      if (params.status) search.set('status', params.status);
      if (params.responsible) search.set('responsible', params.responsible);
      if (pageParam) search.set('cursor', pageParam);
      return api<DocketPage>(`/api/docket?${search.toString()}`);
    },
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** The docket page's first view: by next deadline, no search, no filter. */
export const DOCKET_FIRST_VIEW: DocketPageParams = { sort: 'next_deadline', q: '', status: '', responsible: '' };

/**
 * An assistant (MCP) or a script may have changed the docket since this tab last looked: the page
 * asks again whenever it mounts, unless its data arrived in the last two seconds (the prefetch
 * of a docket opened cold, prefetchDocket; one still under way is joined, not repeated) and
 * nothing invalidated it since. A change the activity stream announced while the page was closed
 * invalidates the data however new it is: the page must not show the docket as it was.
 */
const JUST_FETCHED_MS = 2_000;
export const askAgainOnMount = (query: { state: { dataUpdatedAt: number; isInvalidated: boolean } }) =>
  !query.state.isInvalidated && Date.now() - query.state.dataUpdatedAt < JUST_FETCHED_MS ? false : 'always';

export function useDocketPages(params: DocketPageParams) {
  return useInfiniteQuery({ ...docketPagesQuery(params), refetchOnMount: askAgainOnMount, placeholderData: (previous) => previous });
}

/** The statuses of the docket's applications with their counts (the Status filter's options); under the docket's key, so a docket change refreshes them. */
export function docketStatusesQuery() {
  return queryOptions({ queryKey: queryKeys.docket.statuses, queryFn: () => api<DocketStatusesWire>('/api/docket/statuses'), refetchOnMount: askAgainOnMount });
}

/**
 * The docket page's first view and its statuses, fetched when /docket is opened cold beside the
 * page's chunk and the sign-in check (src/router.tsx preloadPage), not after them. Signed out,
 * they fail quietly (a prefetch never throws) and the sign-in page follows as before.
 */
export function prefetchDocket(qc: QueryClient): void {
  void qc.prefetchInfiniteQuery(docketPagesQuery(DOCKET_FIRST_VIEW));
  void qc.prefetchQuery(docketStatusesQuery());
}

export const useDocketStatuses = () => useQuery(docketStatusesQuery());

export interface NewDocketEntry {
  application_number: string;
  client_matter?: string;
  notes?: string;
  application?: { invention_title: string; filing_date?: string; examiner_name?: string; art_unit?: string };
}

function invalidateAll(qc: ReturnType<typeof useQueryClient>) {
  void qc.invalidateQueries({ queryKey: queryKeys.docket.all });
  void qc.invalidateQueries({ queryKey: queryKeys.deadlines.all });
  void qc.invalidateQueries({ queryKey: queryKeys.audit.all });
  // The entity status moves an application's fees: its page and the forms' quotes follow.
  void qc.invalidateQueries({ queryKey: queryKeys.application.all });
  void qc.invalidateQueries({ queryKey: queryKeys.quote.all });
}

export interface DocketEntryChange {
  id: string;
  client_matter?: string | null;
  notes?: string | null;
  /** null: back to the USPTO record's, else the account's default. */
  entity_size?: EntitySize | null;
  /** A firm owner's or practitioner's member id; null: not assigned. */
  responsible_member_id?: string | null;
}

export function useAddDocketEntry() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (body: NewDocketEntry) => api<DocketItem>('/api/docket', { method: 'POST', body }), onSuccess: () => invalidateAll(qc) });
}

export function useUpdateDocketEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: DocketEntryChange) => api<DocketItem>(`/api/docket/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: () => invalidateAll(qc),
  });
}

export function useRemoveDocketEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/docket/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => invalidateAll(qc),
  });
}

/** A docket import's preview and commit (src/presenters/docket-import.ts). */
export type ImportPreview = ImportPreviewWire;
export type ImportCommit = ImportCommitWire;

/** Uploads a CSV for preview (multipart, field "file"); nothing is written to the docket. */
export function usePreviewDocketImport() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api<ImportPreview>('/api/docket/import/preview', { method: 'POST', body: form });
    },
  });
}

/** Lists a USPTO customer number's applications as a preview. */
export function usePreviewCustomerNumber() {
  return useMutation({
    mutationFn: (customerNumber: string) =>
      api<ImportPreview>('/api/docket/import/customer-number', { method: 'POST', body: { customer_number: customerNumber } }),
  });
}

/** Adds a preview's "add" rows to the docket (once). */
export function useCommitDocketImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (previewId: string) => api<ImportCommit>('/api/docket/import/commit', { method: 'POST', body: { preview_id: previewId } }),
    onSuccess: () => invalidateAll(qc),
  });
}

/** The docket as CSV, with every upcoming deadline (a plain link: the browser downloads it with the session cookie). */
export const DOCKET_EXPORT_URL = '/api/docket/export.csv';
