import { afterEach, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createAnthropicProvider } from '../../src/analysis/llm/anthropic-provider.ts';
import { createLlmProvider } from '../../src/analysis/llm/create-provider.ts';
import { LlmProviderError } from '../../src/analysis/llm/errors.ts';
import type { LlmRequest } from '../../src/analysis/llm/provider.ts';
import { ANTHROPIC_KEY, anthropicMessage, recordingSleep, startFakeAnthropic, type FakeProvider, type ScriptEntry } from './fake-providers.ts';

let fake: FakeProvider | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const REQ: LlmRequest = { system: 'You reply in JSON.', user: 'Outline claim 1.', maxOutputTokens: 1024, json: true };

async function setup(script: ScriptEntry[], opts: { timeoutMs?: number; apiKey?: string } = {}) {
  fake = await startFakeAnthropic(script);
  const rec = recordingSleep();
  const provider = createAnthropicProvider(
    { baseUrl: fake.url, apiKey: opts.apiKey ?? ANTHROPIC_KEY, model: 'claude-sonnet-4-5', timeoutMs: opts.timeoutMs ?? 5000 },
    { sleep: rec.sleep, random: () => 1 },
  );
  return { provider, waits: rec.waits, fake };
}

async function failure(p: Promise<unknown>): Promise<LlmProviderError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LlmProviderError);
  return err as LlmProviderError;
}

const overloaded = {
  status: 529,
  body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' }, request_id: 'req_011CSHoEeqs5C35K2UUqR7Fy' },
};

describe('Anthropic messages provider', () => {
  test('sends a real /v1/messages request and returns text, reported usage and model', async () => {
    const { provider, fake } = await setup([{ body: anthropicMessage(['{"outlines":', '[]}'], { input_tokens: 2095, output_tokens: 503 }) }]);
    const out = await provider.complete(REQ);
    expect(out).toEqual({
      text: '{"outlines":[]}',
      usage: { input_tokens: 2095, output_tokens: 503 },
      usageSource: 'provider',
      model: 'claude-sonnet-4-5-20250929',
      stopReason: 'end_turn',
    });
    const r = fake.requests[0];
    expect(r.method).toBe('POST');
    expect(r.path).toBe('/v1/messages');
    expect(r.headers['x-api-key']).toBe(ANTHROPIC_KEY);
    expect(r.headers['anthropic-version']).toBe('2023-06-01');
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers.authorization).toBeUndefined();
    expect(r.body).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 1024,
      system: REQ.system,
      messages: [{ role: 'user', content: REQ.user }],
      temperature: 0,
    });
  });

  test('prompt-cache reads and writes count as input; non-text blocks add no text', async () => {
    const body = anthropicMessage(['answer'], { input_tokens: 50, cache_creation_input_tokens: 1000, cache_read_input_tokens: 2000, output_tokens: 7 });
    (body.content as unknown[]).unshift({ type: 'thinking', thinking: 'hmm', signature: 'sig' });
    const { provider } = await setup([{ body }]);
    expect(await provider.complete(REQ)).toMatchObject({ text: 'answer', usage: { input_tokens: 3050, output_tokens: 7 } });
  });

  test('529 overloaded then success: backs off and recovers', async () => {
    const { provider, fake, waits } = await setup([overloaded, { body: anthropicMessage(['ok']) }]);
    expect((await provider.complete(REQ)).text).toBe('ok');
    expect(fake.requests).toHaveLength(2);
    expect(waits).toEqual([500]);
  });

  test('429 with retry-after then success', async () => {
    const { provider, waits } = await setup([
      {
        status: 429,
        headers: { 'retry-after': '3' },
        body: {
          type: 'error',
          error: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit' },
          request_id: 'req_1',
        },
      },
      { body: anthropicMessage(['ok'], { input_tokens: 3, output_tokens: 1 }) },
    ]);
    expect((await provider.complete(REQ)).usage).toEqual({ input_tokens: 3, output_tokens: 1 });
    expect(waits).toEqual([3000]);
  });

  test('retry-after as an HTTP date', async () => {
    fake = await startFakeAnthropic([
      {
        status: 429,
        headers: { 'retry-after': 'Wed, 21 Oct 2015 07:28:05 GMT' },
        body: { type: 'error', error: { type: 'rate_limit_error', message: 'slow' } },
      },
      { body: anthropicMessage(['ok']) },
    ]);
    const rec = recordingSleep();
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    const provider = createAnthropicProvider(
      { baseUrl: fake.url, apiKey: ANTHROPIC_KEY, model: 'claude-haiku-4-5', timeoutMs: 5000 },
      { sleep: rec.sleep, now: () => now },
    );
    await provider.complete(REQ);
    expect(rec.waits).toEqual([5000]);
  });

  test('529 on every attempt: fails after 3 with the provider error type and request id', async () => {
    const { provider, fake, waits } = await setup([overloaded]);
    const err = await failure(provider.complete(REQ));
    expect(err).toMatchObject({ provider: 'anthropic', kind: 'http', status: 529, code: 'overloaded_error', attempts: 3 });
    expect(err.message).toContain('Overloaded (request_id req_011CSHoEeqs5C35K2UUqR7Fy)');
    expect(fake.requests).toHaveLength(3);
    expect(waits).toEqual([500, 1000]);
  });

  test('500 api_error three times fails', async () => {
    const { provider, fake } = await setup([{ status: 500, body: { type: 'error', error: { type: 'api_error', message: 'Internal server error' } } }]);
    expect(await failure(provider.complete(REQ))).toMatchObject({ status: 500, code: 'api_error', attempts: 3 });
    expect(fake.requests).toHaveLength(3);
  });

  test('a 429 for a reached spend limit is not retried', async () => {
    const { provider, fake } = await setup([
      {
        status: 429,
        body: {
          type: 'error',
          error: { type: 'rate_limit_error', message: 'You have reached your monthly spend limit.', details: { error_code: 'enforced_spend_limit_reached' } },
        },
      },
    ]);
    expect(await failure(provider.complete(REQ))).toMatchObject({ status: 429, attempts: 1 });
    expect(fake.requests).toHaveLength(1);
  });

  test('401 with a wrong key: not retried, the key is in no error text', async () => {
    const wrong = 'sk-ant-api03-WRONG-abcdefghijklmnop';
    const { provider } = await setup([{ body: anthropicMessage(['never']) }], { apiKey: wrong });
    const err = await failure(provider.complete(REQ));
    expect(err).toMatchObject({ status: 401, code: 'authentication_error', attempts: 1 });
    expect([err.message, err.stack, JSON.stringify(err)].join('\n')).not.toContain(wrong);
  });

  test('400 invalid_request_error is not retried', async () => {
    const { provider, fake } = await setup([
      { status: 400, body: { type: 'error', error: { type: 'invalid_request_error', message: 'prompt is too long: 210000 tokens > 200000 maximum' } } },
    ]);
    const err = await failure(provider.complete(REQ));
    expect(err).toMatchObject({ status: 400, code: 'invalid_request_error' });
    expect(err.message).toContain('prompt is too long');
    expect(fake.requests).toHaveLength(1);
  });

  test('timeout, not retried', async () => {
    const { provider, fake } = await setup([{ delayMs: 3000, body: anthropicMessage(['late']) }], { timeoutMs: 150 });
    expect(await failure(provider.complete(REQ))).toMatchObject({ kind: 'timeout', attempts: 1 });
    expect(fake.requests).toHaveLength(1);
  });

  test('a 200 that is not a message is a bad_response', async () => {
    const { provider } = await setup([{ body: { type: 'completion', completion: 'hi' } }]);
    expect(await failure(provider.complete(REQ))).toMatchObject({ kind: 'bad_response' });
  });

  test('from the environment with the default version header', async () => {
    fake = await startFakeAnthropic([{ body: anthropicMessage(['ok']) }]);
    const config = loadConfig({
      PROSA_LLM_PROVIDER: 'anthropic',
      PROSA_LLM_BASE_URL: fake.url,
      PROSA_LLM_API_KEY: ANTHROPIC_KEY,
      PROSA_LLM_MODEL: 'claude-haiku-4-5',
      PROSA_LLM_TIMEOUT_MS: '5000',
    });
    const provider = createLlmProvider(config.llm)!;
    expect(provider).toMatchObject({ name: 'anthropic', model: 'claude-haiku-4-5' });
    expect((await provider.complete(REQ)).text).toBe('ok');
  });
});
