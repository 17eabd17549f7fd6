/**
 * Where the CPU-heavy steps of an analysis run (issue 12 item 6): in a process-wide pool of
 * worker threads by default, on both databases, or in process when `PROSA_ANALYSIS_THREADS=0`.
 * The pool starts on the first analysis (a process that never analyses starts no thread; until a
 * thread has loaded, analyses run in process, see pooledEngine) and is
 * shared by every app in the process; idle threads do not keep it alive.
 */
import { availableParallelism } from 'node:os';
import {
  buildRecordHere,
  estimateTokens,
  firstPass,
  type FirstPassRequest,
  type FirstPassResult,
  type RecordRequest,
  type RecordResult,
} from './analysis-tasks.ts';
import { startAnalysisPool, type AnalysisPool } from './threads/analysis-pool.ts';
import type { TypeHint } from '../domain/office-action/index.ts';
import type { AnalysisRecord } from '../presenters/analysis.ts';
import { claimChart, readFileDocument, supportSearch, type ClaimChartRequest, type ReadDocumentRequest, type SupportSearchRequest } from './file-tasks.ts';
import type { ClaimChart } from '../domain/art/chart.ts';
import type { SupportResult } from '../domain/art/support.ts';
import type { ReadDocument } from '../domain/file/read-document.ts';

export interface AnalysisEngine {
  /** Where it runs, for logs and benchmarks. */
  readonly threads: number;
  /** Resolves once work goes to the threads (at once in process). */
  ready(): Promise<void>;
  firstPass(req: FirstPassRequest): Promise<{ result: FirstPassResult; slot?: number }>;
  /**
   * `slot`: the one firstPass answered from, which holds the parse. Built in this thread, the
   * result carries the record itself too (`record`), so it is not parsed back from its JSON.
   */
  buildRecord(req: RecordRequest, slot?: number): Promise<RecordResult & { record?: AnalysisRecord }>;
  /** The tokens an analysis of the text would bill (the /api/quote estimate). */
  estimateTokens(req: { text: string; typeHint: TypeHint }): Promise<{ inputTokens: number; outputTokens: number }>;
  /** A document of the application file read into paragraphs, figures and claims. */
  readDocument(req: ReadDocumentRequest): Promise<ReadDocument>;
  /** The claim chart of an action against the claims and references held. */
  claimChart(req: ClaimChartRequest): Promise<ClaimChart>;
  /** Specification support and the art's mentions of an amendment's words. */
  supportSearch(req: SupportSearchRequest): Promise<SupportResult>;
}

export const inProcessEngine: AnalysisEngine = {
  threads: 0,
  ready: async () => {},
  firstPass: async (req) => ({ result: firstPass(req) }),
  buildRecord: async (req) => {
    const { result, record } = buildRecordHere(req);
    return { ...result, record };
  },
  estimateTokens: async (req) => estimateTokens(req),
  readDocument: async (req) => readFileDocument(req),
  claimChart: async (req) => claimChart(req),
  supportSearch: async (req) => supportSearch(req),
};

/**
 * Work goes to the pool once a thread has loaded; until then (the first seconds after a start:
 * a thread loads the parser and the tokenizer's tables) it runs in process, so a cold pool never
 * makes the first analyses wait longer than they did on the main thread.
 */
function pooledEngine(pool: AnalysisPool): AnalysisEngine {
  return {
    threads: pool.size,
    ready: () => pool.whenReady(),
    async firstPass(req) {
      if (!pool.isReady()) return inProcessEngine.firstPass(req);
      const { output, slot } = await pool.run('firstPass', req);
      return { result: output, slot };
    },
    async buildRecord(req, slot) {
      if (!pool.isReady()) return inProcessEngine.buildRecord(req);
      return (await pool.run('buildRecord', req, slot)).output;
    },
    async estimateTokens(req) {
      if (!pool.isReady()) return inProcessEngine.estimateTokens(req);
      return (await pool.run('estimateTokens', req)).output;
    },
    async readDocument(req) {
      if (!pool.isReady()) return inProcessEngine.readDocument(req);
      return (await pool.run('readDocument', req)).output;
    },
    async claimChart(req) {
      if (!pool.isReady()) return inProcessEngine.claimChart(req);
      return (await pool.run('claimChart', req)).output;
    },
    async supportSearch(req) {
      if (!pool.isReady()) return inProcessEngine.supportSearch(req);
      return (await pool.run('supportSearch', req)).output;
    },
  };
}

/** PROSA_ANALYSIS_THREADS, else one thread per core the main thread leaves (at least one). */
function configuredAnalysisThreads(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PROSA_ANALYSIS_THREADS?.trim();
  if (raw) {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0 || n > 64) throw new Error(`PROSA_ANALYSIS_THREADS must be a whole number from 0 to 64 (got "${raw}")`);
    return n;
  }
  return Math.max(1, availableParallelism() - 1);
}

let shared: AnalysisEngine | null = null;

/** The process's engine, started on first use. */
export function analysisEngine(): AnalysisEngine {
  if (!shared) {
    const threads = configuredAnalysisThreads();
    shared = threads === 0 ? inProcessEngine : pooledEngine(startAnalysisPool({ size: threads }));
  }
  return shared;
}
