import type { Db } from '../db/connect.ts';
import { liveGrant, type GrantCache } from '../auth/grant-cache.ts';
import { backendUnavailable, type BackendTransport } from './backend-client.ts';
import { MCP_CLIENT_ID } from './token-exchanger.ts';
import type { VerifiedToken } from './token-verifier.ts';

/**
 * Whether the grant (the user's consent to the app) behind a verified MCP token is still alive.
 * Asked on every MCP message, initialize, tools/list and prompts/list included: a token whose
 * app the user disconnected (DELETE /api/oauth/grants/{id}, or the client revoking its refresh
 * token) is an invalid token, refused with 401 and the challenge (MCP "Token Handling": "Invalid
 * or expired tokens MUST receive a HTTP 401 response"; issue 20 item 10). The signature alone
 * cannot say it: access tokens are JWTs that outlive their grant.
 */
export interface GrantLiveness {
  /** Throws a BackendError (503 backend_unavailable) when the answer cannot be had. */
  isLive(token: VerifiedToken): Promise<boolean>;
}

/**
 * One process (`prosa serve`): the process's grant cache, the one the API's bearer check reads
 * (src/auth/grant-cache.ts: forgotten as soon as the database announces a change, and served only
 * while those announcements can arrive), else the grant row, whose answer the cache then keeps
 * for the in-process `/api` call and the audit report of the same message.
 */
export function databaseGrantLiveness(db: Db, grants: GrantCache): GrantLiveness {
  return {
    isLive: async (token) => (token.grantId ? (await liveGrant(db, grants, token.grantId, token.sub, token.clientId)) !== null : false),
  };
}

/**
 * `--role mcp` (no database): RFC 7662 introspection at the authorization server
 * (POST /oauth/introspect, client_secret_basic as `prosa-mcp`, like the token exchange).
 */
export function introspectionGrantLiveness(transport: BackendTransport, clientSecret: string): GrantLiveness {
  const basic = Buffer.from(`${encodeURIComponent(MCP_CLIENT_ID)}:${encodeURIComponent(clientSecret)}`).toString('base64');
  return {
    async isLive(token) {
      if (!token.grantId) return false;
      const res = await transport.send({
        method: 'POST',
        path: '/oauth/introspect',
        headers: { authorization: `Basic ${basic}`, accept: 'application/json' },
        form: new URLSearchParams({ token: token.token, token_type_hint: 'access_token' }),
      });
      const body = res.body as { active?: unknown; gid?: unknown };
      if (res.status !== 200 || typeof body?.active !== 'boolean') throw backendUnavailable(`token introspection answered ${res.status}`);
      return body.active && body.gid === token.grantId;
    },
  };
}
