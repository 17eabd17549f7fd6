/**
 * Messages between the analysis pool (main thread) and an analysis thread. Kept apart from the
 * thread's entry module, which must only ever be loaded inside a thread.
 */
import type { FirstPassRequest, FirstPassResult, RecordRequest, RecordResult } from '../analysis-tasks.ts';
import type { TypeHint } from '../../domain/office-action/index.ts';
import type { ClaimChartRequest, ReadDocumentRequest, SupportSearchRequest } from '../file-tasks.ts';
import type { ClaimChart } from '../../domain/art/chart.ts';
import type { SupportResult } from '../../domain/art/support.ts';
import type { ReadDocument } from '../../domain/file/read-document.ts';

export interface Tasks {
  firstPass: { input: FirstPassRequest; output: FirstPassResult };
  buildRecord: { input: RecordRequest; output: RecordResult };
  estimateTokens: { input: { text: string; typeHint: TypeHint }; output: { inputTokens: number; outputTokens: number } };
  readDocument: { input: ReadDocumentRequest; output: ReadDocument };
  claimChart: { input: ClaimChartRequest; output: ClaimChart };
  supportSearch: { input: SupportSearchRequest; output: SupportResult };
}
export type TaskName = keyof Tasks;

export interface TaskRequest<K extends TaskName = TaskName> {
  id: number;
  task: K;
  input: Tasks[K]['input'];
}

export type TaskReply = { id: number; ok: true; output: unknown } | { id: number; ok: false; name: string; message: string };
