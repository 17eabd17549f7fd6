import { afterEach, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createLlmProvider } from '../../src/analysis/llm/create-provider.ts';
import { LlmProviderError } from '../../src/analysis/llm/errors.ts';
import { createOpenAiProvider } from '../../src/analysis/llm/openai-provider.ts';
import type { LlmRequest } from '../../src/analysis/llm/provider.ts';
import { countTokens } from '../../src/analysis/llm/token-count.ts';
import { OPENAI_KEY, openAiCompletion, recordingSleep, startFakeOpenAi, type FakeProvider, type ScriptEntry } from './fake-providers.ts';

let fake: FakeProvider | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const REQ: LlmRequest = { system: 'You reply in JSON.', user: 'Outline claim 1.', maxOutputTokens: 800, json: true };

async function setup(script: ScriptEntry[], opts: { model?: string; timeoutMs?: number; apiKey?: string } = {}) {
  fake = await startFakeOpenAi(script);
  const rec = recordingSleep();
  const provider = createOpenAiProvider(
    { baseUrl: fake.url, apiKey: opts.apiKey ?? OPENAI_KEY, model: opts.model ?? 'gpt-4o-mini', timeoutMs: opts.timeoutMs ?? 5000 },
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

describe('OpenAI chat completions provider', () => {
  test('sends a real chat.completions request and returns text, reported usage and model', async () => {
    const { provider, fake } = await setup([{ body: openAiCompletion('{"outlines":[]}', { prompt_tokens: 1234, completion_tokens: 56 }) }]);
    const out = await provider.complete(REQ);
    expect(out).toEqual({
      text: '{"outlines":[]}',
      usage: { input_tokens: 1234, output_tokens: 56 },
      usageSource: 'provider',
      model: 'gpt-4o-mini-2024-07-18',
      stopReason: 'stop',
    });
    expect(fake.requests).toHaveLength(1);
    const r = fake.requests[0];
    expect(r.method).toBe('POST');
    expect(r.path).toBe('/v1/chat/completions');
    expect(r.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['x-api-key']).toBeUndefined();
    expect(r.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: REQ.system },
        { role: 'user', content: REQ.user },
      ],
      max_completion_tokens: 800,
      temperature: 0,
      response_format: { type: 'json_object' },
    });
    expect(provider).toMatchObject({ name: 'openai', model: 'gpt-4o-mini' });
  });

  test('reasoning models get no temperature (they accept only the default); no JSON mode unless asked', async () => {
    const { provider, fake } = await setup([{ body: openAiCompletion('ok') }], { model: 'gpt-5-mini' });
    await provider.complete({ ...REQ, json: false });
    expect(fake.requests[0].body).not.toHaveProperty('temperature');
    expect(fake.requests[0].body).not.toHaveProperty('response_format');
    expect(fake.requests[0].body).toHaveProperty('max_completion_tokens', 800);
  });

  test('429 with Retry-After: waits what the provider asked, then succeeds; only the success is billed', async () => {
    const rateLimited = {
      status: 429,
      headers: { 'retry-after': '2' },
      body: {
        error: {
          message: 'Rate limit reached for gpt-4o-mini on requests per min (RPM): Limit 3, Used 3, Requested 1.',
          type: 'requests',
          param: null,
          code: 'rate_limit_exceeded',
        },
      },
    };
    const { provider, fake, waits } = await setup([rateLimited, { body: openAiCompletion('done', { prompt_tokens: 10, completion_tokens: 2 }) }]);
    const out = await provider.complete(REQ);
    expect(out.usage).toEqual({ input_tokens: 10, output_tokens: 2 });
    expect(fake.requests).toHaveLength(2);
    expect(waits).toEqual([2000]);
  });

  test('retry-after-ms is honoured in preference to retry-after', async () => {
    const { provider, waits } = await setup([
      {
        status: 429,
        headers: { 'retry-after-ms': '250', 'retry-after': '1' },
        body: { error: { message: 'slow down', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
      },
      { body: openAiCompletion('done') },
    ]);
    await provider.complete(REQ);
    expect(waits).toEqual([250]);
  });

  test('500 three times: fails after 3 attempts with exponential backoff in between', async () => {
    const { provider, fake, waits } = await setup([
      {
        status: 500,
        body: { error: { message: 'The server had an error while processing your request. Sorry about that!', type: 'server_error', param: null, code: null } },
      },
    ]);
    const err = await failure(provider.complete(REQ));
    expect(err).toMatchObject({ provider: 'openai', kind: 'http', status: 500, attempts: 3, code: 'server_error' });
    expect(err.message).toContain('The server had an error');
    expect(fake.requests).toHaveLength(3);
    expect(waits).toEqual([500, 1000]);
  });

  test('a 503 then success recovers', async () => {
    const { provider, fake } = await setup([{ status: 503, body: 'upstream connect error' }, { body: openAiCompletion('ok') }]);
    expect((await provider.complete(REQ)).text).toBe('ok');
    expect(fake.requests).toHaveLength(2);
  });

  test('429 insufficient_quota is not retried: waiting does not refill a quota', async () => {
    const { provider, fake } = await setup([
      {
        status: 429,
        body: {
          error: {
            message: 'You exceeded your current quota, please check your plan and billing details.',
            type: 'insufficient_quota',
            param: null,
            code: 'insufficient_quota',
          },
        },
      },
    ]);
    const err = await failure(provider.complete(REQ));
    expect(err).toMatchObject({ kind: 'http', status: 429, code: 'insufficient_quota', attempts: 1 });
    expect(fake.requests).toHaveLength(1);
  });

  test('a Retry-After longer than a minute fails now instead of stalling the request', async () => {
    const { provider, waits } = await setup([
      { status: 429, headers: { 'retry-after': '3600' }, body: { error: { message: 'Rate limit', type: 'tokens', param: null, code: 'rate_limit_exceeded' } } },
    ]);
    const err = await failure(provider.complete(REQ));
    expect(err.message).toMatch(/asked to wait 3600 s/);
    expect(waits).toEqual([]);
  });

  test('401: not retried, and neither the key nor the masked key the provider echoes reaches the error', async () => {
    const wrongKey = 'sk-proj-WRONGKEY9876543210zyxw';
    const { provider, fake } = await setup([{ body: openAiCompletion('never') }], { apiKey: wrongKey });
    const err = await failure(provider.complete(REQ));
    expect(err).toMatchObject({ kind: 'http', status: 401, code: 'invalid_api_key', attempts: 1 });
    expect(fake.requests).toHaveLength(1);
    const everything = [err.message, String(err), err.stack ?? '', JSON.stringify(err), JSON.stringify(Object.entries(err))].join('\n');
    expect(everything).not.toContain(wrongKey);
    expect(everything).not.toContain('WRONGK');
    expect(everything).not.toContain('sk-pro');
    expect(err.message).toContain('Incorrect API key provided: [redacted]');
  });

  test('timeout: abandoned after timeoutMs and not retried', async () => {
    const { provider, fake } = await setup([{ delayMs: 3000, body: openAiCompletion('too late') }], { timeoutMs: 150 });
    const started = performance.now();
    const err = await failure(provider.complete(REQ));
    expect(err).toMatchObject({ kind: 'timeout', status: null, attempts: 1 });
    expect(err.message).toMatch(/no answer within 150 ms/);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(fake.requests).toHaveLength(1);
  });

  test('the caller can cancel', async () => {
    const { provider } = await setup([{ delayMs: 3000, body: openAiCompletion('too late') }]);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    expect(await failure(provider.complete(REQ, ac.signal))).toMatchObject({ kind: 'aborted' });
  });

  test('connection refused: retried, then a network error', async () => {
    fake = await startFakeOpenAi([{ body: openAiCompletion('x') }]);
    const url = fake.url;
    await fake.close();
    fake = undefined;
    const rec = recordingSleep();
    const provider = createOpenAiProvider({ baseUrl: url, apiKey: OPENAI_KEY, model: 'gpt-4o-mini', timeoutMs: 2000 }, { sleep: rec.sleep, random: () => 0 });
    const err = await failure(provider.complete(REQ));
    expect(err).toMatchObject({ kind: 'network', attempts: 3 });
    expect(err.message).toMatch(/ECONNREFUSED/);
    expect(rec.waits).toEqual([250, 500]);
  });

  test('a 200 that is not a chat.completion, or not JSON, is a bad_response', async () => {
    const { provider } = await setup([{ body: { hello: 'world' } }, { body: '<html>gateway</html>' }]);
    expect(await failure(provider.complete(REQ))).toMatchObject({ kind: 'bad_response', status: 200 });
    expect(await failure(provider.complete(REQ))).toMatchObject({ kind: 'bad_response', status: 200 });
  });

  test('a refusal (content null) is an empty reply, not a crash', async () => {
    const body = openAiCompletion(null);
    body.choices[0].message = { ...body.choices[0].message, refusal: "I'm sorry, I can't help with that." } as never;
    const { provider } = await setup([{ body }]);
    expect(await provider.complete(REQ)).toMatchObject({ text: '', stopReason: 'refusal' });
  });

  test('a compatible server that reports no usage is billed by the local tokenizer', async () => {
    const { provider } = await setup([{ body: openAiCompletion('{"outlines": []}', null) }]);
    const out = await provider.complete(REQ);
    expect(out.usageSource).toBe('tokenizer');
    expect(out.usage).toEqual({ input_tokens: countTokens(REQ.system) + countTokens(REQ.user), output_tokens: countTokens('{"outlines": []}') });
  });

  test('from the environment: a base URL given with /v1 and a path prefix reaches {base}/v1/chat/completions', async () => {
    fake = await startFakeOpenAi([{ body: openAiCompletion('ok') }]);
    const config = loadConfig({
      PROSA_LLM_PROVIDER: 'openai',
      PROSA_LLM_BASE_URL: `${fake.url}/gateway/v1/`,
      PROSA_LLM_API_KEY: OPENAI_KEY,
      PROSA_LLM_MODEL: 'llama-3.1-8b-instruct',
    });
    const provider = createLlmProvider(config.llm)!;
    expect(provider.name).toBe('openai');
    expect((await provider.complete(REQ)).text).toBe('ok');
    expect(fake.requests[0].path).toBe('/gateway/v1/chat/completions');
    expect(fake.requests[0].body.model).toBe('llama-3.1-8b-instruct');
  });
});
