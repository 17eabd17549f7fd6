import { ApiError } from './client.ts';

/**
 * When a query is asked again after a failure. A 4xx is an answer, not a glitch: not retried,
 * except 429, which says "later": a page of ten queries refreshed at once (a burst of activity
 * from an assistant, just after the user's own change) can meet the per-second burst limit, and a
 * refresh must not turn into an error page. 429s are retried three times after 1, 2 and 4 s (the
 * backoff the server's agent_suggestion names), or after the Retry-After the answer names when that
 * is longer (a spent minute: retrying at 1, 2 and 4 s only met three more refusals), at most a
 * minute; other failures twice, at TanStack Query's pace.
 */
export function shouldRetry(failureCount: number, err: unknown): boolean {
  if (err instanceof ApiError && err.status === 429) return failureCount < 3;
  return !(err instanceof ApiError && err.status < 500) && failureCount < 2;
}

export function retryDelay(failureCount: number, err: unknown): number {
  if (err instanceof ApiError && err.status === 429) return Math.min(60_000, Math.max(1000 * 2 ** failureCount, (err.retryAfterSeconds ?? 0) * 1000));
  return Math.min(1000 * 2 ** failureCount, 30_000); // TanStack Query's default
}

/**
 * When a change (a mutation) is sent again: only after a 429. The server refuses a rate-limited
 * request before handling it, so sending it again cannot apply it twice; any other failure is
 * shown to the person, who decides. A "Remove" or "Save" met by the burst limit after a page's
 * refreshes then goes through instead of silently not happening.
 */
export function shouldRetryMutation(failureCount: number, err: unknown): boolean {
  return err instanceof ApiError && err.status === 429 && failureCount < 3;
}
