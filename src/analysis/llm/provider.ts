/**
 * The one operation Prosa needs from a large language model: a single-turn completion with a
 * system prompt, billed by the tokens the provider reports. Each provider speaks its own wire
 * format (openai-provider.ts, anthropic-provider.ts); callers see only this.
 */
export type LlmProviderName = 'openai' | 'anthropic';

export interface LlmRequest {
  system: string;
  user: string;
  maxOutputTokens: number;
  /** Ask for a single JSON object (OpenAI JSON mode; Anthropic has no switch, so only the prompt asks). */
  json?: boolean;
}

export interface LlmUsage {
  input_tokens: number;
  output_tokens: number;
}

export interface LlmCompletion {
  text: string;
  /** For the successful attempt (failed attempts report none). */
  usage: LlmUsage;
  /** `provider` when the provider reported usage (the normal case); `tokenizer` when an
   *  OpenAI-compatible server left it out and we counted the prompt and the reply ourselves. */
  usageSource: 'provider' | 'tokenizer';
  /** The model that answered (the provider may name a dated snapshot of the configured one). */
  model: string;
  /** Why generation stopped, as the provider said it ("stop", "end_turn", "length", "max_tokens", ...). */
  stopReason: string | null;
}

export interface LlmProvider {
  readonly name: LlmProviderName;
  readonly model: string;
  complete(req: LlmRequest, signal?: AbortSignal): Promise<LlmCompletion>;
}

/** What a provider is built from: the validated `Config['llm']` fields. */
export interface LlmProviderSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}
