import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { PLUGIN, surfacePlugin } from '../plugins/shared-plugin.ts';
import { mountMcp } from '../../mcp/mcp-app.ts';

/**
 * The MCP server in this process (`prosa serve`, one process): `{mcp_url}/mcp` and its
 * protected-resource metadata. Encapsulated (its Host/Origin checks and body handling stay in its
 * scope) without a prefix: its path follows MCP_URL's, and the metadata's RFC 9728 path form sits
 * under /.well-known. Its tools reach /api through this app's inject.
 */
export function mcpSurface(ctx: AppContext) {
  return surfacePlugin(
    'prosa-mcp',
    async (app: FastifyInstance) => {
      await mountMcp(app, { config: ctx.config, keyring: ctx.keyring, rateLimits: ctx.rateLimits, db: ctx.database.db, grants: app.grantCache });
    },
    [PLUGIN.errors],
  );
}
