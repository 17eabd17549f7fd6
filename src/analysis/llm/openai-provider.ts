import { z } from 'zod';
import { LlmProviderError } from './errors.ts';
import type { LlmCompletion, LlmProvider, LlmProviderSettings, LlmRequest } from './provider.ts';
import { countTokens } from './token-count.ts';
import { postJson, type ErrorInfo, type TransportDeps } from './transport.ts';

/**
 * OpenAI Chat Completions (`POST {base}/v1/chat/completions`, `Authorization: Bearer`), which
 * OpenAI-compatible servers (vLLM, Ollama, LM Studio, gateways) also speak.
 */
const completionSchema = z.object({
  id: z.string(),
  model: z.string(),
  choices: z
    .array(
      z.object({
        index: z.number().int(),
        message: z.object({
          role: z.literal('assistant'),
          // null when the model refused (the reason is then in `refusal`) or called a tool.
          content: z.string().nullable(),
          refusal: z.string().nullable().optional(),
        }),
        finish_reason: z.string().nullable(),
      }),
    )
    .min(1),
  usage: z
    .object({
      prompt_tokens: z.number().int().nonnegative(),
      completion_tokens: z.number().int().nonnegative(),
    })
    .nullish(),
});

const errorSchema = z.object({
  error: z.object({ message: z.string().nullish(), type: z.string().nullish(), code: z.union([z.string(), z.number()]).nullish() }),
});

// Reasoning models (o1, o3, o4-mini, gpt-5 ...) reject any temperature but the default, and every
// OpenAI model takes `max_completion_tokens` (`max_tokens` is deprecated and refused by them).
const FIXED_TEMPERATURE_MODELS = /^(?:o\d|gpt-5)/i;

export function createOpenAiProvider(settings: LlmProviderSettings, deps: TransportDeps = {}): LlmProvider {
  const url = `${settings.baseUrl}/v1/chat/completions`;
  return {
    name: 'openai',
    model: settings.model,
    async complete(req: LlmRequest, signal?: AbortSignal): Promise<LlmCompletion> {
      const body = {
        model: settings.model,
        messages: [
          { role: 'system', content: req.system },
          { role: 'user', content: req.user },
        ],
        max_completion_tokens: req.maxOutputTokens,
        ...(FIXED_TEMPERATURE_MODELS.test(settings.model) ? {} : { temperature: 0 }),
        ...(req.json ? { response_format: { type: 'json_object' } } : {}),
      };
      const { json, attempts, status } = await postJson(
        url,
        { authorization: `Bearer ${settings.apiKey}` },
        body,
        { ...deps, provider: 'openai', apiKey: settings.apiKey, timeoutMs: settings.timeoutMs },
        readOpenAiError,
        signal,
      );
      const parsed = completionSchema.safeParse(json);
      if (!parsed.success) {
        throw new LlmProviderError({ provider: 'openai', kind: 'bad_response', status, message: 'answer is not a chat.completion object', attempts });
      }
      const r = parsed.data;
      const choice = r.choices[0];
      const text = choice.message.content ?? '';
      return {
        text,
        usage: r.usage
          ? { input_tokens: r.usage.prompt_tokens, output_tokens: r.usage.completion_tokens }
          : { input_tokens: countTokens(req.system) + countTokens(req.user), output_tokens: countTokens(text) },
        usageSource: r.usage ? 'provider' : 'tokenizer',
        model: r.model,
        stopReason: choice.message.refusal ? 'refusal' : choice.finish_reason,
      };
    },
  };
}

function readOpenAiError(json: unknown): ErrorInfo {
  const parsed = errorSchema.safeParse(json);
  if (!parsed.success) return { message: null, code: null, permanent: false };
  const e = parsed.data.error;
  const code = e.code != null ? String(e.code) : (e.type ?? null);
  // A 429 for an exhausted quota or billing limit does not clear by waiting.
  return { message: e.message ?? null, code, permanent: code === 'insufficient_quota' };
}
