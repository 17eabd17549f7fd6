import type { Config } from '../../config.ts';

/** The only scope (interface spec "OAuth 2.1 for the tool server" item 5). */
export const FULL_ACCESS = 'full_access';

/** RFC 8693 §2.1 grant type and §3 token type identifiers. */
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

/** The MCP server's own static confidential client (the contract); the only one allowed to exchange tokens. */
export const MCP_CLIENT_ID = 'prosa-mcp';

/** Lifetimes in seconds (docs/decisions/oauth-and-mcp.md "OAuth authorization server"). */
export const LIFETIMES = {
  /** MCP-audience access token; the MCP server refuses it in its last 600 s, leaving 50 minutes of use. */
  mcpAccessToken: 3600,
  /** API-audience token minted by the token exchange (the contract). */
  apiAccessToken: 300,
  /** Refresh tokens, rotated on every use (OAuth 2.1 §4.3.1). */
  refreshToken: 30 * 24 * 3600,
  /** Authorization codes (RFC 6749 §4.1.2 "maximum ... of 10 minutes RECOMMENDED"). */
  authorizationCode: 60,
  /** A consent (grant) lives until revoked; the library needs a number: ten years. */
  grant: 10 * 365 * 24 * 3600,
  /** The authorization server's own browser session: it only bridges sign-in and consent. */
  session: 3600,
  /** A started sign-in/consent interaction. */
  interaction: 30 * 60,
} as const;

/** RFC 8707 resource indicators: the MCP server (access tokens' `aud`) and the backend API (exchange only). */
export function mcpResource(config: Pick<Config, 'mcpUrl'>): string {
  return `${config.mcpUrl}/mcp`;
}

export function apiResource(config: Pick<Config, 'baseUrl'>): string {
  return `${config.baseUrl}/api`;
}
