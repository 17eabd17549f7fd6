import { z } from 'zod';
import { LlmProviderError } from './errors.ts';
import type { LlmCompletion, LlmProvider, LlmProviderSettings, LlmRequest } from './provider.ts';
import { postJson, type ErrorInfo, type TransportDeps } from './transport.ts';

/** Anthropic Messages (`POST {base}/v1/messages`, `x-api-key`, `anthropic-version`). */
const ANTHROPIC_VERSION = '2023-06-01';

const messageSchema = z.object({
  id: z.string(),
  type: z.literal('message'),
  role: z.literal('assistant'),
  model: z.string(),
  // Blocks other than text (thinking, tool_use ...) carry no reply text for us.
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
  stop_reason: z.string().nullable(),
  usage: z.object({
    input_tokens: z.number().int().nonnegative(),
    output_tokens: z.number().int().nonnegative(),
    cache_creation_input_tokens: z.number().int().nonnegative().nullish(),
    cache_read_input_tokens: z.number().int().nonnegative().nullish(),
  }),
});

const errorSchema = z.object({
  type: z.literal('error'),
  error: z.looseObject({
    type: z.string(),
    message: z.string().nullish(),
    details: z.looseObject({ error_code: z.string().nullish() }).nullish(),
  }),
  request_id: z.string().nullish(),
});

export function createAnthropicProvider(settings: LlmProviderSettings, deps: TransportDeps = {}): LlmProvider {
  const url = `${settings.baseUrl}/v1/messages`;
  return {
    name: 'anthropic',
    model: settings.model,
    async complete(req: LlmRequest, signal?: AbortSignal): Promise<LlmCompletion> {
      const body = {
        model: settings.model,
        max_tokens: req.maxOutputTokens,
        system: req.system,
        messages: [{ role: 'user', content: req.user }],
        temperature: 0,
      };
      const { json, attempts, status } = await postJson(
        url,
        { 'x-api-key': settings.apiKey, 'anthropic-version': ANTHROPIC_VERSION },
        body,
        { ...deps, provider: 'anthropic', apiKey: settings.apiKey, timeoutMs: settings.timeoutMs },
        readAnthropicError,
        signal,
      );
      const parsed = messageSchema.safeParse(json);
      if (!parsed.success) {
        throw new LlmProviderError({ provider: 'anthropic', kind: 'bad_response', status, message: 'answer is not a message object', attempts });
      }
      const m = parsed.data;
      const u = m.usage;
      return {
        text: m.content.map((b) => (b.type === 'text' && b.text ? b.text : '')).join(''),
        // Anthropic's input_tokens leaves out prompt-cache writes and reads; all three are input the
        // account is charged for.
        usage: { input_tokens: u.input_tokens + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0), output_tokens: u.output_tokens },
        usageSource: 'provider',
        model: m.model,
        stopReason: m.stop_reason,
      };
    },
  };
}

function readAnthropicError(json: unknown): ErrorInfo {
  const parsed = errorSchema.safeParse(json);
  if (!parsed.success) return { message: null, code: null, permanent: false };
  const { error, request_id } = parsed.data;
  const message = [error.message, request_id ? `(request_id ${request_id})` : null].filter(Boolean).join(' ') || null;
  // A 429 for a reached monthly spend limit clears only next month.
  return { message, code: error.type, permanent: error.details?.error_code === 'enforced_spend_limit_reached' };
}
