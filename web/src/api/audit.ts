import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { auditEntrySchema, auditPageSchema } from '../../../src/presenters/audit-log.ts';
import { api, qs } from './client.ts';
import { queryKeys } from './query-keys.ts';

export type AuditSource = 'web' | 'api_key' | 'assistant' | 'cli' | 'system';
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The audit log's filters (GET /api/audit): all combine; empty strings are left out. */
export interface AuditFilter {
  source?: AuditSource | '';
  /** An action or its prefix: docket., analysis., draft_job., credits., mcp.tool_call. */
  action?: string;
  /** YYYY-MM-DD, UTC days, inclusive. */
  from?: string;
  to?: string;
  /** An application number in any written form. */
  application?: string;
  /** The member who acted (GET /api/firm/members ids). */
  member?: string;
  limit?: number;
}

const clean = (v: string | undefined) => (v ? v : undefined);

export function auditPage(params: AuditFilter & { before?: string | null }) {
  return api<AuditPage>(
    `/api/audit${qs({ source: clean(params.source), action: clean(params.action), from: clean(params.from), to: clean(params.to), application: clean(params.application?.trim()), member_id: clean(params.member), limit: params.limit ?? 50, before: params.before })}`,
  );
}

function auditLogQuery(filter: AuditFilter) {
  return infiniteQueryOptions({
    queryKey: queryKeys.audit.log(filter),
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

export const useAuditLog = (filter: AuditFilter) => useInfiniteQuery(auditLogQuery(filter));
