/**
 * The CPU-heavy steps of an analysis (issue 12 item 6), as plain functions on plain data, so they
 * run the same in a worker thread (threads/analysis-thread.ts) or, when threads are off, in
 * process: the parse of the office action, the second pass with examiner statistics, token
 * counting, and the record's presentation and bounding (presenters/analysis.ts). The creator
 * (commands/analysis-creator.ts) keeps what needs the database between them.
 *
 * The first pass's result stays in this isolate's small cache under the caller's handle, so the
 * second step does not parse the action again when it runs on the same thread (the pool prefers
 * it); on another thread, or after eviction, it parses again with the same result.
 */
import type { ExaminerStats, TypeHint } from '../domain/office-action/index.ts';
import { tokenCostMicro } from '../domain/pricing.ts';
import { formatCredits } from '../domain/money.ts';
import { presentAnalysisWithJson, type AnalysisMeta, type AnalysisRecord } from '../presenters/analysis.ts';
import { practitionerText } from './billable-text.ts';
import { countTokens } from './llm/token-count.ts';
import { runAnalysis, type AnalysisRun } from './run-analysis.ts';
import { packJson } from '../db/packed-json.ts';

export interface FirstPassRequest {
  handle: string;
  text: string;
  typeHint: TypeHint;
}

/** What the creator needs from the text before it reads the database. */
export interface FirstPassResult {
  applicationNumber: string | null;
  examinerName: string | null;
}

export interface RecordRequest extends FirstPassRequest {
  /** Examiner statistics for the strategy rules, when found; null runs without them. */
  examinerStats: ExaminerStats | null;
  meta: Omit<AnalysisMeta, 'billing' | 'createdAt' | 'extraExperts' | 'argumentOutlines' | 'llmError'> & { createdAt: string; multiplierMilli: number };
}

export interface RecordResult {
  /** The analysis record, serialized (the form it is answered in). */
  recordJson: string;
  /** The same text packed (the form it is stored in, db/packed-json.ts), here off the request thread. */
  recordPacked: Uint8Array;
  inputTokens: number;
  outputTokens: number;
  /** Credits in micro-units, as a decimal string (a bigint does not cross threads as one). */
  costMicro: string;
  /** Rejection bases the record states, for the examiner's patterns. */
  bases: string[];
  mailingDate: string | null;
  rejectionType: string;
  claims: number;
}

/** First passes kept for their second step; a handful covers the requests in flight on a thread. */
const CACHE_SIZE = 16;
const firstPasses = new Map<string, AnalysisRun>();

export function firstPass(req: FirstPassRequest): FirstPassResult {
  const run = runAnalysis(req.text, { typeHint: req.typeHint, examinerStats: null });
  firstPasses.set(req.handle, run);
  while (firstPasses.size > CACHE_SIZE) firstPasses.delete(firstPasses.keys().next().value!);
  const m = run.analysis.parsed.metadata;
  return { applicationNumber: m.application_number?.value ?? null, examinerName: m.examiner?.normalized ?? null };
}

export function buildRecord(req: RecordRequest): RecordResult {
  return buildRecordHere(req).result;
}

/** buildRecord with the record itself, for a caller in the same thread (no JSON round trip). */
export function buildRecordHere(req: RecordRequest): { result: RecordResult; record: AnalysisRecord } {
  let run = firstPasses.get(req.handle) ?? runAnalysis(req.text, { typeHint: req.typeHint, examinerStats: null });
  firstPasses.delete(req.handle);
  if (req.examinerStats) run = runAnalysis(req.text, { typeHint: req.typeHint, examinerStats: req.examinerStats, reuse: run });
  // Tokens (docs/decisions/billing.md "Analyses"): input = the action's text; output = the rationales
  // written for the practitioner, never the JSON record.
  const inputTokens = countTokens(req.text);
  const outputTokens = countTokens(practitionerText(run.analysis));
  const cost = tokenCostMicro(inputTokens, outputTokens, req.meta.multiplierMilli);
  const { multiplierMilli: _m, createdAt, ...meta } = req.meta;
  const { record, json: recordJson } = presentAnalysisWithJson(run, {
    ...meta,
    createdAt: new Date(createdAt),
    billing: { input_tokens: inputTokens, output_tokens: outputTokens, token_source: 'tokenizer', cost: formatCredits(cost) },
  });
  const result: RecordResult = {
    recordJson,
    recordPacked: packJson(recordJson),
    inputTokens,
    outputTokens,
    costMicro: cost.toString(),
    bases: [...new Set(record.claim_analyses.flatMap((c) => c.rejections.map((r) => r.basis)))],
    mailingDate: run.analysis.parsed.metadata.mailing_date?.value ?? null,
    rejectionType: record.rejection_type,
    claims: record.claim_analyses.length,
  };
  return { result, record };
}

/**
 * What an analysis of this text would bill, from a dry run (POST /api/quote): input = the text's
 * tokens, output = the rationales for the practitioner, as buildRecord counts them without
 * examiner statistics.
 */
export function estimateTokens(req: { text: string; typeHint: TypeHint }): { inputTokens: number; outputTokens: number } {
  const run = runAnalysis(req.text, { typeHint: req.typeHint, examinerStats: null });
  return { inputTokens: countTokens(req.text), outputTokens: countTokens(practitionerText(run.analysis)) };
}
