/**
 * Webhook endpoints, deliveries and the event payloads (issue 21): the wire shapes of
 * /api/webhooks and of what Prosa POSTs to an endpoint (documented in /api/openapi.json's
 * `webhooks` section).
 */
import { z } from 'zod';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../db/schema.ts';
import { PING_KIND, WEBHOOK_EVENT_KINDS } from '../domain/webhooks.ts';

export const webhookEventKindSchema = z.enum(WEBHOOK_EVENT_KINDS);

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventKindSchema),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ webhooks: z.array(webhookEndpointSchema) });

/** Creation and rotation: the endpoint with its secret, shown this once. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({
  secret: z.string().describe('The signing secret (whsec_...): shown only now; verify deliveries with it (Standard Webhooks).'),
  notice: z.string(),
});

export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  event_id: z.string().nullable().describe('The docket event delivered; null for a test ping'),
  event_type: z.string(),
  /** The webhook-id header of every attempt of this delivery. */
  message_id: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  response_ms: z.number().int().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema), next_cursor: z.string().nullable() });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: (row.event_kinds as string[]).filter((k): k is (typeof WEBHOOK_EVENT_KINDS)[number] => (WEBHOOK_EVENT_KINDS as readonly string[]).includes(k)),
    enabled: row.enabled,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentWebhookDelivery(row: WebhookDeliveryRow): WebhookDeliveryView {
  return {
    id: String(row.id),
    endpoint_id: row.endpoint_id,
    event_id: row.docket_event_id === null ? null : String(row.docket_event_id),
    event_type: row.event_kind,
    message_id: `msg_${row.id}`,
    status: row.status as WebhookDeliveryView['status'],
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    last_attempt_at: iso(row.last_attempt_at),
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    response_ms: row.last_response_ms,
    delivered_at: iso(row.delivered_at),
    created_at: row.created_at.toISOString(),
  };
}

// ---- What Prosa sends (the body of every delivery) ----

const draftCompletedDataSchema = z.object({
  job_id: z.string(),
  export_type: z.string().describe('oa_response, ids, form or drawing'),
  application_number: z.string().nullable().describe('Written form, e.g. 17/200,011; null when the draft names no application'),
  application_id: z.string().nullable(),
  analysis_id: z.string().nullable(),
  filename: z.string().nullable(),
  status_url: z.string().describe('GET (with your credential) for the job, and a fresh signed download_url (valid 1 hour)'),
  detail_url: z.string().nullable().describe('The application in the web app'),
});

const analysisCompletedDataSchema = z.object({
  analysis_id: z.string(),
  application_number: z.string().describe('Written form, e.g. 17/200,011'),
  application_id: z.string().nullable(),
  rejection_type: z.string(),
  claims_analyzed: z.number().int(),
  api_url: z.string().describe('GET (with your credential) for the full analysis record'),
  detail_url: z.string().describe('The analysis in the web app'),
});

const pingDataSchema = z.object({ endpoint_id: z.string(), message: z.string() });

/** Payloads of the kinds other parts of Prosa record (USPTO watch, reminders): their fields vary; the envelope does not. */
const openDataSchema = z.record(z.string(), z.unknown());

function envelope<T extends z.ZodType>(type: string, data: T, description: string) {
  return z
    .object({
      type: z.literal(type),
      timestamp: z.string().describe('When the event happened (ISO 8601)'),
      data,
    })
    .describe(description);
}

export const WEBHOOK_PAYLOADS = {
  'draft.completed': envelope('draft.completed', draftCompletedDataSchema, 'A draft (response, IDS, form or drawing sheet) finished and can be downloaded.'),
  'analysis.completed': envelope('analysis.completed', analysisCompletedDataSchema, 'An office action analysis was stored.'),
  'correspondence.recorded': envelope('correspondence.recorded', openDataSchema, 'The USPTO watch recorded a new paper in an application on the docket.'),
  'deadline.approaching': envelope('deadline.approaching', openDataSchema, 'A docketed deadline is near (sent at the reminder offsets).'),
  [PING_KIND]: envelope(PING_KIND, pingDataSchema, 'A test delivery (POST /api/webhooks/{id}/test).'),
} as const;
