import type { FastifyBaseLogger } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import type { Config } from '../config.ts';
import type { BackendTransport } from './backend-client.ts';
import { AuditReporter, type DirectAuditWriter } from './audit-reporter.ts';
import type { GrantLiveness } from './grant-liveness.ts';
import type { RateLimits } from '../serving/rate-limits/rate-limit-store.ts';
import { TokenExchanger } from './token-exchanger.ts';
import { TokenVerifier } from './token-verifier.ts';
import type { ToolRuntime } from './tool-runner.ts';

export interface McpRuntimeOptions {
  config: Config;
  /** How the MCP server reaches the API: in process (one process) or HTTP to API_URL. */
  transport: BackendTransport;
  /** The authorization server's public keys. */
  keys: JWTVerifyGetKey;
  /** The MCP server's client secret at the authorization server (client `prosa-mcp`). */
  clientSecret: string;
  /** Whether a token's grant is still alive (checked on every MCP message). */
  grants: GrantLiveness;
  /** Per-account limits (tier `mcp_tools` is checked by the tool runner). */
  rateLimits: RateLimits;
  log: FastifyBaseLogger;
  /** One process: audit rows written to the database directly (database-audit.ts); else through `/api`. */
  audit?: DirectAuditWriter;
}

/** The web app's billing page (Settings > Billing), where credits are bought. */
function billingUrl(baseUrl: string): string {
  return `${baseUrl}/settings/billing`;
}

/** Everything the MCP server needs per process: token checks, exchange, audit, links. */
export function createToolRuntime(o: McpRuntimeOptions): ToolRuntime {
  const urls = { mcpUrl: o.config.mcpUrl, issuer: o.config.baseUrl };
  return {
    transport: o.transport,
    verifier: new TokenVerifier({ urls, keys: o.keys }),
    grants: o.grants,
    rateLimits: o.rateLimits,
    exchanger: new TokenExchanger({ transport: o.transport, apiResource: `${o.config.baseUrl}/api`, clientSecret: o.clientSecret }),
    audit: new AuditReporter(o.transport, o.log, o.audit),
    urls,
    links: { web: o.config.baseUrl, billing: billingUrl(o.config.baseUrl) },
    log: o.log,
  };
}
