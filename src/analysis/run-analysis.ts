import { analyzeOfficeAction, type ExaminerStats, type OfficeActionAnalysis, type TypeHint } from '../domain/office-action/index.ts';

export interface AnalysisRunOptions {
  /** The office_action_type the caller stated (the spec's default is CTNF). */
  typeHint: TypeHint;
  /** Examiner behaviour for the strategy rules; null when not requested or not known. */
  examinerStats: ExaminerStats | null;
  /** An earlier run on the same text: its parse is reused (see AnalyzeOptions.reuse). */
  reuse?: AnalysisRun;
}

export interface AnalysisRun {
  analysis: OfficeActionAnalysis;
  /** Wall time of the whole pipeline, seconds. */
  elapsedSeconds: number;
  /** The text analysed (the record's grounds quote the examiner's reasoning from it). */
  text?: string;
}

/**
 * Runs the deterministic analysis pipeline (src/domain/office-action) with a clock, so each
 * expert reports its time for glass_box. Pure CPU; no I/O.
 */
export function runAnalysis(text: string, opts: AnalysisRunOptions): AnalysisRun {
  const started = performance.now();
  const analysis = analyzeOfficeAction(text, {
    typeHint: opts.typeHint,
    examinerStats: opts.examinerStats,
    now: () => performance.now(),
    reuse: opts.reuse?.analysis,
  });
  return { analysis, elapsedSeconds: (opts.reuse?.elapsedSeconds ?? 0) + (performance.now() - started) / 1000, text };
}
