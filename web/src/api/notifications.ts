import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { notificationPreferencesInput, notificationPreferencesSchema } from '../../../src/presenters/notification-preferences.ts';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** GET /api/notifications/preferences, as the server's schema declares it. */
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
/** PUT /api/notifications/preferences (every field; PUT replaces the set). */
export type NotificationPreferencesInput = z.input<typeof notificationPreferencesInput>;

function notificationPreferencesQuery() {
  return queryOptions({ queryKey: queryKeys.notificationPreferences, queryFn: () => api<NotificationPreferences>('/api/notifications/preferences') });
}

export const useNotificationPreferences = () => useQuery(notificationPreferencesQuery());

export function useSaveNotificationPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesInput) => api<NotificationPreferences>('/api/notifications/preferences', { method: 'PUT', body }),
    onSuccess: (data) => qc.setQueryData(queryKeys.notificationPreferences, data),
  });
}
