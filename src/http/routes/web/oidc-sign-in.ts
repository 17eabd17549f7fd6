import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import type { OidcProviderConfig } from '../../../config.ts';
import { AppError } from '../../../errors.ts';
import { actorOf } from '../../actor.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { principalFromSession } from '../../../auth/principal.ts';
import { sha256Hex } from '../../../auth/secrets.ts';
import { OidcRelyingParty, ProviderUnavailable } from '../../../auth/oidc/relying-party.ts';
import { oidcSignIn, OidcSignInRefused } from '../../../commands/oidc-sign-in.ts';
import { sessionCreator } from '../../../commands/session-creator.ts';
import { setSessionCookie } from '../api/auth.ts';
import { safeNextPath } from '../../../domain/safe-next-path.ts';
import { presentSignInProvider, signInProvidersSchema } from '../../../presenters/identity.ts';

/** Binds a flow to the browser that started it (login CSRF, RFC 6749 §10.12): holds the state. */
const OIDC_STATE_COOKIE = 'prosa_oidc_state';
const FLOW_TTL_MS = 10 * 60 * 1000;
const COOKIE_PATH = '/api/auth/oidc';

/**
 * The authorization response (RFC 6749 §4.1.2 and §4.1.2.1, RFC 9207 `iss`). Other parameters
 * providers add (Google's `authuser`, `hd`, Microsoft's `session_state`) pass unvalidated: the
 * raw query goes to openid-client as received.
 */
const text = z.string().max(4000).optional();
const callbackQuery = z.object({ code: text, state: text, iss: text, error: text, error_description: text, error_uri: text });

function unknownProvider(): AppError {
  return new AppError(
    404,
    'unknown_provider',
    'This sign-in provider is not configured on this server.',
    'GET /api/auth/providers lists the providers that are.',
  );
}

/**
 * "Sign in with Google / Microsoft" (decisions: "Third-party sign-in"). The browser is sent to
 * `/start`, which records the flow and redirects to the provider; the provider redirects to
 * `/callback`, which validates everything, resolves the account and signs in. Every failure ends
 * on the sign-in page (or Settings > Profile when linking) with `sign_in_error=<code>`, for which
 * the page shows a sentence; never a 500 page.
 */
export function oidcSignInRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;
  const rp = new OidcRelyingParty(ctx.config.oidcProviders, ctx.config.baseUrl);
  const secure = (reply: FastifyReply) => ctx.config.secureCookies || reply.request.protocol === 'https';

  const fail = (reply: FastifyReply, code: string, p: OidcProviderConfig, linking: boolean) => {
    reply.clearCookie(OIDC_STATE_COOKIE, { path: COOKIE_PATH });
    const q = new URLSearchParams({ sign_in_error: code, provider: p.id });
    return reply.redirect(`${linking ? '/settings/profile' : '/signin'}?${q}`, 303);
  };

  r.get('/auth/providers', { config: { auth: 'none' }, schema: { tags: ['account'], response: { 200: signInProvidersSchema } } }, async () => ({
    providers: rp.list().map(presentSignInProvider),
  }));

  // The flow's two routes in a scope of their own, whose error handler ends every failure their
  // own checks never saw (a query the schema refuses, the per-address limit, an unknown provider,
  // a fault) on the sign-in page too, for a browser; scripts keep the error object.
  void app.register(async (scope) => {
    scope.setErrorHandler((err, request, reply) => {
      if (!isBrowserNavigation(request)) throw err; // the app's error handler answers
      const code = flowErrorCode(err);
      if (code === 'server_error' || code === 'temporarily_unavailable') request.log.error({ err }, 'third-party sign-in failed');
      else request.log.info({ code, err: err instanceof Error ? err.message : String(err) }, 'third-party sign-in refused');
      const provider = rp.find(String((request.params as { provider?: unknown } | undefined)?.provider ?? ''));
      const linking = (request.query as { link?: unknown } | undefined)?.link === '1';
      if (err instanceof AppError && err.headers['Retry-After']) reply.header('Retry-After', err.headers['Retry-After']);
      reply.header('Cache-Control', 'no-store').clearCookie(OIDC_STATE_COOKIE, { path: COOKIE_PATH });
      const q = new URLSearchParams({ sign_in_error: code, ...(provider ? { provider: provider.id } : {}) });
      return reply.redirect(`${linking ? '/settings/profile' : '/signin'}?${q}`, 303);
    });
    const flow = scope.withTypeProvider<ZodTypeProvider>();

    flow.get(
      '/auth/oidc/:provider/start',
      {
        config: { auth: 'none', rateLimit: 'signin' },
        schema: {
          tags: ['account'],
          summary: 'Start signing in (or, with link=1, linking) with a third-party provider: a browser navigation, answered by redirects',
          params: z.object({ provider: z.string().max(40) }),
          querystring: z.object({ next: z.string().max(2000).optional(), link: z.enum(['1']).optional() }),
          // Redirects carry no body: the Location header is the answer.
          response: {
            303: z
              .null()
              .describe(
                "Location: the provider's authorization page (the flow's state is in a cookie); the sign-in page when linking without a session; on failure /signin (or /settings/profile) with sign_in_error=<code>",
              ),
          },
        },
      },
      async (request, reply) => {
        const p = rp.find(request.params.provider);
        if (!p) throw unknownProvider();
        const linking = request.query.link === '1';
        let linkAccountId: string | null = null;
        let linkMemberId: string | null = null;
        if (linking) {
          const token = request.cookies[SESSION_COOKIE];
          const principal = token ? await principalFromSession(db, token) : null;
          if (!principal) return reply.redirect(`/signin?${new URLSearchParams({ next: '/settings/profile' })}`, 303);
          linkAccountId = principal.accountId;
          // The identity is the signed-in person's (migration 032), not the whole firm's.
          linkMemberId = principal.memberId;
        }
        let started: Awaited<ReturnType<typeof rp.start>>;
        try {
          started = await rp.start(p);
        } catch (err) {
          if (!(err instanceof ProviderUnavailable)) throw err;
          request.log.error({ err, provider: p.id }, 'third-party sign-in: provider unavailable');
          return fail(reply, 'provider_unavailable', p, linking);
        }
        const now = Date.now();
        await db.deleteFrom('oidc_login_states').where('expires_at', '<', new Date(now)).execute();
        await db
          .insertInto('oidc_login_states')
          .values({
            state_hash: sha256Hex(started.checks.state),
            provider: p.id,
            code_verifier: started.checks.codeVerifier,
            nonce: started.checks.nonce,
            next_path: linking ? '/settings/profile' : safeNextPath(request.query.next),
            link_account_id: linkAccountId,
            link_member_id: linkMemberId,
            expires_at: new Date(now + FLOW_TTL_MS),
          })
          .execute();
        reply.setCookie(OIDC_STATE_COOKIE, started.checks.state, {
          path: COOKIE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: secure(reply),
          maxAge: FLOW_TTL_MS / 1000,
        });
        reply.header('Cache-Control', 'no-store');
        return reply.redirect(started.url.href, 303);
      },
    );

    flow.get(
      '/auth/oidc/:provider/callback',
      {
        config: { auth: 'none', rateLimit: 'signin' },
        schema: {
          tags: ['account'],
          summary: "The provider's redirect back (RFC 6749 4.1.2): validates the answer, signs in or links, and redirects",
          params: z.object({ provider: z.string().max(40) }),
          querystring: callbackQuery,
          response: {
            303: z
              .null()
              .describe(
                'Location: the page to return to, signed in (the session cookie is set); /settings/profile?identity_linked=<provider> when linking; on failure /signin (or /settings/profile) with sign_in_error=<code>',
              ),
          },
        },
      },
      async (request, reply) => {
        const p = rp.find(request.params.provider);
        if (!p) throw unknownProvider();
        reply.header('Cache-Control', 'no-store');
        const q = request.query;
        const state = typeof q.state === 'string' ? q.state : undefined;
        const expected = request.cookies[OIDC_STATE_COOKIE];
        if (!state || !expected || state !== expected) return fail(reply, 'state_mismatch', p, false);
        // Single use: the row is taken in the same statement that finds it.
        const flow = await db
          .deleteFrom('oidc_login_states')
          .where('state_hash', '=', sha256Hex(state))
          .where('provider', '=', p.id)
          .returningAll()
          .executeTakeFirst();
        if (!flow || flow.expires_at.getTime() < Date.now()) return fail(reply, 'expired', p, false);
        const linking = flow.link_account_id !== null;
        // RFC 6749 §4.1.2.1: the provider's own refusal (the user declined, or it failed).
        if (q.error !== undefined) {
          request.log.info({ provider: p.id, error: q.error }, 'third-party sign-in: the provider answered with an error');
          return fail(reply, q.error === 'access_denied' ? 'access_denied' : 'provider_error', p, linking);
        }
        let claims: Awaited<ReturnType<typeof rp.finish>>;
        try {
          const query = request.raw.url?.split('?')[1] ?? '';
          claims = await rp.finish(p, query, { state, nonce: flow.nonce, codeVerifier: flow.code_verifier });
        } catch (err) {
          request.log.warn({ err, provider: p.id }, 'third-party sign-in: code exchange or ID token validation failed');
          return fail(reply, err instanceof ProviderUnavailable ? 'provider_unavailable' : 'provider_error', p, linking);
        }
        let result: Awaited<ReturnType<typeof oidcSignIn>>;
        try {
          result = await oidcSignIn(db, actorOf(request), claims, { linkMemberId: flow.link_member_id ?? flow.link_account_id });
        } catch (err) {
          if (err instanceof OidcSignInRefused) return fail(reply, err.code, p, linking);
          throw err;
        }
        reply.clearCookie(OIDC_STATE_COOKIE, { path: COOKIE_PATH });
        if (linking) return reply.redirect(`/settings/profile?${new URLSearchParams({ identity_linked: p.id })}`, 303);
        const session = await sessionCreator(
          db,
          { ...actorOf(request), accountId: result.accountId, memberId: result.memberId },
          { memberId: result.memberId, userAgent: request.headers['user-agent'] },
        );
        setSessionCookie(reply, ctx, session);
        return reply.redirect(flow.next_path, 303);
      },
    );
  });
}

/** A browser navigating (a link, a redirect back from the provider), not a script: it gets pages, not JSON. */
function isBrowserNavigation(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return request.headers['sec-fetch-mode'] === 'navigate' || (typeof accept === 'string' && /\btext\/html\b/i.test(accept));
}

/**
 * The `sign_in_error` code of a failure outside the flow's own checks (the sign-in page says each
 * in words, web/src/pages/ThirdPartySignIn.tsx): a refused query or path (RFC 6749 §4.1.2.1
 * invalid_request), the per-address limit, an unknown provider, a store that is away, a fault.
 */
function flowErrorCode(err: unknown): 'invalid_request' | 'rate_limited' | 'unknown_provider' | 'temporarily_unavailable' | 'server_error' {
  const status =
    err instanceof AppError ? err.status : typeof (err as { statusCode?: unknown })?.statusCode === 'number' ? (err as { statusCode: number }).statusCode : 500;
  if (err instanceof AppError && err.code === 'unknown_provider') return 'unknown_provider';
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'temporarily_unavailable';
  if (status >= 400 && status < 500) return 'invalid_request';
  return 'server_error';
}
