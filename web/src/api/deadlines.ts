import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { docketDeadlinesSchema } from '../../../src/presenters/docket-deadlines.ts';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** GET /api/deadlines as the server presents it (src/presenters/docket-deadlines.ts). */
export type UpcomingDeadlines = z.infer<typeof docketDeadlinesSchema>;
export type UpcomingDeadline = UpcomingDeadlines['deadlines'][number];

function upcomingDeadlinesQuery(withinDays: number) {
  return queryOptions({ queryKey: queryKeys.deadlines.upcoming(withinDays), queryFn: () => api<UpcomingDeadlines>(`/api/deadlines?within=${withinDays}d`) });
}

export const useUpcomingDeadlines = (withinDays: number) => useQuery(upcomingDeadlinesQuery(withinDays));
