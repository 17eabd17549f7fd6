/**
 * The authorization server's sign-in and consent pages (oidc-provider "interactions"):
 * server-rendered (@fastify/view + eta), plain HTML forms that work without JavaScript.
 *
 * CSRF (RFC 6749 §10.12, RFC 9700 §4.7): every POST needs the interaction cookie the provider
 * set (signed, HttpOnly, SameSite=Lax, scoped to /oauth/interaction/<uid>) matching the uid in
 * the path, and confirming needs the Prosa web session cookie (SameSite=Lax): a cross-site form
 * post carries neither.
 */
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { Eta } from 'eta';
import view from '@fastify/view';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Provider, InteractionResults } from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../../errors.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { setSessionCookie } from '../api/auth.ts';
import { actorOf } from '../../actor.ts';
import { principalFromSession } from '../../../auth/principal.ts';
import { sessionCreator, sessionDestroyer } from '../../../commands/session-creator.ts';
import { accountCreator, normalizeEmail } from '../../../commands/account-creator.ts';
import { findAccountByEmail } from '../../../queries/accounts.ts';
import { findLiveGrantId } from '../../../queries/oauth-grants.ts';
import { findLiveMember } from '../../../queries/members.ts';
import { oauthRequestContext } from '../../../auth/oauth/request-context.ts';
import { FULL_ACCESS, mcpResource } from '../../../auth/oauth/constants.ts';
import { INTERACTION_PATH } from '../../../auth/oauth/provider.ts';
import { renderErrorPage } from '../../../auth/oauth/error-page.ts';
import { randomToken } from '../../../auth/secrets.ts';
import { signinRefusal } from '../../../auth/signin-throttle.ts';

const VIEWS = fileURLToPath(new URL('../../views/', import.meta.url));

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

export interface InteractionOptions {
  /**
   * Test-only (conformance runner): sign in this account (created when missing) and approve
   * consent without showing pages. Reachable only through buildApp's code option, never from the
   * environment (docs/decisions/oauth-and-mcp.md "Test-only auto-approve").
   */
  testAutoApprove?: { email: string };
}

const uidParams = z.object({ uid: z.string().min(1).max(100) });

export async function oauthInteractionRoutes(app: FastifyInstance, ctx: AppContext, provider: Provider, opts: InteractionOptions = {}): Promise<void> {
  const { db } = ctx.database;
  const MCP = mcpResource(ctx.config);

  await app.register(async (scope) => {
    await scope.register(formbody);
    await scope.register(view, { engine: { eta: new Eta() }, root: VIEWS, layout: 'layout.eta' });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    /** The interaction of this browser, which must be the one in the path. */
    async function load(request: FastifyRequest, reply: FastifyReply, uid: string): Promise<Interaction> {
      let details: Interaction;
      try {
        details = await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        throw new PageError(400, 'This sign-in request has expired or was started in another browser.');
      }
      if (details.uid !== uid) throw new PageError(400, 'This sign-in request does not match this browser.');
      return details;
    }

    async function webAccount(request: FastifyRequest): Promise<string | null> {
      const token = request.cookies[SESSION_COOKIE];
      const p = token ? await principalFromSession(db, token) : null;
      // The OAuth subject is the member (migration 032), so each person connects their own apps.
      return p?.memberId ?? null;
    }

    async function clientOf(details: Interaction): Promise<{ name: string; redirectHost: string }> {
      const clientId = String(details.params.client_id ?? '');
      const client = await provider.Client.find(clientId);
      if (!client) throw new PageError(400, 'The application is no longer registered.');
      const redirect = typeof details.params.redirect_uri === 'string' ? details.params.redirect_uri : client.redirectUris?.[0];
      const host = redirect ? (URL.parse(redirect)?.host ?? '') : '';
      return { name: client.clientName?.trim() || host || clientId, redirectHost: host };
    }

    /**
     * Saves the consent (a Grant: full_access on the requested resource, RFC 8707, plus the
     * OpenID scopes asked for) on the account's existing grant for this client when there is one,
     * so consent is remembered per client until revoked, and finishes the interaction.
     */
    async function approve(request: FastifyRequest, reply: FastifyReply, details: Interaction, accountId: string): Promise<FastifyReply> {
      const clientId = String(details.params.client_id);
      const existing = await findLiveGrantId(db, accountId, clientId);
      const grant = (existing ? await provider.Grant.find(existing) : undefined) ?? new provider.Grant({ accountId, clientId });
      const requested = String(details.params.scope ?? '')
        .split(' ')
        .filter(Boolean);
      // full_access is also an OpenID-level scope (listed in the provider's `scopes` so DCR accepts a
      // registration's `scope`); grant it at both levels or the provider asks for consent again.
      const oidc = requested.filter((s) => s === 'openid' || s === 'offline_access' || s === FULL_ACCESS);
      if (oidc.length) grant.addOIDCScope(oidc.join(' '));
      const resources = details.params.resource === undefined ? [MCP] : ([] as unknown[]).concat(details.params.resource).map(String);
      for (const resource of resources) grant.addResourceScope(resource, FULL_ACCESS);
      const grantId = await oauthRequestContext.run({ requestId: request.id }, () => grant.save());
      const result: InteractionResults = { login: { accountId }, consent: { grantId } };
      const returnTo = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: true });
      return reply.redirect(returnTo, 303);
    }

    const action = (uid: string, what: string) => `${INTERACTION_PATH}/${encodeURIComponent(uid)}/${what}`;

    async function renderSignin(reply: FastifyReply, details: Interaction, error?: string, email = '', status = 200): Promise<FastifyReply> {
      const client = await clientOf(details);
      const html = await reply.viewAsync('oauth-signin.eta', {
        title: 'Sign in',
        clientName: client.name,
        error,
        email,
        action: action(details.uid, 'login'),
        abortAction: action(details.uid, 'abort'),
      });
      return noStore(reply).status(status).type('text/html; charset=utf-8').send(html);
    }

    r.get(`${INTERACTION_PATH}/:uid`, { config: { auth: 'none' }, schema: { params: uidParams, hide: true } }, async (request, reply) => {
      const details = await load(request, reply, request.params.uid);
      if (opts.testAutoApprove) return approve(request, reply, details, await testAccountId(opts.testAutoApprove.email));
      const accountId = await webAccount(request);
      if (!accountId) return renderSignin(reply, details);
      // Remembered consent: approve again without asking (until the user revokes the app),
      // unless the client asked for the consent page (OpenID Connect Core §3.1.2.1 prompt=consent).
      const forceConsent = String(details.params.prompt ?? '')
        .split(' ')
        .includes('consent');
      if (!forceConsent && (await findLiveGrantId(db, accountId, String(details.params.client_id)))) return approve(request, reply, details, accountId);
      const [client, account] = await Promise.all([clientOf(details), findLiveMember(db, accountId)]);
      const html = await reply.viewAsync('oauth-consent.eta', {
        title: `Allow ${client.name}`,
        clientName: client.name,
        redirectHost: client.redirectHost,
        accountEmail: account?.email ?? '',
        confirmAction: action(details.uid, 'confirm'),
        abortAction: action(details.uid, 'abort'),
        switchAction: action(details.uid, 'switch-account'),
      });
      return noStore(reply).type('text/html; charset=utf-8').send(html);
    });

    // Sign in with the Prosa account: the same password check, failed-sign-in counters
    // (auth/signin-throttle.ts: kept for the guessing address, not the account) and session as
    // POST /api/auth/signin (per-IP limit: the signin tier).
    r.post(
      `${INTERACTION_PATH}/:uid/login`,
      {
        config: { auth: 'none', rateLimit: 'signin' },
        schema: { params: uidParams, body: z.object({ email: z.string().max(320).default(''), password: z.string().max(1024).default('') }), hide: true },
      },
      async (request, reply) => {
        const details = await load(request, reply, request.params.uid);
        const { email, password } = request.body;
        const key = normalizeEmail(email);
        const wait = await ctx.rateLimits.signins.check(key, request.ip);
        if (wait) {
          const refusal = signinRefusal(wait);
          for (const [name, value] of Object.entries(refusal.headers)) reply.header(name, value);
          return renderSignin(reply, details, `${refusal.message} You can also reset the password from the Prosa web app.`, email, 429);
        }
        try {
          const session = await sessionCreator(db, actorOf(request), { email, password, userAgent: request.headers['user-agent'] });
          await ctx.rateLimits.signins.recordSuccess(key, request.ip);
          setSessionCookie(reply, ctx, session);
        } catch (err) {
          if (!(err instanceof AppError) || err.code !== 'invalid_credentials') throw err;
          await ctx.rateLimits.signins.recordFailure(key, request.ip);
          return renderSignin(reply, details, 'The e-mail address or password is incorrect.', email, 401);
        }
        // Post/redirect/get: the consent page (or the remembered approval) comes next.
        return reply.redirect(`${INTERACTION_PATH}/${encodeURIComponent(details.uid)}`, 303);
      },
    );

    r.post(`${INTERACTION_PATH}/:uid/confirm`, { config: { auth: 'none' }, schema: { params: uidParams, hide: true } }, async (request, reply) => {
      const details = await load(request, reply, request.params.uid);
      const accountId = await webAccount(request);
      if (!accountId) return reply.redirect(`${INTERACTION_PATH}/${encodeURIComponent(details.uid)}`, 303);
      return approve(request, reply, details, accountId);
    });

    r.post(`${INTERACTION_PATH}/:uid/abort`, { config: { auth: 'none' }, schema: { params: uidParams, hide: true } }, async (request, reply) => {
      await load(request, reply, request.params.uid);
      // RFC 6749 §4.1.2.1: the client learns access_denied (with iss, RFC 9207).
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'The user denied access to Prosa.' },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    });

    r.post(`${INTERACTION_PATH}/:uid/switch-account`, { config: { auth: 'none' }, schema: { params: uidParams, hide: true } }, async (request, reply) => {
      const details = await load(request, reply, request.params.uid);
      const token = request.cookies[SESSION_COOKIE];
      if (token) await sessionDestroyer(db, actorOf(request), token);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.redirect(`${INTERACTION_PATH}/${encodeURIComponent(details.uid)}`, 303);
    });

    scope.setErrorHandler((err, _request, reply) => {
      if (err instanceof PageError)
        return noStore(reply)
          .status(err.status)
          .type('text/html; charset=utf-8')
          .send(renderErrorPage({ error: 'invalid_request', error_description: err.message }));
      throw err; // the app's error handler answers
    });
  });

  async function testAccountId(email: string): Promise<string> {
    const found = await findAccountByEmail(db, email);
    if (found) return found.id;
    const created = await accountCreator(db, { accountId: null, via: 'system' }, { email, password: randomToken(24) });
    return created.id;
  }
}

function noStore(reply: FastifyReply): FastifyReply {
  return reply
    .header('Cache-Control', 'no-store')
    .header('X-Frame-Options', 'DENY')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
}

class PageError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}
