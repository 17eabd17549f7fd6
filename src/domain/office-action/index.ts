/**
 * Office-action parsing and claim breakdown (pure domain code: no I/O, no clock).
 *
 *   parseOfficeAction(text, { typeHint? })          → ParsedOfficeAction (findings with evidence spans)
 *   buildClaimAnalyses(parsed, { examinerStats? })  → ClaimAnalysis[] (one per claim, with strategy)
 *   analyzeOfficeAction(text, { typeHint?, examinerStats?, now? }) → both, plus experts and verification
 *   parseClaimList("1-5, 8 and 10-12")              → [1, 2, 3, 4, 5, 8, 10, 11, 12]
 *   normalizePublicationNumber("US 2015/0123456 A1") → { number: "US20150123456A1", display: "US 2015/0123456 A1", ... }
 */
export { analyzeOfficeAction } from './analyze.ts';
export type { AnalyzeOptions, ExpertName, ExpertReport, OfficeActionAnalysis } from './analyze.ts';
export type { BreakdownOptions } from './breakdown.ts';
export type { ComponentConfidence } from './confidence.ts';
export type { DetailedParse } from './parse.ts';
export type { ClaimBlock } from './claim-blocks.ts';
export type { ParseOptions } from './parse.ts';
export { kindOfType, kindWords, type ReportedType } from './type-codes.ts';
export type { ClaimFacts, StrategyContext } from './strategy.ts';
export type * from './types.ts';
