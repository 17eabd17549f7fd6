import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { calendarFeedStateSchema, createdCalendarFeedSchema } from '../../../src/presenters/calendar-feed-state.ts';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** The feed's state and a created feed as the server presents them (src/presenters/calendar-feed-state.ts). */
export type CalendarFeedState = z.infer<typeof calendarFeedStateSchema>;
export type CreatedFeed = z.infer<typeof createdCalendarFeedSchema>;
function calendarFeedQuery() {
  return queryOptions({ queryKey: queryKeys.calendarFeed, queryFn: () => api<CalendarFeedState>('/api/calendar-feed') });
}

export const useCalendarFeed = () => useQuery(calendarFeedQuery());

export function useRotateCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<CreatedFeed>('/api/calendar-feed', { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.calendarFeed }),
  });
}

export function useRevokeCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('/api/calendar-feed', { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.calendarFeed }),
  });
}
