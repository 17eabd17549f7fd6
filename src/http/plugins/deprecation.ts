import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/** The retired REST interface's dates (decided; docs/decisions/interface-gaps.md). */
const REST_DEPRECATED_AT = new Date('2026-01-01T00:00:00Z');
const REST_SUNSET_AT = new Date('2027-12-31T23:59:59Z');

/**
 * Headers on every /v1 response: Deprecation (RFC 9745, a structured-field date), Sunset
 * (RFC 8594, an HTTP-date) and a Link to the successor, the MCP server (RFC 8288
 * rel="successor-version"). Added inside the /v1 surface (surfaces/rest-v1.ts), so no other
 * surface's response pays for the check.
 */
export function addDeprecationHeaders(app: FastifyInstance, ctx: AppContext): void {
  const deprecation = `@${Math.floor(REST_DEPRECATED_AT.getTime() / 1000)}`;
  const sunset = REST_SUNSET_AT.toUTCString();
  const link = `<${ctx.config.mcpUrl}/mcp>; rel="successor-version"`;
  // A callback hook, not an async one: no promise and no microtask on every response (issue 12).
  app.addHook('onSend', (request, reply, payload, done) => {
    // Every /v1 route's URL starts with `/v1/`; the surface's not-found answer also serves the bare
    // `/v1` and `/v1?…`, which never carried these headers (the HTTP surface is a contract).
    if (request.url.startsWith('/v1/')) {
      reply.header('Deprecation', deprecation);
      reply.header('Sunset', sunset);
      reply.header('Link', link);
    }
    done(null, payload);
  });
}
