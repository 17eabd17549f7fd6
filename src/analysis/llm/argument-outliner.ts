import type { ClaimAnalysis, Span } from '../../domain/office-action/index.ts';
import { locateQuote } from './grounding.ts';
import { buildOutlinePrompt, DEFAULT_PROMPT_LIMITS, type PromptLimits } from './outline-prompt.ts';
import type { LlmProvider, LlmUsage } from './provider.ts';
import { parseOutlineReply } from './reply-parser.ts';

/**
 * The optional LLM expert: per-claim argument outlines for the rejected claims, each grounded in
 * passages of the office action. The model proposes; this module keeps only outlines whose every
 * quote is found verbatim in the action (outside flagged regions), for a claim that was asked
 * about, once per claim. Provider errors (LlmProviderError) propagate: the deterministic
 * analysis does not depend on this expert, and the caller decides how to degrade.
 */
export const ARGUMENT_OUTLINER_VERSION = '1.0.0';

export interface OutlineInput {
  /** The office-action text as analysed (spans in claimAnalyses index into it). */
  text: string;
  claimAnalyses: ClaimAnalysis[];
  /** Regions the parser flagged as possible prompt injection (the evidence spans of its
   *  `possible_prompt_injection` warnings): never shown to the model, never accepted as grounding. */
  flaggedSpans?: Span[];
}

export interface OutlineOptions {
  maxOutputTokens?: number;
  limits?: Partial<PromptLimits>;
  signal?: AbortSignal;
}

export interface GroundedQuote {
  /** The action's own wording: `text.slice(start, end) === quote`. */
  quote: string;
  start: number;
  end: number;
}

export interface ArgumentOutline {
  claim_number: number;
  strategy: string;
  outline: string[];
  grounded_in: GroundedQuote[];
}

export interface OutlineResult {
  outlines: ArgumentOutline[];
  /** Tokens to bill: zero when no call was made (no rejected claim). */
  usage: LlmUsage;
  usageSource: 'provider' | 'tokenizer';
  model: string;
  /** Outlines the model proposed that were discarded; `dropped` says why. */
  rejected: number;
  dropped: Array<{ claim_number: number | null; reason: string }>;
  /** False when the reply was not the JSON asked for at all (nothing could be taken from it). */
  replyWellFormed: boolean;
  stopReason: string | null;
}

const DEFAULT_MAX_OUTPUT_TOKENS = 4096;

export async function draftArgumentOutlines(provider: LlmProvider, input: OutlineInput, options: OutlineOptions = {}): Promise<OutlineResult> {
  const flagged = input.flaggedSpans ?? [];
  const prompt = buildOutlinePrompt(input.text, input.claimAnalyses, flagged, { ...DEFAULT_PROMPT_LIMITS, ...options.limits });
  if (prompt.claims.length === 0) {
    return {
      outlines: [],
      usage: { input_tokens: 0, output_tokens: 0 },
      usageSource: 'provider',
      model: provider.model,
      rejected: 0,
      dropped: [],
      replyWellFormed: true,
      stopReason: null,
    };
  }

  const completion = await provider.complete(
    { system: prompt.system, user: prompt.user, maxOutputTokens: options.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS, json: true },
    options.signal,
  );
  const reply = parseOutlineReply(completion.text);
  const requested = new Set(prompt.claims);
  const outlines: ArgumentOutline[] = [];
  const dropped: OutlineResult['dropped'] = [];
  const seen = new Set<number>();

  for (const item of reply.items) {
    if (!item.ok) {
      dropped.push({ claim_number: item.claim_number, reason: item.reason });
      continue;
    }
    const o = item.outline;
    if (!requested.has(o.claim_number)) {
      dropped.push({ claim_number: o.claim_number, reason: 'claim was not asked about' });
      continue;
    }
    if (seen.has(o.claim_number)) {
      dropped.push({ claim_number: o.claim_number, reason: 'second outline for the claim' });
      continue;
    }
    const near = prompt.anchorsByClaim.get(o.claim_number) ?? [];
    const grounded: GroundedQuote[] = [];
    for (const q of o.quotes) {
      const span = locateQuote(input.text, q, near, flagged);
      if (!span) break;
      grounded.push({ quote: input.text.slice(span.start, span.end), start: span.start, end: span.end });
    }
    if (grounded.length !== o.quotes.length) {
      dropped.push({ claim_number: o.claim_number, reason: 'a quote is not in the office action' });
      continue;
    }
    seen.add(o.claim_number);
    outlines.push({ claim_number: o.claim_number, strategy: o.strategy, outline: o.outline, grounded_in: dedupe(grounded) });
  }

  outlines.sort((a, b) => a.claim_number - b.claim_number);
  return {
    outlines,
    usage: completion.usage,
    usageSource: completion.usageSource,
    model: completion.model,
    rejected: dropped.length,
    dropped,
    replyWellFormed: reply.wellFormed,
    stopReason: completion.stopReason,
  };
}

function dedupe(quotes: GroundedQuote[]): GroundedQuote[] {
  const seen = new Set<string>();
  return quotes.filter((q) => {
    const key = `${q.start}-${q.end}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
