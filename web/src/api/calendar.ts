import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

export interface CalendarFeedState {
  exists: boolean;
  created_at: string | null;
}
export interface CreatedFeed {
  url: string;
  webcal_url: string;
  created_at: string;
  rotated: boolean;
  notice: string;
}
const key = ['calendar-feed'] as const;

export function useCalendarFeed() {
  return useQuery({ queryKey: key, queryFn: () => api<CalendarFeedState>('/api/calendar-feed') });
}

export function useRotateCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<CreatedFeed>('/api/calendar-feed', { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export function useRevokeCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('/api/calendar-feed', { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
