import { checkSentence, type DropCode } from './chart-argument-check.ts';
import { buildChartArgumentPrompt, DEFAULT_CHART_PROMPT_LIMITS, type ChartArgumentSite, type ChartPromptLimits } from './chart-argument-prompt.ts';
import { parseChartArgumentReply } from './chart-argument-reply.ts';
import type { LlmProvider, LlmUsage } from './provider.ts';

/**
 * The optional LLM expert for responses (issue 18 item 7): the argument for each charted
 * limitation the paper would leave to the practitioner, drafted in one request per paper from the
 * held texts of that limitation only, and kept sentence by sentence only where every quotation
 * and pinpoint checks out (chart-argument-check.ts). Everything dropped is reported with the
 * reason. Provider errors (LlmProviderError) propagate: the paper does not depend on this expert,
 * and the caller decides how to degrade.
 */

export type { ChartArgumentSite } from './chart-argument-prompt.ts';

export interface ChartArgumentsOptions {
  maxOutputTokens?: number;
  limits?: Partial<ChartPromptLimits>;
  signal?: AbortSignal;
}

export interface DroppedSentence {
  /** The limitation the sentence was drafted for (its text), when the reply named one asked about. */
  limitation: string | null;
  /** The sentence as the model wrote it, when it could be read. */
  sentence: string | null;
  code: DropCode;
  reason: string;
}

export interface ChartArgumentsResult {
  /** Per site (by the caller's key), the sentences kept, in the model's order; sites with none are left out. */
  drafted: Array<{ key: string; sentences: string[] }>;
  dropped: DroppedSentence[];
  /** Limitations asked about (the prompt's bounds may leave some out). */
  asked: number;
  /** Sentences the model proposed for the limitations asked about. */
  proposed: number;
  usage: LlmUsage;
  usageSource: 'provider' | 'tokenizer';
  model: string;
  /** False when the reply was not the JSON asked for at all (nothing could be taken from it). */
  replyWellFormed: boolean;
  stopReason: string | null;
}

const DEFAULT_CHART_OUTPUT_TOKENS = 2048;
/** A short argument: more sentences than this for one limitation are dropped. */
const MAX_SENTENCES_PER_LIMITATION = 4;

export async function draftChartArguments(
  provider: LlmProvider,
  sites: readonly ChartArgumentSite[],
  options: ChartArgumentsOptions = {},
): Promise<ChartArgumentsResult> {
  const prompt = buildChartArgumentPrompt(sites, { ...DEFAULT_CHART_PROMPT_LIMITS, ...options.limits });
  if (prompt.asked.length === 0) {
    return {
      drafted: [],
      dropped: [],
      asked: 0,
      proposed: 0,
      usage: { input_tokens: 0, output_tokens: 0 },
      usageSource: 'provider',
      model: provider.model,
      replyWellFormed: true,
      stopReason: null,
    };
  }
  const completion = await provider.complete(
    { system: prompt.system, user: prompt.user, maxOutputTokens: options.maxOutputTokens ?? DEFAULT_CHART_OUTPUT_TOKENS, json: true },
    options.signal,
  );
  const reply = parseChartArgumentReply(completion.text);
  const byId = new Map(prompt.asked.map((a) => [a.id, a]));
  const seen = new Set<string>();
  const drafted: ChartArgumentsResult['drafted'] = [];
  const dropped: DroppedSentence[] = [];
  let proposed = 0;

  for (const item of reply.items) {
    if (!item.ok) {
      dropped.push({ limitation: byId.get(item.limitation ?? '')?.site.limitation ?? null, sentence: null, code: 'malformed', reason: item.reason });
      continue;
    }
    const asked = byId.get(item.limitation);
    if (!asked || seen.has(item.limitation)) {
      for (const s of item.sentences)
        dropped.push({
          limitation: asked?.site.limitation ?? null,
          sentence: s.ok ? s.sentence.text : s.text,
          code: 'not_asked',
          reason: asked ? 'a second argument for the same limitation' : `limitation ${item.limitation} was not asked about`,
        });
      continue;
    }
    seen.add(item.limitation);
    const held = { ...asked.site, passages: asked.passages };
    const kept: string[] = [];
    for (const s of item.sentences) {
      proposed++;
      if (!s.ok) {
        dropped.push({ limitation: asked.site.limitation, sentence: s.text, code: 'malformed', reason: s.reason });
        continue;
      }
      if (kept.length >= MAX_SENTENCES_PER_LIMITATION) {
        dropped.push({
          limitation: asked.site.limitation,
          sentence: s.sentence.text,
          code: 'excess',
          reason: `more than ${MAX_SENTENCES_PER_LIMITATION} sentences for one limitation`,
        });
        continue;
      }
      const verdict = checkSentence(s.sentence, held);
      if (verdict.ok) kept.push(s.sentence.text.replace(/\s+/g, ' '));
      else dropped.push({ limitation: asked.site.limitation, sentence: s.sentence.text, code: verdict.code, reason: verdict.reason });
    }
    if (kept.length) drafted.push({ key: asked.site.key, sentences: kept });
  }

  return {
    drafted,
    dropped,
    asked: prompt.asked.length,
    proposed,
    usage: completion.usage,
    usageSource: completion.usageSource,
    model: completion.model,
    replyWellFormed: reply.wellFormed,
    stopReason: completion.stopReason,
  };
}
