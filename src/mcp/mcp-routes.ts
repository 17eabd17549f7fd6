import type { FastifyInstance, FastifyReply } from 'fastify';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { hostHeaderValidation, originValidation } from '@modelcontextprotocol/fastify';
import { challenge, mcpResource, protectedResourceMetadata, type ChallengeReason } from './resource.ts';
import { mcpServerFactory, newMcpServer, registerGatedTool, type GateExtra } from './server-factory.ts';
import { poolableToolCall, ToolCallPool } from './pooled-tool-calls.ts';
import { TOOL_REGISTRATIONS, TOOL_REGISTRATIONS_WITH_OUTPUT } from './tool-registrations.ts';
import { serveOptionsFrom } from './tool-sets.ts';
import { refuseBatches } from './single-message.ts';
import { readSmallBody, replayed } from './read-once.ts';
import type { ToolRuntime } from './tool-runner.ts';
import type { RateLimits } from '../serving/rate-limits/rate-limit-store.ts';
import { BackendError, backendUnavailable } from './backend-client.ts';

export interface McpRoutesOptions {
  runtime: ToolRuntime;
  /** Per-account limits on /mcp: tier `mcp` at the gate for every message; tool calls also count against `mcp_tools` (tool-runner.ts). */
  rateLimits: RateLimits;
  version: string;
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** Path prefix of MCP_URL (usually empty): `https://h/x` serves `/x/mcp`. */
function pathPrefix(url: string): string {
  return new URL(url).pathname.replace(/\/+$/, '');
}

/**
 * `{mcp_url}/mcp` (MCP Streamable HTTP, stateless, both protocol eras) and the protected-resource
 * metadata (RFC 9728). Encapsulated: its own body handling (the SDK parses JSON-RPC itself, so
 * malformed JSON is a JSON-RPC parse error, not a Fastify 400) and its own Host/Origin checks.
 */
export async function mcpRoutes(app: FastifyInstance, opts: McpRoutesOptions): Promise<void> {
  const { runtime: rt } = opts;
  const prefix = pathPrefix(rt.urls.mcpUrl);
  const handler = createMcpHandler(mcpServerFactory(rt, opts.version), {
    legacy: 'stateless',
    onerror: (err) => rt.log.debug({ err }, 'MCP request refused by the SDK'),
  });
  // One JSON-RPC message per POST (single-message.ts): batches are refused before the SDK.
  const node = toNodeHandler(refuseBatches(handler));
  // 2025-era tools/call: pooled servers with every tool registered, one pool per tool variant (pooled-tool-calls.ts).
  const pool = (byName: typeof TOOL_REGISTRATIONS) =>
    new ToolCallPool(() => {
      const server = newMcpServer(opts.version);
      for (const registration of byName.values()) registerGatedTool(server, rt, registration);
      return server;
    });
  const pools = { plain: pool(TOOL_REGISTRATIONS), withOutput: pool(TOOL_REGISTRATIONS_WITH_OUTPUT) };
  const metadata = protectedResourceMetadata(rt.urls);
  // preClose, not onClose: open subscription streams would keep the HTTP server from closing,
  // and onClose runs only after it has closed.
  app.addHook('preClose', async () => {
    await Promise.all([handler.close(), pools.plain.close(), pools.withOutput.close()]);
  });
  app.addHook('onClose', async () => {
    await rt.audit.flush();
  });

  // RFC 9728 §3: the spec's `{mcp_url}/.well-known/oauth-protected-resource`, and the path form
  // `/.well-known/oauth-protected-resource{path of the resource}` that clients try by the RFC.
  const prmPaths = new Set([
    `${prefix}/.well-known/oauth-protected-resource`,
    `/.well-known/oauth-protected-resource${new URL(mcpResource(rt.urls)).pathname}`,
  ]);
  for (const path of prmPaths) {
    // Static and cheap: not rate-limited per IP (one assistant's address serves many users).
    app.get(path, { config: { auth: 'none', rateLimit: 'off' } }, async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return metadata;
    });
  }

  await app.register(async (scope) => {
    // DNS-rebinding protection (MCP transports: servers MUST validate Origin): the public hosts
    // of the service plus loopback; a browser Origin must be one of them too.
    const hosts = [...new Set([new URL(rt.urls.mcpUrl).hostname, new URL(rt.urls.issuer).hostname, ...LOOPBACK])].map((h) =>
      h.includes(':') && !h.startsWith('[') ? `[${h}]` : h,
    );
    scope.addHook('onRequest', hostHeaderValidation(hosts));
    scope.addHook('onRequest', originValidation(hosts));
    // Leave the body stream to the SDK.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    const refuse = (reply: FastifyReply, reason: ChallengeReason) =>
      reply
        .status(401)
        .header('WWW-Authenticate', challenge(rt.urls, reason))
        .header('Cache-Control', 'no-store')
        .send(
          reason === 'missing'
            ? { error: 'invalid_request', error_description: 'A bearer token is required (OAuth 2.1; see the WWW-Authenticate header).' }
            : { error: 'invalid_token', error_description: 'The bearer token is not valid for this server, or expires within ten minutes.' },
        );

    const serve = async (request: import('fastify').FastifyRequest, reply: FastifyReply) => {
      // Spec "Authentication": a bearer token on every message, initialize and tools/list included;
      // invalid, expiring (last ten minutes) or of a revoked grant: 401 with the challenge.
      const v = await rt.verifier.verify(request.headers.authorization);
      if (!v.ok) return refuse(reply, v.reason);
      const d = await opts.rateLimits.check('mcp', `mcp:${v.token.sub}`);
      reply.header('X-RateLimit-Limit', String(d.limit)).header('X-RateLimit-Remaining', String(d.remaining)).header('X-RateLimit-Reset', String(d.resetAt));
      if (!d.allowed) {
        return reply
          .status(429)
          .header('Retry-After', String(d.retryAfter))
          .send({
            error: true,
            error_code: 'rate_limited',
            message: `Rate limit exceeded: at most ${d.limit} MCP messages per minute per account (with short bursts). Retry in ${d.retryAfter} s.`,
            agent_suggestion: `Wait ${d.retryAfter} second(s), then retry with exponential backoff of 1, 2 and 4 seconds.`,
          });
      }
      // The grant behind the token must still be alive (the user may have disconnected the app):
      // checked on every message, after the per-account limit so a flood costs no lookups.
      let live: boolean;
      try {
        live = await rt.grants.isLive(v.token);
      } catch (err) {
        rt.log.warn({ err }, 'MCP gate: the grant of a token could not be checked');
        return reply
          .status(503)
          .header('Retry-After', '5')
          .send(err instanceof BackendError ? err.body : backendUnavailable('the grant could not be checked').body);
      }
      if (!live) {
        // Remembered, so this token's next messages are refused without a lookup.
        if (v.token.grantId) rt.verifier.markGrantDead(v.token.grantId, v.token.exp);
        rt.exchanger.forget(v.token);
        return refuse(reply, 'revoked');
      }
      // A small body is read here once and the SDK gets it parsed (read-once.ts).
      const body = await readSmallBody(request.raw);
      // The connector URL's choices (tool-sets.ts); the per-request factory reads them from the same URL.
      const asked = serveOptionsFrom(`http://${request.host}${request.url}`);
      const extra: GateExtra = {
        verified: v.token,
        requestId: request.id,
        results: asked.results,
        ...(body && 'parsed' in body ? { message: body.parsed } : {}),
      };
      const auth = {
        token: v.token.token,
        clientId: v.token.clientId,
        scopes: v.token.scopes,
        expiresAt: v.token.exp,
        resource: new URL(mcpResource(rt.urls)),
        extra,
      };
      // Hijacked replies skip onSend hooks: set what they would have set.
      reply.raw.setHeader('X-Request-Id', request.id);
      for (const [k, val] of Object.entries(reply.getHeaders())) if (val !== undefined) reply.raw.setHeader(k, val as string);
      reply.hijack();
      const byName = asked.outputSchemas ? TOOL_REGISTRATIONS_WITH_OUTPUT : TOOL_REGISTRATIONS;
      const call = body && 'parsed' in body ? poolableToolCall(request.headers, body.parsed, (name) => byName.has(name)) : undefined;
      if (call) await (asked.outputSchemas ? pools.withOutput : pools.plain).serve(call, auth, reply.raw);
      else if (body === undefined) await node(Object.assign(request.raw, { auth }), reply.raw);
      else if ('parsed' in body) await node(Object.assign(request.raw, { auth }), reply.raw, body.parsed);
      else await node(replayed(request.raw, body.raw, { auth }), reply.raw);
    };
    const config = { auth: 'none' as const, rateLimit: 'off' as const };
    scope.post(`${prefix}/mcp`, { config, bodyLimit: 8 * 1024 * 1024 }, serve);
    // GET/DELETE: no sessions or standalone streams in a stateless server; the SDK answers 405
    // (after the token check: nothing on the MCP path works without a valid token).
    scope.get(`${prefix}/mcp`, { config }, serve);
    scope.delete(`${prefix}/mcp`, { config }, serve);
  });
}
