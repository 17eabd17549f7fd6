import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../actor.ts';
import { errorObjectSchema } from '../../schemas.ts';
import { findUnsubscribeToken, notificationUnsubscriber, unsubscribeLinkNotFound } from '../../../commands/notifications/notification-unsubscriber.ts';
import { unsubscribeResultSchema } from '../../../presenters/notification-preferences.ts';
import type { MailList } from '../../../domain/notifications.ts';
import { AppError } from '../../../errors.ts';

const LIST_NAMES: Record<MailList, string> = { reminders: 'deadline reminders', digest: 'the deadline digest', alerts: 'new-paper alerts' };

const query = z.object({ token: z.string().max(500).optional() });

/**
 * The unsubscribe link of reminder, digest and alert mail, which needs no sign-in (the random
 * token in the link is the credential, stored hashed):
 * - GET /unsubscribe?token=… shows a page with one button (a GET must change nothing: mail
 *   scanners open links);
 * - POST /unsubscribe?token=… turns the mail's list off. This is also RFC 8058's one-click
 *   unsubscribe, which mail clients send with the body `List-Unsubscribe=One-Click` and no
 *   cookies; the body is not needed and not read.
 * An unknown token answers 404 (a page for browsers, the error object otherwise).
 */
export async function unsubscribeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  await app.register(async (scope) => {
    // Form posts (the page's button, RFC 8058's urlencoded or multipart bodies): the body is ignored.
    scope.addContentTypeParser('*', { bodyLimit: 16 * 1024 }, (_request, _payload, done) => done(null, undefined));
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/unsubscribe',
      {
        config: { auth: 'none' },
        schema: { tags: ['account'], summary: 'Unsubscribe page of a notification mail (a button; changes nothing by itself)', querystring: query },
      },
      async (request, reply) => {
        const found = request.query.token ? await findUnsubscribeToken(db, request.query.token) : null;
        if (!found) return notFoundAnswer(request, reply);
        if (!wantsHtml(request)) return reply.send({ list: found.list, email: found.email });
        return page(
          reply,
          200,
          'Unsubscribe',
          `
        <h1>Unsubscribe</h1>
        <p>Stop sending ${esc(LIST_NAMES[found.list])} to <strong>${esc(found.email)}</strong>?</p>
        <form method="post" action="/unsubscribe?token=${esc(encodeURIComponent(request.query.token!))}">
          <input type="hidden" name="List-Unsubscribe" value="One-Click">
          <button type="submit">Unsubscribe</button>
        </form>
        <p class="muted">You can turn it back on, and choose what you get, in Prosa under Settings &gt; Notifications.</p>`,
        );
      },
    );

    r.post(
      '/unsubscribe',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['account'],
          summary: "One-click unsubscribe (RFC 8058): turns the mail's list off; no sign-in",
          querystring: query,
          response: { 200: unsubscribeResultSchema, 404: errorObjectSchema },
        },
      },
      async (request, reply) => {
        if (!request.query.token) return notFoundAnswer(request, reply);
        let done: Awaited<ReturnType<typeof notificationUnsubscriber>>;
        try {
          done = await notificationUnsubscriber(db, actorOf(request), { token: request.query.token });
        } catch (err) {
          if (err instanceof AppError && err.status === 404) return notFoundAnswer(request, reply);
          throw err;
        }
        const message = `${done.email} no longer gets ${LIST_NAMES[done.list]}.`;
        if (wantsHtml(request)) {
          return page(
            reply,
            200,
            'Unsubscribed',
            `<h1>Unsubscribed</h1><p>${esc(message)}</p><p class="muted">You can turn it back on in Prosa under Settings &gt; Notifications.</p>`,
          );
        }
        return reply.send({ unsubscribed: true as const, list: done.list, message });
      },
    );
  });
}

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && /\btext\/html\b/i.test(accept);
}

async function notFoundAnswer(request: FastifyRequest, reply: FastifyReply) {
  const err = unsubscribeLinkNotFound();
  if (!wantsHtml(request)) throw err;
  return page(reply, 404, 'Link not found', `<h1>This unsubscribe link is not valid</h1><p>${esc(err.message)}</p><p>${esc(err.agentSuggestion)}</p>`);
}

function page(reply: FastifyReply, status: number, title: string, body: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)} · Prosa</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#0f172a}button{font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:0;background:#1e40af;color:#fff;cursor:pointer}.muted{color:#475569;font-size:.9rem}</style></head><body>${body}</body></html>`;
  return reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Frame-Options', 'DENY')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
    .type('text/html; charset=utf-8')
    .send(html);
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
