import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from './support/app.ts';
import { countTokens } from '../src/analysis/llm/token-count.ts';
import { OPENAI_KEY, openAiCompletion, startFakeOpenAi, type FakeProvider } from './llm/fake-providers.ts';

/** The optional LLM expert inside REST #3, against a local server speaking OpenAI's wire format. */
const OA = readFileSync(new URL('../src/domain/office-action/fixtures/04.txt', import.meta.url), 'utf8');
const QUOTE = 'Claims 1-2 are rejected under 35 U.S.C. 103 as being unpatentable over Rebmann';

let fake: FakeProvider;
let t: TestApp;
let key: string;
beforeAll(async () => {
  fake = await startFakeOpenAi([
    () => ({
      body: openAiCompletion(
        JSON.stringify({
          outlines: [
            {
              claim_number: 1,
              strategy: 'argue_distinction',
              outline: ['Show Rebmann lacks the bore adjacent part as claimed.'],
              grounded_in: [{ quote: QUOTE }],
            },
          ],
        }),
        { prompt_tokens: 1234, completion_tokens: 321 },
      ),
    }),
  ]);
  t = await createTestApp({ PROSA_LLM_PROVIDER: 'openai', PROSA_LLM_BASE_URL: fake.url, PROSA_LLM_API_KEY: OPENAI_KEY, PROSA_LLM_MODEL: 'gpt-4o-mini' });
  const { cookie } = await signUp(t.app);
  key = await createKey(t.app, cookie);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('optional LLM expert in REST #3', () => {
  test('adds grounded argument outlines, names the expert in glass_box, and bills the tokens the provider reports', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/prosa/analyze',
      headers: { 'x-api-key': key },
      payload: { application_number: '17200011', office_action_text: OA },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(a.argument_outlines).toHaveLength(1);
    const o = a.argument_outlines[0];
    expect(o.claim_number).toBe(1);
    expect(OA.slice(o.grounded_in[0].start, o.grounded_in[0].end)).toBe(QUOTE);
    expect(a.glass_box.experts_invoked).toContain('argument_outliner');
    expect(a.glass_box.model_versions.argument_outliner).toMatch(/gpt-4o-mini/);
    expect(a.billing.token_source).toBe('tokenizer+provider');
    // Input: the action counted locally plus the provider's prompt tokens.
    expect(a.billing.input_tokens).toBe(countTokens(OA) + 1234);
    expect(a.billing.output_tokens).toBeGreaterThan(321);
  });

  test('a provider failure leaves a complete deterministic analysis and says why', async () => {
    fake.script.splice(0, fake.script.length, {
      status: 401,
      body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/prosa/analyze',
      headers: { 'x-api-key': key },
      payload: { application_number: '17200011', office_action_text: OA },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a.claim_analyses.length).toBeGreaterThan(0);
    expect(a.argument_outlines).toEqual([]);
    expect(a.llm_expert_error).toMatch(/unavailable/);
    expect(a.llm_expert_error).not.toContain(OPENAI_KEY);
    expect(a.glass_box.experts_invoked).not.toContain('argument_outliner');
    expect(a.billing.token_source).toBe('tokenizer');
  });
});
