import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';

/** What the server's activity stream (GET /api/events) says of each committed audit entry. */
export interface ActivityEvent {
  id: string;
  action: string;
  source: 'web' | 'api_key' | 'assistant' | 'cli' | 'system' | string;
  target_type: string | null;
  target_id: string | null;
}

/** The queries any account activity can change; only those on screen are fetched again. */
const AFFECTED = [
  queryKeys.audit.all,
  queryKeys.me,
  queryKeys.credits.all,
  queryKeys.billing.all,
  queryKeys.docket.all,
  queryKeys.deadlines.all,
  queryKeys.application.all,
  queryKeys.analyses,
];

/**
 * Keeps the open pages current with work done elsewhere (an assistant, a script's API key, the
 * CLI): the server announces each committed audit entry for this account and the pages
 * showing affected data fetch it again. Events arriving together are handled once (a tool call
 * often writes two or three entries). EventSource reconnects by itself; the audit log's slow poll
 * stays as the fallback when the stream is down.
 */
export function useActivityStream(enabled: boolean): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    let pending: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      pending = null;
      for (const queryKey of AFFECTED) void qc.invalidateQueries({ queryKey });
    };
    source.addEventListener('activity', (e) => {
      // The web app's own changes refresh what they touch as they succeed (each mutation
      // invalidates its queries), and another tab refreshes when it gets the focus: refreshing
      // again for them only doubled the burst of requests after every click.
      if ((JSON.parse((e as MessageEvent<string>).data) as ActivityEvent).source === 'web') return;
      pending ??= setTimeout(refresh, 150);
    });
    return () => {
      source.close();
      if (pending) clearTimeout(pending);
    };
  }, [enabled, qc]);
}
