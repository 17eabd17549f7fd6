import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { actorOf } from '../../actor.ts';
import { errorObjectSchema } from '../../schemas.ts';
import { WEBHOOK_EVENT_KINDS } from '../../../domain/webhooks.ts';
import { webhookEndpointCreator } from '../../../commands/webhooks/endpoint-creator.ts';
import { webhookEndpointUpdater, webhookNotFound } from '../../../commands/webhooks/endpoint-updater.ts';
import { webhookEndpointRemover } from '../../../commands/webhooks/endpoint-remover.ts';
import { webhookSecretRotator } from '../../../commands/webhooks/secret-rotator.ts';
import { webhookPingQueuer } from '../../../commands/webhooks/ping-queuer.ts';
import { deliveryNotFound, webhookRedeliverer } from '../../../commands/webhooks/redeliverer.ts';
import { findWebhookDelivery, findWebhookEndpoint, listWebhookDeliveries, listWebhookEndpoints } from '../../../queries/webhooks.ts';
import {
  presentWebhookDelivery,
  presentWebhookEndpoint,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '../../../presenters/webhook.ts';
import { allowsLoopbackEndpoints, deliverNow, type DeliveryDeps } from '../../../webhooks/deliverer.ts';

const SECRET_NOTICE = "Store this secret now: it is shown only once. Verify every delivery's webhook-signature with it (Standard Webhooks; docs/webhooks.md).";

const idParams = z.object({ id: z.string().max(100) });
const eventsField = z.array(z.string().max(100)).max(WEBHOOK_EVENT_KINDS.length * 2);
const createBody = z.object({
  url: z.string().max(4000),
  description: z.string().max(1000).default(''),
  events: eventsField.default([...WEBHOOK_EVENT_KINDS]),
});
const patchBody = z.object({
  url: z.string().max(4000).optional(),
  description: z.string().max(1000).optional(),
  events: eventsField.optional(),
  enabled: z.boolean().optional(),
});
const errors = { 400: errorObjectSchema, 404: errorObjectSchema };

/**
 * An account's webhook endpoints and their delivery log (issue 21; docs/webhooks.md). Another
 * account's ids answer 404. Secrets are returned on creation and rotation only.
 */
export function webhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;
  const allowLoopback = allowsLoopbackEndpoints(ctx.config.baseUrl);
  const deps: DeliveryDeps = { secretKey: ctx.keyring.webhookSecretKey, baseUrl: ctx.config.baseUrl, allowLoopback };

  r.get('/webhooks', { config: { auth: 'account' }, schema: { tags: ['webhooks'], response: { 200: webhookEndpointListSchema } } }, async (request) => {
    const rows = await listWebhookEndpoints(db, accountIdOf(request));
    return { webhooks: rows.map(presentWebhookEndpoint) };
  });

  r.post(
    '/webhooks',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['webhooks'],
        description:
          'Adds an endpoint. url: https (http only to localhost on a development server); events: the kinds to receive (default all). The answer carries the signing secret, shown only this once.',
        body: createBody,
        response: { 201: webhookEndpointWithSecretSchema, 400: errorObjectSchema, 409: errorObjectSchema },
      },
    },
    async (request, reply) => {
      const { row, secret } = await webhookEndpointCreator(db, actorOf(request), {
        accountId: accountIdOf(request),
        url: request.body.url,
        description: request.body.description,
        events: request.body.events,
        secretKey: ctx.keyring.webhookSecretKey,
        allowLoopback,
      });
      return reply.status(201).send({ ...presentWebhookEndpoint(row), secret, notice: SECRET_NOTICE });
    },
  );

  r.get(
    '/webhooks/:id',
    { config: { auth: 'account' }, schema: { tags: ['webhooks'], params: idParams, response: { 200: webhookEndpointSchema, ...errors } } },
    async (request) => {
      const row = await findWebhookEndpoint(db, accountIdOf(request), request.params.id);
      if (!row) throw webhookNotFound();
      return presentWebhookEndpoint(row);
    },
  );

  r.patch(
    '/webhooks/:id',
    { config: { auth: 'account' }, schema: { tags: ['webhooks'], params: idParams, body: patchBody, response: { 200: webhookEndpointSchema, ...errors } } },
    async (request) => {
      const row = await webhookEndpointUpdater(db, actorOf(request), {
        accountId: accountIdOf(request),
        endpointId: request.params.id,
        ...request.body,
        allowLoopback,
      });
      return presentWebhookEndpoint(row);
    },
  );

  r.delete(
    '/webhooks/:id',
    { config: { auth: 'account' }, schema: { tags: ['webhooks'], params: idParams, response: { 204: z.null().describe('Deleted'), 404: errorObjectSchema } } },
    async (request, reply) => {
      await webhookEndpointRemover(db, actorOf(request), { accountId: accountIdOf(request), endpointId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/webhooks/:id/rotate-secret',
    { config: { auth: 'account' }, schema: { tags: ['webhooks'], params: idParams, response: { 200: webhookEndpointWithSecretSchema, ...errors } } },
    async (request) => {
      const { row, secret } = await webhookSecretRotator(db, actorOf(request), {
        accountId: accountIdOf(request),
        endpointId: request.params.id,
        secretKey: ctx.keyring.webhookSecretKey,
      });
      return { ...presentWebhookEndpoint(row), secret, notice: SECRET_NOTICE };
    },
  );

  r.post(
    '/webhooks/:id/test',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['webhooks'],
        description: 'Sends a webhook.ping to the endpoint now and answers the delivery with its outcome (a failed ping is retried like any delivery).',
        params: idParams,
        response: { 200: webhookDeliverySchema, ...errors },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const id = await webhookPingQueuer(db, actorOf(request), { accountId, endpointId: request.params.id, now: new Date() });
      await deliverNow(db, deps, id);
      return presentWebhookDelivery((await findWebhookDelivery(db, accountId, id))!);
    },
  );

  r.get(
    '/webhooks/:id/deliveries',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['webhooks'],
        params: idParams,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(25),
          before: z
            .string()
            .regex(/^[0-9]{1,18}$/)
            .optional(),
        }),
        response: { 200: webhookDeliveryListSchema, ...errors },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      if (!(await findWebhookEndpoint(db, accountId, request.params.id))) throw webhookNotFound();
      const { deliveries, nextCursor } = await listWebhookDeliveries(db, accountId, request.params.id, {
        limit: request.query.limit,
        before: request.query.before,
      });
      return { deliveries: deliveries.map(presentWebhookDelivery), next_cursor: nextCursor };
    },
  );

  r.post(
    '/webhooks/deliveries/:id/redeliver',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['webhooks'],
        description: 'Sends a delivery again now, with the same webhook-id, and answers its outcome.',
        params: idParams,
        response: { 200: webhookDeliverySchema, ...errors },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const id = await webhookRedeliverer(db, actorOf(request), { accountId, deliveryId: request.params.id, now: new Date() });
      await deliverNow(db, deps, id);
      const row = await findWebhookDelivery(db, accountId, id);
      if (!row) throw deliveryNotFound();
      return presentWebhookDelivery(row);
    },
  );
}
