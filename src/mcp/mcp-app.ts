import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Keyring } from '../auth/keyring.ts';
import { loggerOptions } from '../serving/log-redaction.ts';
import { clientErrorHandler } from '../serving/client-errors.ts';
import { guardedServerFactory } from '../serving/connection-guard.ts';
import { createRateLimits, type RateLimits } from '../serving/rate-limits/rate-limit-store.ts';
import { httpTransport, injectTransport } from './backend-client.ts';
import { createToolRuntime } from './mcp-runtime.ts';
import { mcpRoutes } from './mcp-routes.ts';
import { localKeys, remoteKeys } from './token-verifier.ts';
import { databaseGrantLiveness, introspectionGrantLiveness } from './grant-liveness.ts';
import { databaseAuditWriter } from './database-audit.ts';
import type { Db } from '../db/connect.ts';
import type { GrantCache } from '../auth/grant-cache.ts';
import { verifyAccessToken } from '../auth/oauth/access-token.ts';
import { apiResource } from '../auth/oauth/constants.ts';
import { ApiTokenClaims } from './api-token-claims.ts';

/** The authorization server's public key set, from the keyring (one process: no HTTP round trip). */
function publicJwks(keyring: Keyring) {
  const { d: _private, ...publicJwk } = keyring.oauthSigningJwk;
  return { keys: [publicJwk] };
}

/**
 * Mounts the MCP server inside the backend app (`prosa serve`, one process): tools reach `/api`
 * through Fastify's inject (handing the API the claims of its token, verified once per token:
 * api-token-claims.ts), tokens are checked against the keyring's own public key, and their
 * grants through the app's grant cache (the one the API's bearer check reads: grant-cache.ts),
 * and tool calls are audited into the process's own database (database-audit.ts).
 */
export async function mountMcp(
  app: FastifyInstance,
  o: { config: Config; keyring: Keyring; rateLimits: RateLimits; db: Db; grants: GrantCache },
): Promise<void> {
  const apiTokens = new ApiTokenClaims((token) => verifyAccessToken(token, { keyring: o.keyring, issuer: o.config.baseUrl, audience: apiResource(o.config) }));
  const runtime = createToolRuntime({
    config: o.config,
    // Links in tool results (downloads) name the public address, not inject's default localhost:80.
    transport: injectTransport(app, new URL(o.config.baseUrl).host, apiTokens),
    keys: localKeys(publicJwks(o.keyring)),
    clientSecret: o.keyring.mcpClientSecret,
    grants: databaseGrantLiveness(o.db, o.grants),
    audit: databaseAuditWriter(o.db, o.grants),
    rateLimits: o.rateLimits,
    log: app.log,
  });
  await mcpRoutes(app, { runtime, rateLimits: o.rateLimits, version: o.config.version });
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * `prosa serve --role mcp`: the MCP server alone. It opens no database (ARCHITECTURE: "An MCP
 * process opens no database"); it reaches the API over HTTP at API_URL and reads the
 * authorization server's keys from its JWKS. Rate limits on /mcp are per process here.
 */
export async function buildMcpApp(
  config: Config,
  keyring: Keyring,
  opts: { logger?: boolean | object } = {},
): Promise<{ app: FastifyInstance; rateLimits: RateLimits }> {
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config.logLevel, typeof opts.logger === 'object' ? opts.logger : {}),
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    clientErrorHandler,
    serverFactory: guardedServerFactory(config),
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Request-Id', request.id);
    return payload;
  });
  const rateLimits = await createRateLimits({});
  app.addHook('onClose', () => rateLimits.close());
  app.get('/health', async () => ({ status: 'ok', role: 'mcp', version: config.version }));
  const transport = httpTransport(config.apiUrl);
  const runtime = createToolRuntime({
    config,
    transport,
    keys: remoteKeys(`${config.apiUrl}/oauth/jwks`),
    clientSecret: keyring.mcpClientSecret,
    grants: introspectionGrantLiveness(transport, keyring.mcpClientSecret),
    rateLimits,
    log: app.log,
  });
  await mcpRoutes(app, { runtime, rateLimits, version: config.version });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      error: true,
      error_code: 'not_found',
      message: `${request.method} ${request.url} is not served by an MCP process.`,
      agent_suggestion: 'MCP clients use POST /mcp; everything else is served by the API.',
    }),
  );
  return { app, rateLimits };
}
