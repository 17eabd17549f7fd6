import { isIP } from 'node:net';
import { validationError } from '../../errors.ts';
import { isForbiddenAddress } from '../../auth/oauth/cimd-fetch.ts';
import { isLoopbackHost, WEBHOOK_EVENT_KINDS, webhookUrlProblem, type WebhookEventKind } from '../../domain/webhooks.ts';

/** Endpoints an account may hold at once. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

export function checkedUrl(url: string, allowLoopback: boolean): string {
  const trimmed = url.trim();
  const problem = webhookUrlProblem(trimmed, allowLoopback);
  if (problem) throw validationError('url', problem);
  // An address written in the URL is judged now (a name is judged on what it resolves to, at each delivery).
  const host = new URL(trimmed).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && !isLoopbackHost(new URL(trimmed).hostname) && isForbiddenAddress(host))
    throw validationError('url', `must be a public address: ${host} is not`);
  return trimmed;
}

export function checkedDescription(description: string): string {
  const d = description.normalize('NFKC').trim();
  if (d.length > 200) throw validationError('description', 'must be at most 200 characters');
  return d;
}

export function checkedEvents(events: readonly string[]): WebhookEventKind[] {
  if (events.length === 0) throw validationError('events', `must name at least one of ${WEBHOOK_EVENT_KINDS.join(', ')}`);
  const unknown = events.find((e) => !(WEBHOOK_EVENT_KINDS as readonly string[]).includes(e));
  if (unknown) throw validationError('events', `"${unknown}" is not an event kind (${WEBHOOK_EVENT_KINDS.join(', ')})`);
  return WEBHOOK_EVENT_KINDS.filter((k) => events.includes(k));
}
