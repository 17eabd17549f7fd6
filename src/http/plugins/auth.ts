import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../../errors.ts';
import { principalFromApiKey, principalFromSession, type Principal } from '../../auth/principal.ts';
import { recordRequest } from '../../commands/usage-recorder.ts';
import './route-config.ts';

export const SESSION_COOKIE = 'prosa_session';

function missingApiKey(): AppError {
  return new AppError(401, 'missing_api_key', 'This endpoint needs an API key in the X-API-Key header.', 'Create an API key in the Prosa web app under Settings > API keys and send it as the X-API-Key header. The MCP server is the recommended integration path.');
}

function invalidApiKey(): AppError {
  return new AppError(401, 'invalid_api_key', 'The API key is not valid: it is unknown or has been revoked.', 'Check the key for typos. If it was revoked or lost, create a new key in Settings > API keys and use that.');
}

function notSignedIn(): AppError {
  return new AppError(401, 'not_authenticated', 'Sign in to use this endpoint.', 'Sign in through POST /api/auth/signin (web session) or use an OAuth bearer token through the MCP server.');
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Resolves the caller per the route's `auth` mode, then counts the request for the usage
 * headers. Runs in onRequest, before body validation, so a missing credential is reported
 * before anything about the body.
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  app.decorateRequest('principal', null);
  app.decorateRequest('usage', null);

  app.addHook('onRequest', async (request) => {
    const mode = request.routeOptions.config?.auth ?? 'none';
    if (mode === 'none') return;
    let principal: Principal | null = null;
    const apiKey = headerValue(request, 'x-api-key');
    const sessionToken = request.cookies?.[SESSION_COOKIE];

    if (mode === 'api_key') {
      if (!apiKey) throw missingApiKey();
      principal = await principalFromApiKey(db, apiKey.trim());
      if (!principal) throw invalidApiKey();
    } else {
      if (sessionToken) principal = await principalFromSession(db, sessionToken);
      if (!principal && mode === 'account' && apiKey) {
        principal = await principalFromApiKey(db, apiKey.trim());
        if (!principal) throw invalidApiKey();
      }
      if (!principal) throw notSignedIn();
    }
    request.principal = principal;
    request.usage = await recordRequest(db, principal.accountId);
  });
}

/** The signed-in account id; routes with an auth mode other than none can rely on it. */
export function accountIdOf(request: FastifyRequest): string {
  if (!request.principal) throw notSignedIn();
  return request.principal.accountId;
}
