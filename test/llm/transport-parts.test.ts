import { describe, expect, test } from 'vitest';
import { bytePairCount } from '../../src/analysis/llm/byte-pair-count.ts';
import { LlmProviderError, redact } from '../../src/analysis/llm/errors.ts';
import { retryAfterMs } from '../../src/analysis/llm/retry-after.ts';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  test('seconds, milliseconds, HTTP dates, nothing', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }), now)).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after': '0.5' }), now)).toBe(500);
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '120', 'retry-after': '9' }), now)).toBe(120);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:07 GMT' }), now)).toBe(7000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Wed, 31 Dec 2025 23:00:00 GMT' }), now)).toBe(0);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeNull();
    expect(retryAfterMs(new Headers(), now)).toBeNull();
  });
});

describe('redact', () => {
  test('the configured key, any key-shaped token, newlines, length', () => {
    expect(redact('bad key my-custom-key-123 given', 'my-custom-key-123')).toBe('bad key [redacted] given');
    expect(redact('Incorrect API key provided: sk-proj-ab*****wxyz.', 'other')).toBe('Incorrect API key provided: [redacted].');
    expect(redact('x-api-key sk-ant-api03-AAAA', '')).toBe('x-api-key [redacted]');
    expect(redact('line one\nline two', 'k')).toBe('line one line two');
    expect(redact('y'.repeat(2000), 'k').length).toBeLessThanOrEqual(501);
  });

  test('LlmProviderError carries the provider, status and kind', () => {
    const e = new LlmProviderError({
      provider: 'anthropic',
      kind: 'http',
      status: 529,
      code: 'overloaded_error',
      message: 'HTTP 529: Overloaded',
      attempts: 3,
    });
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({
      name: 'LlmProviderError',
      provider: 'anthropic',
      status: 529,
      kind: 'http',
      code: 'overloaded_error',
      attempts: 3,
      message: 'anthropic: HTTP 529: Overloaded',
    });
  });
});

describe('bytePairCount', () => {
  // A toy vocabulary: "ab" (rank 0), "bc" (rank 1), "abc" (rank 2), "abcd" (rank 3).
  const vocab = new Map([
    ['ab', 0],
    ['bc', 1],
    ['abc', 2],
    ['abcd', 3],
  ]);
  const rankOf = (b: Uint8Array, s: number, e: number) => vocab.get(Buffer.from(b.subarray(s, e)).toString('latin1'));
  const count = (s: string) => bytePairCount(Buffer.from(s, 'latin1'), rankOf);

  test('lowest rank first, leftmost on ties, whole-piece shortcut', () => {
    expect(count('')).toBe(0);
    expect(count('x')).toBe(1);
    expect(count('abcd')).toBe(1); // the whole piece is a token
    expect(count('abcx')).toBe(2); // ab + c -> abc, then x
    expect(count('bcab')).toBe(2); // ab (rank 0) first, then bc
    expect(count('ababab')).toBe(3);
    expect(count('xbcd')).toBe(3); // bc, then x and d stay
  });
});
