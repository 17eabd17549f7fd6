import type { RecordRequest } from './analysis-tasks.ts';

/** A record request for the demo application without examiner statistics, for the analysis tasks' tests. */
export function recordRequest(handle: string, text: string, requestedType: RecordRequest['meta']['requestedType'] = 'CTNF'): RecordRequest {
  return {
    handle,
    text,
    typeHint: 'CTNF',
    examinerStats: null,
    meta: {
      analysisId: 'an_test',
      applicationNumber: '17200011',
      requestedType,
      createdAt: '2026-11-24T00:00:00.000Z',
      examinerIntel: { requested: false, examiner_name: null, stats: null },
      multiplierMilli: 1000,
    },
  };
}
