import { useInfiniteQuery } from '@tanstack/react-query';
import { api, qs } from './client.ts';
import type { z } from 'zod';
import type { auditPageSchema } from '../../../src/presenters/audit-log.ts';


export type AuditSource = 'web' | 'api_key' | 'assistant' | 'cli' | 'system';
/** GET /api/audit, as the server's schema says (src/presenters/audit-log.ts). */
export type AuditPage = z.infer<typeof auditPageSchema>;
export type AuditEntry = AuditPage['entries'][number];

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
