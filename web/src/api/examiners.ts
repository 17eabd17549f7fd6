import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { accountExaminerProfileSchema, examinerSearchSchema } from '../../../src/presenters/examiner-profile.ts';
import { api, ApiError, qs } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** GET /api/examiners and GET /api/examiners/{name} as the server presents them (src/presenters/examiner-profile.ts). */
export type ExaminerSearch = z.infer<typeof examinerSearchSchema>;
export type ExaminerHit = ExaminerSearch['examiners'][number];
export type ExaminerProfile = z.infer<typeof accountExaminerProfileSchema>;
/** The figures an examiner and an art unit share. */
export type Figures = NonNullable<ExaminerProfile['art_unit_stats']>;

function examinerSearchQuery(q: string) {
  return queryOptions({
    queryKey: queryKeys.examiners.search(q),
    enabled: q.trim().length >= 2,
    queryFn: () => {
      const art = /^\d{4}$/.test(q.trim());
      return api<ExaminerSearch>(`/api/examiners${qs(art ? { art_unit: q.trim() } : { q: q.trim() })}`);
    },
  });
}

export const useExaminerSearch = (q: string) => useQuery(examinerSearchQuery(q));

/** An examiner's figures, or null when the name is not known (404). */
function examinerProfileQuery(name: string, artUnit: string | null) {
  return queryOptions({
    queryKey: queryKeys.examiners.profile(name, artUnit),
    queryFn: async () => {
      try {
        return await api<ExaminerProfile>(`/api/examiners/${encodeURIComponent(name)}${qs({ art_unit: artUnit })}`);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}

export const useExaminerProfile = (name: string, artUnit: string | null) => useQuery(examinerProfileQuery(name, artUnit));
