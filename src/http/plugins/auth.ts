import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../../errors.ts';
import { principalFromApiKey, principalFromSession, type Principal } from '../../auth/principal.ts';
import { verifyAccessToken } from '../../auth/oauth/access-token.ts';
import { handedOverClaims } from '../../auth/oauth/in-process-bearer.ts';
import { apiResource } from '../../auth/oauth/constants.ts';
import { GrantCache, liveGrant } from '../../auth/grant-cache.ts';
import { CredentialCache } from '../../auth/credential-cache.ts';
import { AccountCache } from '../../auth/account-cache.ts';
import { listenForCredentialChanges, type CredentialListener } from '../../auth/credential-listener.ts';
import { LedgerPageCache } from '../../queries/ledger-page-cache.ts';
import { creditHeadReader } from '../../queries/credit-heads.ts';
import type { LedgerPageJson } from '../../presenters/credits-page-json.ts';
import './route-config.ts';
import { checkRole } from './role-guard.ts';
import { PLUGIN, sharedPlugin } from './shared-plugin.ts';

export const SESSION_COOKIE = 'prosa_session';

function missingApiKey(): AppError {
  return new AppError(
    401,
    'missing_api_key',
    'This endpoint needs an API key in the X-API-Key header.',
    'Create an API key in the Prosa web app under Settings > API keys and send it as the X-API-Key header. The MCP server is the recommended integration path.',
  );
}

function invalidApiKey(): AppError {
  return new AppError(
    401,
    'invalid_api_key',
    'The API key is not valid: it is unknown or has been revoked.',
    'Check the key for typos. If it was revoked or lost, create a new key in Settings > API keys and use that.',
  );
}

function notSignedIn(): AppError {
  return new AppError(
    401,
    'not_authenticated',
    'Sign in to use this endpoint.',
    'Sign in through POST /api/auth/signin (web session) or use an OAuth bearer token through the MCP server.',
  );
}

/** RFC 6750 §3.1: a bearer token that is malformed, forged, expired, for another audience or of a revoked grant. */
export function invalidToken(detail: string): AppError {
  return new AppError(
    401,
    'invalid_token',
    `The bearer token is not valid: ${detail}`,
    'Tokens for the Prosa API are issued to the Prosa MCP server by token exchange; connect through the MCP server, or sign in again to get a new token.',
    {
      'WWW-Authenticate': 'Bearer error="invalid_token"',
    },
  );
}

/** The bearer token of the Authorization header (RFC 6750 §2.1), if the request sent one. */
function bearerToken(request: FastifyRequest): string | undefined {
  const h = headerValue(request, 'authorization');
  if (!h) return undefined;
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(h);
  return m ? m[1] : undefined;
}

/**
 * The principal of a bearer request: a JWT access token verified locally (ES256 with our key,
 * iss, aud among `audiences`, typ at+jwt, exp; RFC 9068 §4) whose grant is still alive (the
 * grant cache, else one indexed query: grant-cache.ts). Null when no bearer token was sent;
 * invalid_token when one was and fails. The in-process MCP server's own `/api` call hands over
 * the claims it verified for its token (in-process-bearer.ts): no second signature check.
 */
export async function bearerPrincipal(ctx: AppContext, request: FastifyRequest, audiences: string[], grants: GrantCache): Promise<Principal | null> {
  const raw = headerValue(request, 'authorization');
  if (!raw || !/^Bearer\b/i.test(raw)) return null;
  const token = bearerToken(request);
  if (!token) throw invalidToken('the Authorization header is malformed.');
  let claims: Awaited<ReturnType<typeof verifyAccessToken>>;
  try {
    claims =
      handedOverClaims(token, audiences, Math.floor(Date.now() / 1000)) ??
      (await verifyAccessToken(token, { keyring: ctx.keyring, issuer: ctx.config.baseUrl, audience: audiences }));
  } catch (err) {
    throw invalidToken(`${err instanceof Error ? err.message : 'verification failed'}.`);
  }
  const grant = await liveGrant(ctx.database.db, grants, claims.gid, claims.sub, claims.client_id);
  if (!grant) throw invalidToken('the connected app was disconnected (its grant is revoked).');
  return {
    accountId: grant.accountId,
    memberId: claims.sub,
    role: grant.role,
    member: grant.member,
    via: 'bearer',
    oauthClientId: claims.client_id,
    oauthClientName: grant.clientName ?? undefined,
    grantId: claims.gid,
    noPurchaseOffers: claims.prosa_no_purchases === true,
    balanceMicro: grant.balanceMicro,
  };
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Resolves the caller per the route's `auth` mode. Runs in onRequest, before body validation, so
 * a missing credential is reported before anything about the body. Resolving reads only (an API
 * key's last_used_at is refreshed at most once a minute), and a key verified before is answered
 * from memory while the database's change notifications reach this process (credential-cache.ts:
 * a revoked key is refused at once); usage is counted by the rate limiter once the request is
 * admitted. A missing or invalid credential counts against the client
 * address's `unauthenticated` budget: past it, the answer is 429 instead of 401 (issue 12).
 */
export function authPlugin(ctx: AppContext) {
  // The session cookie is read from request.cookies.
  return sharedPlugin(PLUGIN.auth, async (app) => registerAuth(app, ctx), [PLUGIN.cookie]);
}

function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const api = apiResource(ctx.config);
  app.decorateRequest('principal', null);
  app.decorateRequest('usage', null);
  const cache = new CredentialCache();
  const accounts = new AccountCache();
  const grants = new GrantCache();
  app.decorate('credentialCache', cache);
  app.decorate('accountCache', accounts);
  app.decorate('grantCache', grants);
  const ledgerPages = new LedgerPageCache<LedgerPageJson>();
  app.decorate('ledgerPageCache', ledgerPages);
  app.decorate('creditHeads', creditHeadReader(db));
  let listener: CredentialListener | undefined;
  app.addHook('onReady', async () => {
    listener = await listenForCredentialChanges(ctx.database, { keys: cache, accounts, grants, perAccount: [ledgerPages] }, (err) =>
      app.log.warn({ err }, 'credential change notifications interrupted; API keys and grants are read from the database until they resume'),
    );
  });
  app.addHook('onClose', async () => {
    await listener?.close();
  });

  app.addHook('onRequest', async (request) => {
    const mode = request.routeOptions.config?.auth ?? 'none';
    if (mode === 'none') return;
    try {
      request.principal = await resolve(request, mode);
    } catch (err) {
      if (err instanceof AppError && err.status === 401) {
        const d = await ctx.rateLimits.check('unauthenticated', `ip:${request.ip}`);
        if (!d.allowed) {
          throw new AppError(
            429,
            'rate_limited',
            `Too many requests with a missing or invalid credential from this address. Retry in ${d.retryAfter} s.`,
            'Check the credential (X-API-Key, session or bearer token) before retrying; wait the Retry-After seconds first.',
            { 'Retry-After': String(d.retryAfter) },
          );
        }
      }
      throw err;
    }
    // The caller is known: their firm role must allow what the route does (role-guard.ts).
    checkRole(request);
  });

  async function resolve(request: FastifyRequest, mode: 'api_key' | 'session' | 'account'): Promise<Principal> {
    const generation = accounts.generation();
    const principal = await verify(request, mode);
    // The balance read with the credential is kept for later reads; a credential answered from
    // memory takes the kept balance, if any (account-cache.ts), else a route reads it once.
    if (principal.balanceMicro !== undefined) accounts.put(principal.accountId, { balanceMicro: principal.balanceMicro }, generation);
    else principal.balanceMicro = accounts.get(principal.accountId)?.balanceMicro;
    return principal;
  }

  async function verify(request: FastifyRequest, mode: 'api_key' | 'session' | 'account'): Promise<Principal> {
    let principal: Principal | null = null;
    const apiKey = headerValue(request, 'x-api-key');
    const sessionToken = request.cookies?.[SESSION_COOKIE];

    if (mode === 'api_key') {
      if (!apiKey) throw missingApiKey();
      principal = await principalFromApiKey(db, apiKey.trim(), cache);
      if (!principal) throw invalidApiKey();
    } else {
      // Bearer tokens (the MCP server's exchanged tokens) on account routes: only the API
      // audience; an MCP-audience token here is token passthrough and refused (contract).
      if (mode === 'account') principal = await bearerPrincipal(ctx, request, [api], grants);
      if (!principal && sessionToken) principal = await principalFromSession(db, sessionToken);
      if (!principal && mode === 'account' && apiKey) {
        principal = await principalFromApiKey(db, apiKey.trim(), cache);
        if (!principal) throw invalidApiKey();
      }
      if (!principal) throw notSignedIn();
    }
    return principal;
  }
}

/** The member acting (a firm's person); routes with an auth mode other than none can rely on it. */
export function memberIdOf(request: FastifyRequest): string {
  if (!request.principal) throw notSignedIn();
  return request.principal.memberId;
}

/** The signed-in account id (the firm); routes with an auth mode other than none can rely on it. */
export function accountIdOf(request: FastifyRequest): string {
  if (!request.principal) throw notSignedIn();
  return request.principal.accountId;
}
