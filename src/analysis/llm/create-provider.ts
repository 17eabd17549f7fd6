import type { LlmConfig } from '../../config.ts';
import { createAnthropicProvider } from './anthropic-provider.ts';
import { createOpenAiProvider } from './openai-provider.ts';
import type { LlmProvider } from './provider.ts';
import type { TransportDeps } from './transport.ts';

/** The configured provider, or null when the LLM expert is off (`config.llm` is null). */
export function createLlmProvider(llm: LlmConfig | null, deps: TransportDeps = {}): LlmProvider | null {
  if (!llm) return null;
  const settings = { baseUrl: llm.baseUrl, apiKey: llm.apiKey, model: llm.model, timeoutMs: llm.timeoutMs };
  switch (llm.provider) {
    case 'openai':
      return createOpenAiProvider(settings, deps);
    case 'anthropic':
      return createAnthropicProvider(settings, deps);
  }
}
