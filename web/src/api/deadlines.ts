import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { docketDeadlinesSchema } from '../../../src/presenters/docket-deadlines.ts';
import { api } from './client.ts';

/** GET /api/deadlines as the server presents it (src/presenters/docket-deadlines.ts). */
export type UpcomingDeadlines = z.infer<typeof docketDeadlinesSchema>;
export type UpcomingDeadline = UpcomingDeadlines['deadlines'][number];

export function useUpcomingDeadlines(withinDays: number) {
  return useQuery({ queryKey: ['deadlines', withinDays], queryFn: () => api<UpcomingDeadlines>(`/api/deadlines?within=${withinDays}d`) });
}
