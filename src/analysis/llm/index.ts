/**
 * The optional LLM expert (off unless PROSA_LLM_PROVIDER is set) and the local token counter.
 *
 *   createLlmProvider(config.llm)                                  → LlmProvider | null
 *   draftArgumentOutlines(provider, { text, claimAnalyses, flaggedSpans? }) → grounded outlines + usage
 *   draftChartArguments(provider, sites)                           → verified sentences per charted limitation + what was dropped
 *   countTokens(text)                                              → o200k_base token count (billing without a provider)
 */
export { createLlmProvider } from './create-provider.ts';
export { LlmProviderError } from './errors.ts';
export type { LlmErrorKind } from './errors.ts';
export type { LlmCompletion, LlmProvider, LlmProviderName, LlmProviderSettings, LlmRequest, LlmUsage } from './provider.ts';
export type { TransportDeps } from './transport.ts';
export { draftArgumentOutlines, ARGUMENT_OUTLINER_VERSION } from './argument-outliner.ts';
export type { ArgumentOutline, GroundedQuote, OutlineInput, OutlineOptions, OutlineResult } from './argument-outliner.ts';
export { draftChartArguments } from './chart-arguments.ts';
export type { ChartArgumentSite, ChartArgumentsResult, DroppedSentence } from './chart-arguments.ts';
export type { DropCode } from './chart-argument-check.ts';
