import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { idsTimingSchema } from '../../../src/presenters/ids-timing.ts';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** GET /api/applications/{number}/ids-timing as the server presents it (src/presenters/ids-timing.ts). */
export type IdsTimingAnswer = z.infer<typeof idsTimingSchema>;
export type IdsWindowCode = IdsTimingAnswer['window'];
export type IdsActionKind = NonNullable<IdsTimingAnswer['basis']['closing_action']>['kind'];

/**
 * The server's 37 CFR 1.97 window for an IDS filed today: the one rule, shared with POST
 * /api/exports (which refuses a timing that does not fit) and the MCP tools. A 422 (no filing
 * date on the record) is the query's error.
 */
export function idsTimingQuery(applicationNumber: string) {
  return queryOptions({
    queryKey: queryKeys.application.idsTiming(applicationNumber),
    queryFn: () => api<IdsTimingAnswer>(`/api/applications/${encodeURIComponent(applicationNumber)}/ids-timing`),
  });
}

export const useIdsTiming = (applicationNumber: string) => useQuery(idsTimingQuery(applicationNumber));
