import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ActivityFeed, type ActivityEvent } from '../../../activity/activity-feed.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { AppError } from '../../../errors.ts';
import { sourceOfActor } from '../../../domain/audit-source.ts';

/** A comment line this often keeps proxies (HAProxy's 60 s `timeout server`) from cutting an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events: the signed-in account's activity as Server-Sent Events (WHATWG HTML, "Server-sent
 * events"), so the web app refreshes the docket, audit log and balance the moment an assistant or
 * a script does something, instead of at its next poll. Each event is `event: activity` with the
 * audit entry's id, action, source and target; nothing of another account is ever written to a
 * stream (the feed routes by the authenticated account). The browser's EventSource reconnects by
 * itself after `retry` milliseconds.
 */
export function activityStreamRoutes(app: FastifyInstance, ctx: AppContext, feed = new ActivityFeed(ctx.database, app.log)): void {
  const open = new Set<() => void>();
  // Shutting down: end every stream first (the server would otherwise wait for them forever), so
  // browsers reconnect to another replica; then stop listening.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  app.addHook('onClose', async () => feed.close());

  app.get(
    '/events',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['account'],
        summary: "The account's activity as it happens (Server-Sent Events)",
        description:
          'A text/event-stream: one `activity` event per audit entry committed for this account (id, action, source, target_type, target_id), and a comment line every 25 s. Read the entry itself from /api/audit. Reconnect with EventSource; entries written while disconnected are in /api/audit.',
        produces: ['text/event-stream'],
        response: {
          200: z.string().describe('Server-Sent Events: `event: activity` with `data: {id, action, source, target_type, target_id}` (JSON), and comment lines'),
        },
      },
    },
    async (request, reply) => {
      const accountId = accountIdOf(request);
      let unsubscribe: () => void;
      const queued: ActivityEvent[] = [];
      let send: (event: ActivityEvent) => void = (event) => queued.push(event);
      try {
        unsubscribe = await feed.subscribe(accountId, (event) => send(event));
      } catch (err) {
        request.log.error({ err }, 'activity feed unavailable');
        throw new AppError(
          503,
          'live_updates_unavailable',
          'Live updates are not available right now.',
          'Poll GET /api/audit instead, or reconnect in a few seconds.',
          {},
        );
      }
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no', // nginx and similar proxies: do not buffer the stream
        'X-Request-Id': request.id,
      });
      raw.write('retry: 5000\n: connected\n\n');
      send = (event) => {
        // The audit view's words (web, api_key, assistant...), not the stored actor (session, bearer...).
        const visible = {
          id: event.id,
          action: event.action,
          source: sourceOfActor(event.source) ?? event.source,
          target_type: event.target_type,
          target_id: event.target_id,
        };
        raw.write(`event: activity\nid: ${event.id}\ndata: ${JSON.stringify(visible)}\n\n`);
      };
      for (const event of queued.splice(0)) send(event);
      const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const end = () => {
        if (!open.delete(end)) return;
        clearInterval(heartbeat);
        unsubscribe();
        raw.end();
      };
      open.add(end);
      raw.once('close', end);
    },
  );
}
