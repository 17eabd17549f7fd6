/**
 * The MCP server as an OAuth protected resource (RFC 9728) and its challenges (RFC 6750 §3).
 */

/** The only scope (spec "Authentication": the token has scope `full_access`). */
export const FULL_ACCESS = 'full_access';

export interface ResourceUrls {
  /** {mcp_url}: the public address of the MCP server, without a trailing slash. */
  mcpUrl: string;
  /** {base_url}: the authorization server's issuer identifier. */
  issuer: string;
}

/** The resource identifier and token audience: the MCP endpoint's own URL (MCP "Token Handling", RFC 8707 §2). */
export function mcpResource(urls: ResourceUrls): string {
  return `${urls.mcpUrl}/mcp`;
}

/** Where the challenge points: the spec's `{mcp_url}/.well-known/oauth-protected-resource`. */
function resourceMetadataUrl(urls: ResourceUrls): string {
  return `${urls.mcpUrl}/.well-known/oauth-protected-resource`;
}

/** RFC 9728 §2 metadata with the fields the spec lists. */
export function protectedResourceMetadata(urls: ResourceUrls) {
  return {
    resource: mcpResource(urls),
    authorization_servers: [urls.issuer],
    scopes_supported: [FULL_ACCESS],
    bearer_methods_supported: ['header'],
    resource_name: 'Prosa patent prosecution tools',
  };
}

/** Why a request was refused; `missing` sends no error attribute (RFC 6750 §3.1: no credentials, no error code). */
export type ChallengeReason = 'missing' | 'invalid' | 'expiring' | 'revoked';

const DESCRIPTIONS: Record<Exclude<ChallengeReason, 'missing'>, string> = {
  invalid: 'The access token is not valid for this server',
  expiring: 'The access token expires within ten minutes; refresh it',
  revoked: 'Access for this app was revoked; sign in again',
};

/** One `WWW-Authenticate` value (RFC 6750 §3) with the MCP `resource_metadata` and `scope` hints. */
export function challenge(urls: ResourceUrls, reason: ChallengeReason): string {
  const parts = [`resource_metadata="${resourceMetadataUrl(urls)}"`, `scope="${FULL_ACCESS}"`];
  if (reason !== 'missing') parts.push('error="invalid_token"', `error_description="${DESCRIPTIONS[reason]}"`);
  return `Bearer ${parts.join(', ')}`;
}
