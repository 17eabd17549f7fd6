import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { createLlmProvider } from '../../src/analysis/llm/create-provider.ts';

const base = { LOG_LEVEL: 'silent' };

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig({ ...base, ...env });
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return e as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('LLM settings (PROSA_LLM_*)', () => {
  test('off by default, and an empty provider is off too', () => {
    expect(loadConfig(base).llm).toBeNull();
    expect(loadConfig({ ...base, PROSA_LLM_PROVIDER: '' }).llm).toBeNull();
    // Key and model without a provider: still off (the provider switches the expert on).
    expect(loadConfig({ ...base, PROSA_LLM_API_KEY: 'sk-x', PROSA_LLM_MODEL: 'gpt-4o-mini' }).llm).toBeNull();
    expect(createLlmProvider(loadConfig(base).llm)).toBeNull();
  });

  test('openai with key and model: the default base URL and timeout', () => {
    expect(loadConfig({ ...base, PROSA_LLM_PROVIDER: 'openai', PROSA_LLM_API_KEY: ' sk-abc ', PROSA_LLM_MODEL: 'gpt-4o-mini' }).llm).toEqual({
      provider: 'openai',
      baseUrl: 'https://api.openai.com',
      apiKey: 'sk-abc',
      model: 'gpt-4o-mini',
      timeoutMs: 60_000,
    });
  });

  test('anthropic: its own default base URL; a custom base loses trailing slashes and /v1; the timeout is read', () => {
    const env = { ...base, PROSA_LLM_PROVIDER: 'anthropic', PROSA_LLM_API_KEY: 'sk-ant-x', PROSA_LLM_MODEL: 'claude-haiku-4-5' };
    expect(loadConfig(env).llm).toMatchObject({ provider: 'anthropic', baseUrl: 'https://api.anthropic.com', timeoutMs: 60_000 });
    expect(loadConfig({ ...env, PROSA_LLM_BASE_URL: 'http://127.0.0.1:8000/v1/', PROSA_LLM_TIMEOUT_MS: '15000' }).llm).toMatchObject({
      baseUrl: 'http://127.0.0.1:8000',
      timeoutMs: 15_000,
    });
    expect(loadConfig({ ...env, PROSA_LLM_BASE_URL: 'https://gw.example.com/anthropic' }).llm?.baseUrl).toBe('https://gw.example.com/anthropic');
    expect(loadConfig({ ...env, PROSA_LLM_PROVIDER: 'openai', PROSA_LLM_BASE_URL: 'http://localhost:11434/v1' }).llm?.baseUrl).toBe('http://localhost:11434');
  });

  test('a provider without its key or model is a configuration error naming what is missing', () => {
    expect(configError({ PROSA_LLM_PROVIDER: 'openai', PROSA_LLM_MODEL: 'gpt-4o' }).message).toMatch(
      /PROSA_LLM_PROVIDER is "openai" but PROSA_LLM_API_KEY is not set/,
    );
    expect(configError({ PROSA_LLM_PROVIDER: 'anthropic', PROSA_LLM_API_KEY: 'sk-ant-secret-value' }).message).toMatch(/PROSA_LLM_MODEL is not set/);
    expect(configError({ PROSA_LLM_PROVIDER: 'openai' }).message).toMatch(/PROSA_LLM_API_KEY and PROSA_LLM_MODEL are not set/);
    expect(configError({ PROSA_LLM_PROVIDER: 'openai', PROSA_LLM_API_KEY: '   ', PROSA_LLM_MODEL: 'gpt-4o' }).message).toMatch(/PROSA_LLM_API_KEY is not set/);
  });

  test('the key never appears in a configuration error', () => {
    const key = 'sk-ant-api03-very-secret-0123456789';
    for (const env of [
      { PROSA_LLM_PROVIDER: 'anthropic', PROSA_LLM_API_KEY: key },
      { PROSA_LLM_PROVIDER: 'anthropic', PROSA_LLM_API_KEY: key, PROSA_LLM_MODEL: 'm', PROSA_LLM_TIMEOUT_MS: 'soon' },
      { PROSA_LLM_PROVIDER: 'gemini', PROSA_LLM_API_KEY: key, PROSA_LLM_MODEL: 'm' },
    ]) {
      expect(configError(env).message).not.toContain(key);
    }
  });

  test('invalid values are configuration errors', () => {
    expect(configError({ PROSA_LLM_PROVIDER: 'gemini', PROSA_LLM_API_KEY: 'k', PROSA_LLM_MODEL: 'm' }).message).toMatch(/PROSA_LLM_PROVIDER/);
    expect(
      configError({ PROSA_LLM_PROVIDER: 'openai', PROSA_LLM_API_KEY: 'k', PROSA_LLM_MODEL: 'm', PROSA_LLM_BASE_URL: 'ftp://files.example.com' }).message,
    ).toMatch(/PROSA_LLM_BASE_URL/);
    expect(configError({ PROSA_LLM_PROVIDER: 'openai', PROSA_LLM_API_KEY: 'k', PROSA_LLM_MODEL: 'm', PROSA_LLM_TIMEOUT_MS: 'soon' }).message).toMatch(
      /PROSA_LLM_TIMEOUT_MS/,
    );
    expect(configError({ PROSA_LLM_PROVIDER: 'openai', PROSA_LLM_API_KEY: 'k', PROSA_LLM_MODEL: 'm', PROSA_LLM_TIMEOUT_MS: '10' }).message).toMatch(
      /PROSA_LLM_TIMEOUT_MS/,
    );
  });

  test('createLlmProvider builds the configured provider', () => {
    const openai = createLlmProvider(loadConfig({ ...base, PROSA_LLM_PROVIDER: 'openai', PROSA_LLM_API_KEY: 'k', PROSA_LLM_MODEL: 'gpt-4o-mini' }).llm);
    expect(openai).toMatchObject({ name: 'openai', model: 'gpt-4o-mini' });
    const key = 'sk-ant-api03-not-on-the-object';
    const anthropic = createLlmProvider(
      loadConfig({ ...base, PROSA_LLM_PROVIDER: 'anthropic', PROSA_LLM_API_KEY: key, PROSA_LLM_MODEL: 'claude-haiku-4-5' }).llm,
    );
    expect(anthropic).toMatchObject({ name: 'anthropic', model: 'claude-haiku-4-5' });
    // The key lives in a closure: logging or serialising the provider cannot show it.
    expect(JSON.stringify(anthropic)).not.toContain(key);
    expect(Object.values(anthropic!)).not.toContain(key);
  });
});
