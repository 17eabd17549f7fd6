import { useInfiniteQuery } from '@tanstack/react-query';
import { api, qs } from './client.ts';

export type AuditSource = 'web' | 'api_key' | 'assistant' | 'cli' | 'system';
export interface AuditEntry {
  id: string;
  created_at: string;
  source: AuditSource;
  actor: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown> | null;
  request_id: string | null;
}
export interface AuditPage {
  entries: AuditEntry[];
  next_cursor: string | null;
}

export function auditPage(params: { source?: AuditSource | ''; action?: string; limit?: number; before?: string | null }) {
  return api<AuditPage>(`/api/audit${qs({ source: params.source, action: params.action, limit: params.limit ?? 50, before: params.before })}`);
}

export function useAuditLog(filter: { source?: AuditSource | ''; action?: string; limit?: number }) {
  return useInfiniteQuery({
    queryKey: ['audit', filter],
    queryFn: ({ pageParam }) => auditPage({ ...filter, before: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // Work done through assistants and API keys shows up without a reload: the activity stream
    // (useActivityStream) refreshes this at once; every visit asks again, and a slow poll covers
    // a stream that is down (the MCP server reports its tool calls a few milliseconds after each
    // call returns).
    refetchOnMount: 'always',
    refetchInterval: 60_000,
  });
}
