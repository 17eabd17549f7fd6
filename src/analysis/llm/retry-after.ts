/**
 * How long a provider asked us to wait before retrying, in milliseconds, or null when it did not
 * say. OpenAI sends `retry-after-ms`; both send `retry-after` as delay-seconds, and RFC 9110 also
 * allows an HTTP-date there.
 */
export function retryAfterMs(headers: Headers, nowMs: number): number | null {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && /^\s*\d+(?:\.\d+)?\s*$/.test(ms)) return Math.ceil(Number(ms));
  const value = headers.get('retry-after');
  if (value === null) return null;
  if (/^\s*\d+(?:\.\d+)?\s*$/.test(value)) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}
