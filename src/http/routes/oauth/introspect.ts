/**
 * POST /oauth/introspect (RFC 7662 Token Introspection), for the Prosa MCP server only: whether an
 * MCP access token is active, i.e. verified (signature, issuer, audience, type, expiry; RFC 9068)
 * and its grant still alive. The MCP server in its own process (`--role mcp`, no database) asks
 * this on every MCP message, so a disconnected app's token is refused with 401 at once (issue 20
 * item 10); in one process the MCP server reads the grant directly (src/mcp/grant-liveness.ts).
 * Either way the grant comes from this process's grant cache when held (src/auth/grant-cache.ts).
 *
 * RFC 7662 §2.1: the caller must authenticate; only the MCP server's own confidential client
 * (`prosa-mcp`, client_secret_basic) may, as in the token exchange. Not advertised in the
 * metadata: no other client may use it. Answers `{active: false}` and nothing else for any token
 * that is not active (§2.2), `no-store` always.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AccessTokenError, verifyAccessToken } from '../../../auth/oauth/access-token.ts';
import { MCP_CLIENT_ID, mcpResource } from '../../../auth/oauth/constants.ts';
import { liveGrant } from '../../../auth/grant-cache.ts';
import { isMcpServer, limit } from './provider-mount.ts';

export async function oauthIntrospectionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const audience = mcpResource(ctx.config);
  await app.register(async (scope) => {
    await scope.register(formbody);
    scope.post<{ Body: { token?: unknown } }>(
      '/oauth/introspect',
      {
        config: { auth: 'none', rateLimit: 'off' },
        schema: { tags: ['oauth'], hide: true },
        // Callers other than the MCP server get the token endpoint's per-address budget.
        onRequest: async (request, reply) => {
          if (!isMcpServer(request, ctx.keyring.mcpClientSecret)) await limit(ctx, 'oauth_token', request, reply);
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        if (!isMcpServer(request, ctx.keyring.mcpClientSecret)) {
          // RFC 6749 §5.2 invalid_client, with the Basic challenge of §2.3.1.
          return reply
            .status(401)
            .header('WWW-Authenticate', 'Basic realm="prosa"')
            .send({ error: 'invalid_client', error_description: `token introspection is reserved for the Prosa MCP server (${MCP_CLIENT_ID})` });
        }
        const token = typeof request.body?.token === 'string' ? request.body.token : '';
        if (!token) return reply.status(400).send({ error: 'invalid_request', error_description: 'missing required parameter token' });
        let claims: Awaited<ReturnType<typeof verifyAccessToken>>;
        try {
          claims = await verifyAccessToken(token, { keyring: ctx.keyring, issuer: ctx.config.baseUrl, audience });
        } catch (err) {
          if (err instanceof AccessTokenError) return { active: false };
          throw err;
        }
        if (!(await liveGrant(ctx.database.db, request.server.grantCache, claims.gid, claims.sub, claims.client_id))) return { active: false };
        return {
          active: true,
          scope: claims.scope,
          client_id: claims.client_id,
          sub: claims.sub,
          exp: claims.exp,
          iat: claims.iat,
          iss: claims.iss,
          aud: claims.aud,
          token_type: 'Bearer',
          gid: claims.gid,
        };
      },
    );
  });
}
