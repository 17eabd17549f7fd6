import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { calendarFeedRotator } from '../../commands/calendar-feed-rotator.ts';
import { calendarFeedRevoker } from '../../commands/calendar-feed-revoker.ts';
import { accountIdForFeedToken, findCalendarFeed } from '../../queries/calendar-feeds.ts';
import { docketDeadlines } from '../../queries/docket-deadlines.ts';
import { presentCalendarFeed } from '../../presenters/calendar-feed.ts';
import {
  calendarFeedStateSchema,
  createdCalendarFeedSchema,
  presentCalendarFeedState,
  presentCreatedCalendarFeed,
} from '../../presenters/calendar-feed-state.ts';
import { accountIdOf } from '../plugins/auth.ts';
import { actorOf } from '../actor.ts';
import { todayUtc } from '../../clock.ts';
import { publicBase } from '../public-base.ts';

function apiKeyCannotCreateFeed() {
  return new AppError(
    401,
    'not_authenticated',
    'A calendar feed URL can be created only from a signed-in session or a connected assistant, not with an API key.',
    'Create the feed in the Prosa web app (Settings > Calendar) or ask your assistant (rotate_calendar_feed); the URL is shown once.',
  );
}

function feedNotFound() {
  return notFound(
    'Calendar feed',
    'calendar_feed_not_found',
    'The feed URL is unknown or was revoked or replaced. Create a new feed URL in the Prosa web app (POST /api/calendar-feed) and subscribe to that one.',
  );
}

/**
 * The private iCalendar feed. Its URL holds a 256-bit secret (only a hash is stored), so the
 * .ics endpoint needs no other credential: calendar software cannot send cookies or headers.
 * These are the feed's settings in the /api surface (/api/calendar-feed); the file is
 * calendarFileRoute.
 */
export function calendarRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;
  const feedUrl = (base: string, token: string) => `${base}/calendar/${token}.ics`;

  // Creating (or rotating) mints a credential that outlives the caller's own, as an API key
  // does, so it takes the user in person: a signed-in session, or an assistant the user
  // connected through the OAuth consent page (the MCP tool rotate_calendar_feed; its call is in
  // the audit log with the client). Never an API key: a leaked key cannot plant a feed that keeps
  // reading the docket after the key is revoked.
  r.post(
    '/calendar-feed',
    {
      config: { auth: 'account' },
      preValidation: async (request) => {
        if (request.principal?.via === 'api_key') throw apiKeyCannotCreateFeed();
      },
      schema: {
        tags: ['deadlines'],
        summary: 'Create or rotate the private calendar feed (web session or assistant; not an API key)',
        response: { 201: createdCalendarFeedSchema },
      },
    },
    async (request, reply) => {
      const { row, token, rotated } = await calendarFeedRotator(db, actorOf(request), { accountId: accountIdOf(request) });
      const url = feedUrl(publicBase(ctx.config, request), token);
      return reply.status(201).send(presentCreatedCalendarFeed(url, row.created_at, rotated));
    },
  );

  r.get(
    '/calendar-feed',
    {
      config: { auth: 'account' },
      schema: { tags: ['deadlines'], summary: 'Whether the account has a calendar feed', response: { 200: calendarFeedStateSchema } },
    },
    async (request) => {
      const feed = await findCalendarFeed(db, accountIdOf(request));
      return presentCalendarFeedState(feed?.created_at);
    },
  );

  // Revoking only takes access away, so any credential of the account may do it.
  r.delete(
    '/calendar-feed',
    {
      config: { auth: 'account' },
      schema: { tags: ['deadlines'], summary: 'Revoke the calendar feed', response: { 204: z.null().describe('Revoked (also when there was none)') } },
    },
    async (request, reply) => {
      await calendarFeedRevoker(db, actorOf(request), { accountId: accountIdOf(request) });
      return reply.status(204).send(null);
    },
  );
}

/** The .ics feed itself, in the /calendar surface: GET /calendar/{token}.ics. */
export function calendarFileRoute(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/:token.ics',
    {
      config: { auth: 'none', rateLimit: 'free' },
      // The URL is the credential: request logs show it as /calendar/[redacted].ics (log-redaction.ts).
      schema: { hide: true, params: z.object({ token: z.string() }) },
    },
    async (request, reply) => {
      const accountId = await accountIdForFeedToken(db, request.params.token);
      if (!accountId) throw feedNotFound();
      const list = await docketDeadlines(db, accountId, { today: todayUtc() });
      return (
        reply
          .header('Content-Type', 'text/calendar; charset=utf-8')
          // Private data behind a secret URL: no shared cache may keep it, and no page it links to learns the URL.
          .header('Cache-Control', 'private, no-store')
          .header('Referrer-Policy', 'no-referrer')
          .header('X-Robots-Tag', 'noindex')
          .send(presentCalendarFeed(list))
      );
    },
  );
}
