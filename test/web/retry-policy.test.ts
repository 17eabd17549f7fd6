import { describe, expect, test } from 'vitest';
import { ApiError } from '../../web/src/api/client.ts';
import { retryDelay, shouldRetry, shouldRetryMutation } from '../../web/src/api/retry-policy.ts';

// The web app's query retries (web/src/api/retry-policy.ts). A burst of live-update refreshes once
// met the per-second limit and replaced the whole app with "Rate limit exceeded" (a 429 was never
// retried); the browser flow in response-flow.test.ts caught it.
const err = (status: number) => new ApiError(status, { error_code: 'x', message: 'm' });

describe('query retry policy', () => {
  test('a 429 is retried three times after 1, 2 and 4 s', () => {
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, err(429)))).toEqual([true, true, true, false]);
    expect([0, 1, 2].map((n) => retryDelay(n, err(429)))).toEqual([1000, 2000, 4000]);
  });

  test('a 429 naming a longer wait (a spent minute) is retried after that wait, at most a minute', () => {
    const spent = (s: number) => new ApiError(429, { error_code: 'rate_limited', message: 'm' }, s);
    expect([0, 1, 2].map((n) => retryDelay(n, spent(18)))).toEqual([18_000, 18_000, 18_000]);
    expect(retryDelay(2, spent(1))).toBe(4000);
    expect(retryDelay(0, spent(600))).toBe(60_000);
  });

  test('other 4xx answers are not retried; 5xx and network failures twice', () => {
    for (const status of [400, 401, 402, 404, 409, 422]) expect(shouldRetry(0, err(status)), String(status)).toBe(false);
    expect([0, 1, 2].map((n) => shouldRetry(n, err(503)))).toEqual([true, true, false]);
    expect([0, 1, 2].map((n) => shouldRetry(n, new TypeError('fetch failed')))).toEqual([true, true, false]);
  });
});

describe('mutation retry policy', () => {
  // The PostgreSQL suite's "Remove" of a file document met the burst limit and the document stayed
  // (test/web/file-and-chart.test.ts): a refused change is sent again; any other failure is not.
  test('a 429 (refused before it was handled) is sent again three times; nothing else is', () => {
    expect([0, 1, 2, 3].map((n) => shouldRetryMutation(n, err(429)))).toEqual([true, true, true, false]);
    for (const status of [400, 401, 404, 409, 422, 500, 503]) expect(shouldRetryMutation(0, err(status)), String(status)).toBe(false);
    expect(shouldRetryMutation(0, new TypeError('fetch failed'))).toBe(false);
  });
});
