/**
 * Webhook rules without I/O (issue 21): the event kinds, the retry schedule, and which endpoint
 * URLs may be registered. The resolved-address check (SSRF) happens where the request is sent
 * (src/webhooks/sender.ts).
 */
export const WEBHOOK_EVENT_KINDS = ['correspondence.recorded', 'deadline.approaching', 'draft.completed', 'analysis.completed'] as const;
export type WebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number];
/** What POST /api/webhooks/{id}/test sends; never subscribed to, always deliverable. */
export const PING_KIND = 'webhook.ping';

/**
 * Seconds to wait after failed attempt n (1-based) before the next: 1 min, 5 min, 30 min, 2 h,
 * 12 h. After the sixth failed attempt the delivery is given up (status failed).
 */
const RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 3600, 12 * 3600] as const;
const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** When to try again after `attempts` failed attempts, or null when the delivery is given up. */
export function nextAttemptAfter(attempts: number, now: Date): Date | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const delay = RETRY_DELAYS_SECONDS[Math.max(0, attempts - 1)];
  return new Date(now.getTime() + delay * 1000);
}

const MAX_WEBHOOK_URL_LENGTH = 2000;

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Whether a URL's host is this machine (localhost, 127.0.0.1, ::1). */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_NAMES.has(hostname.toLowerCase().replace(/\.+$/, ''));
}

/**
 * The rule for endpoint URLs. Always: an absolute http(s) URL, no user name or password in it, at
 * most 2000 characters. https is required, except to localhost/127.0.0.1/::1 when `allowLoopback`
 * (a development or test server, whose own BASE_URL is on loopback). Private, link-local and other
 * non-public addresses are refused when the request is made (sender.ts), whatever the URL says.
 * Returns a problem to show, or null when the URL is acceptable.
 */
export function webhookUrlProblem(raw: string, allowLoopback: boolean): string | null {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) return `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`;
  const u = URL.parse(raw);
  if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:')) return 'must be an absolute https URL';
  if (u.username || u.password) return 'must not contain a user name or password';
  const loopback = isLoopbackHost(u.hostname);
  if (loopback) return allowLoopback ? null : 'must be a public address: localhost is accepted only by a development server';
  if (u.protocol !== 'https:') return 'must use https';
  return null;
}
